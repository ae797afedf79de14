import { AsyncLocalStorage } from 'node:async_hooks'
import { mkdirSync } from 'node:fs'
import { fileURLToPath } from 'node:url'
import { setFlagsFromString } from 'node:v8'
import { PGlite } from '@electric-sql/pglite'
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm'
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core'
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite'
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator'
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres'
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator'
import pg from 'pg'
import * as schema from './schema/index'

export type Schema = typeof schema

// Both drivers return `{ rows }` from execute(); this HKT lets routes rely on that with one type.
export interface RowsResult<T> {
  rows: T[]
}
export interface CommonQueryResultHKT extends PgQueryResultHKT {
  type: RowsResult<this['row']>
}

export type Db = PgDatabase<CommonQueryResultHKT, Schema>

export interface Database {
  db: Db
  kind: 'pglite' | 'postgres'
  client: PGlite | pg.Pool
  close(): Promise<void>
}

export interface OpenDatabaseOptions {
  // PGlite data directory; 'memory://' for an in-memory database. Default '.data/'.
  dataDir?: string
  // PostgreSQL connection string; wins over dataDir.
  url?: string
  // An existing PGlite instance (e.g. cloned from a template tarball in tests).
  pglite?: PGlite
}

export const DEFAULT_DATA_DIR = '.data/'

// Contrib extensions the migrations create (pg_trgm: the payment-link search index).
export const PGLITE_EXTENSIONS = { pg_trgm }
// PGlite's own start parameters, plus the minimal WAL level: an embedded database has no replicas
// or archive to feed, and with it a table emptied in the transaction that loads it (the seed's bulk
// load) and its index builds write no WAL, which is a second copy of every row and index page.
export const PGLITE_START_PARAMS = [
  ...PGlite.defaultStartParams,
  '-c',
  'wal_level=minimal',
  '-c',
  'max_wal_senders=0',
]
/**
 * For a long-running server on PGlite, called before its database opens. PGlite is PostgreSQL built
 * to WebAssembly. By default V8 starts it on its baseline compiler and recompiles each function
 * with its optimizing compiler once it has run enough; while that goes on, a request now and then
 * waits 4-13 ms behind it (measured: over the first 1,000 runs of one list query, p99 9.1 ms and
 * 46 runs above 3 ms; fully compiled, p99 1.6 ms and 5). Compiling it all with the optimizing
 * compiler as it loads costs about 1.1 s once at start-up, and warm queries also run about 10%
 * faster. The flag is process-wide: tests, which open many short-lived databases, leave it off.
 */
export function compileDatabaseFully(): void {
  setFlagsFromString('--no-liftoff')
}

export const MIGRATIONS_FOLDER = fileURLToPath(new URL('./migrations', import.meta.url))

export async function openDatabase(opts: OpenDatabaseOptions = {}): Promise<Database> {
  if (opts.url) {
    // A request waits at most 5 s for a connection, then gets 503 (db/unavailable.ts), so a
    // database that is down or restarting never hangs a request.
    const pool = new pg.Pool({
      connectionString: opts.url,
      max: 10,
      connectionTimeoutMillis: 5_000,
      keepAlive: true,
      // No JIT: the API's queries are short index ranges, and on a costly plan (a deep offset, a
      // year's summary) PostgreSQL spent 40-55 ms compiling it before running it.
      options: '-c jit=off',
    })
    // A connection cut by a database restart emits 'error' on its client: on the pool while idle,
    // on the client itself while checked out (say, between two statements of a transaction).
    // Unheard, either event ends the process; heard, the query in hand fails (503), and the pool
    // drops the broken client and connects afresh when asked.
    const lost = (error: Error) => {
      console.error(
        `PostgreSQL connection lost (${(error as { code?: string }).code ?? error.name})`,
      )
    }
    pool.on('error', lost)
    pool.on('connect', (client) => client.on('error', lost))
    boundByRequestDeadlines(pool)
    // Fail fast with a clear error instead of on the first request.
    await pool.query('select 1')
    return {
      db: drizzlePg({ client: pool, schema }) as unknown as Db,
      kind: 'postgres',
      client: pool,
      close: () => pool.end(),
    }
  }
  let client = opts.pglite
  if (!client) {
    const dataDir = opts.dataDir ?? DEFAULT_DATA_DIR
    if (!dataDir.startsWith('memory://')) mkdirSync(dataDir, { recursive: true })
    client = await PGlite.create(dataDir, {
      extensions: PGLITE_EXTENSIONS,
      startParams: PGLITE_START_PARAMS,
    })
  }
  const pglite = client
  return {
    db: drizzlePglite({ client: pglite, schema }) as unknown as Db,
    kind: 'pglite',
    client: pglite,
    close: () => pglite.close(),
  }
}

/**
 * A request's database work under its deadline (server/middleware/deadline.ts). On PostgreSQL each
 * connection a request takes runs its statements with `statement_timeout` set to the deadline, and
 * when the request's answer is given up (503 deadline_exceeded) the statements running on the
 * connections it still holds are cancelled (SQLSTATE 57014), so no query outlives the answer that
 * waited for it. Work outside a request (start-up, the delivery loops, the world) runs with no
 * timeout. PGlite runs one statement at a time in this process: nothing to set or cancel.
 */
export interface RequestDeadline {
  readonly timeoutMs: number
  // The pool's connections this request holds right now.
  readonly held: Set<pg.PoolClient>
}

const requestDeadlines = new AsyncLocalStorage<RequestDeadline>()
// The statement_timeout each connection was last given (absent: the server's default, none).
const timeoutOf = new WeakMap<pg.PoolClient, number>()
const holderOf = new WeakMap<pg.PoolClient, RequestDeadline>()

export function runUnderDeadline<T>(deadline: RequestDeadline, work: () => Promise<T>): Promise<T> {
  return requestDeadlines.run(deadline, work)
}

// Cancels what the request's connections are running; the connections stay in the pool.
export async function cancelRequestStatements(
  database: Database,
  deadline: RequestDeadline,
): Promise<void> {
  if (database.kind !== 'postgres' || deadline.held.size === 0) return
  const pids = [...deadline.held].map(
    (client) => (client as unknown as { processID: number }).processID,
  )
  await (database.client as pg.Pool)
    .query('select pg_cancel_backend(pid) from unnest($1::int[]) as pid', [pids])
    .catch((error: unknown) => {
      console.error(`Could not cancel a request's statements (${String(error)})`)
    })
}

type ConnectCallback = (
  error: Error | undefined,
  client: pg.PoolClient | undefined,
  done: () => void,
) => void

/**
 * Every connection the pool hands out (pool.query goes through connect() too) first gets the
 * statement_timeout of the request asking for it, or none outside a request. The SET runs before the
 * caller's own statements, and only when the value changes.
 */
function boundByRequestDeadlines(pool: pg.Pool): void {
  const connect = pool.connect.bind(pool) as (callback: ConnectCallback) => void
  // Resolves once the connection is ready for the caller's own statements.
  const prepare = async (client: pg.PoolClient, deadline: RequestDeadline | undefined) => {
    if (deadline) {
      deadline.held.add(client)
      holderOf.set(client, deadline)
    }
    const timeoutMs = deadline?.timeoutMs ?? 0
    if ((timeoutOf.get(client) ?? 0) === timeoutMs) return
    timeoutOf.delete(client)
    await client.query(`set statement_timeout = ${timeoutMs}`)
    timeoutOf.set(client, timeoutMs)
  }
  pool.on('release', (_error: Error | undefined, client: pg.PoolClient) => {
    holderOf.get(client)?.held.delete(client)
    holderOf.delete(client)
  })
  const bounded = (callback?: ConnectCallback): Promise<pg.PoolClient> | undefined => {
    // The request is read here, in the caller's context: a connection handed over later by
    // another request's release would otherwise be credited to that request.
    const deadline = requestDeadlines.getStore()
    const take = (then: ConnectCallback) =>
      connect((error, client, done) => {
        if (error || !client) return then(error, client, done)
        prepare(client, deadline).then(
          () => then(undefined, client, done),
          (failed: Error) => {
            // A connection that cannot take the setting is broken: the pool drops it.
            client.release(failed)
            then(failed, undefined, done)
          },
        )
      })
    if (callback) {
      take(callback)
      return undefined
    }
    return new Promise((resolve, reject) =>
      take((error, client) => (error || !client ? reject(error) : resolve(client))),
    )
  }
  pool.connect = bounded as typeof pool.connect
}

// Applies the committed drizzle-kit migrations (idempotent).
export async function migrate(database: Database): Promise<void> {
  const config = { migrationsFolder: MIGRATIONS_FOLDER }
  if (database.kind === 'pglite') {
    await migratePglite(drizzlePglite({ client: database.client as PGlite, schema }), config)
  } else {
    await migratePg(drizzlePg({ client: database.client as pg.Pool, schema }), config)
  }
}

// Any fixed number: the advisory lock that serialises start-up work across servers.
const STARTUP_LOCK = 47_112_026

/**
 * Runs `work` while holding a session advisory lock, so of several servers starting together on one
 * PostgreSQL exactly one migrates and seeds at a time and the others wait, then find it done.
 * PGlite is one process: nothing to wait for.
 */
export async function withStartupLock<T>(database: Database, work: () => Promise<T>): Promise<T> {
  if (database.kind === 'pglite') return work()
  const client = await (database.client as pg.Pool).connect()
  try {
    await client.query('select pg_advisory_lock($1)', [STARTUP_LOCK])
    return await work()
  } finally {
    await client.query('select pg_advisory_unlock($1)', [STARTUP_LOCK]).catch(() => undefined)
    client.release()
  }
}

// Runs one or more raw SQL statements without parameters (bulk seed, maintenance).
export async function execRaw(database: Database, text: string): Promise<void> {
  if (database.kind === 'pglite') await (database.client as PGlite).exec(text)
  else await (database.client as pg.Pool).query(text)
}

/**
 * Runs `work` on one connection, so a sequence of statements can share a transaction or session
 * settings: PGlite's only session, or one client taken from the pool (and given back after).
 */
export async function withSession<T>(
  database: Database,
  work: (run: (text: string) => Promise<void>) => Promise<T>,
): Promise<T> {
  if (database.kind === 'pglite') {
    const pglite = database.client as PGlite
    return work(async (text) => {
      await pglite.exec(text)
    })
  }
  const client = await (database.client as pg.Pool).connect()
  try {
    return await work(async (text) => {
      await client.query(text)
    })
  } finally {
    client.release()
  }
}

// Runs one parameterised query and returns its rows.
export async function queryRows<T>(
  database: Database,
  text: string,
  params: unknown[] = [],
): Promise<T[]> {
  if (database.kind === 'pglite') {
    return (await (database.client as PGlite).query<T>(text, params)).rows
  }
  return (await (database.client as pg.Pool).query(text, params)).rows as T[]
}

// The connection a drizzle handle runs on: a transaction's own, or the pool or PGlite itself.
interface HandleWithClient {
  session: { client: { query(text: string, params: unknown[]): Promise<unknown> } }
}

/**
 * Runs one parameterised statement on a drizzle handle's connection (inside its transaction when
 * given one), past drizzle's query builder: for a write on every change whose SQL never varies.
 * On PGlite drizzle's path costs about 0.35 ms more per statement than the statement itself.
 */
export async function runOnHandle(db: Db, text: string, params: unknown[]): Promise<void> {
  const handle = db as unknown as Partial<HandleWithClient>
  const client = handle.session?.client
  if (!client || typeof client.query !== 'function') {
    throw new Error('runOnHandle: the drizzle handle exposes no client')
  }
  await client.query(text, params)
}
