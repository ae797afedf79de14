// Fresh, migrated, seeded databases for API tests, cloned from a template built once per code version.
import { createHash, randomBytes } from 'node:crypto'
import {
  existsSync,
  mkdirSync,
  readdirSync,
  readFileSync,
  renameSync,
  statSync,
  writeFileSync,
} from 'node:fs'
import path from 'node:path'
import { fileURLToPath } from 'node:url'
import { PGlite } from '@electric-sql/pglite'
import pg from 'pg'
import {
  execRaw,
  migrate,
  openDatabase,
  PGLITE_EXTENSIONS,
  queryRows,
  type Database,
} from '../../../server/db/client'
import { sha256 } from '../../../server/auth/random'
import { seed } from '../../../server/seed/index'
import { SEED_SUBMERCHANTS } from '../../../server/seed/ids'

export { SEED_IDS, SEED_SUBMERCHANTS, SEED_USERS } from '../../../server/seed/ids'
export { DEMO_MFA_SECRET, DEMO_PASSWORD, COMPROMISED_PASSWORD } from '../../../server/seed/fixtures'

const root = fileURLToPath(new URL('../../../', import.meta.url))

// The small seed every API test starts from; its base time is today (UTC midnight).
export const TEST_SEED = {
  sales: 3_000,
  seed: 7,
  now: new Date(new Date().toISOString().slice(0, 10) + 'T00:00:00.000Z'),
} as const

// Token of City Cabs' enabled 'Booking system' key. The seed's own tokens are random and unknown
// (only hashes are stored), so every fresh database gets this one, random per test process.
export const TEST_API_KEY_TOKEN = `sk_sandbox_${randomBytes(20).toString('hex')}`

async function installTestApiKey(database: Database): Promise<Database> {
  await queryRows(
    database,
    `update api_keys set token_hash = $1
     where submerchant_id = $2 and name = 'Booking system' and is_enabled`,
    [sha256(TEST_API_KEY_TOKEN), SEED_SUBMERCHANTS.cityCabs],
  )
  return database
}

function filesUnder(dir: string): string[] {
  if (!existsSync(dir)) return []
  return readdirSync(dir)
    .sort()
    .flatMap((name) => {
      const full = path.join(dir, name)
      return statSync(full).isDirectory() ? filesUnder(full) : [full]
    })
}

// Changes to migrations, schema, seed code or the seed size make a new template.
function templateKey(): string {
  const hash = createHash('sha256')
  hash.update(JSON.stringify(TEST_SEED))
  hash.update(SNAPSHOT_SCHEMA)
  for (const dir of ['server/db/migrations', 'server/db/schema', 'server/seed']) {
    for (const file of filesUnder(path.join(root, dir))) {
      hash.update(file.slice(root.length))
      hash.update(readFileSync(file))
    }
  }
  return hash.digest('hex').slice(0, 16)
}

async function seedInto(database: Database): Promise<void> {
  await migrate(database)
  await seed(database, { ...TEST_SEED })
}

// The schema where a PGlite template keeps a copy of every seeded table, for the reuse below.
const SNAPSHOT_SCHEMA = 'test_template'

async function publicTables(database: Database): Promise<string[]> {
  const rows = await queryRows<{ name: string }>(
    database,
    "select tablename as name from pg_tables where schemaname = 'public' order by 1",
  )
  return rows.map((row) => row.name)
}

async function snapshotTables(database: Database): Promise<void> {
  const tables = await publicTables(database)
  await execRaw(
    database,
    [`create schema ${SNAPSHOT_SCHEMA}`]
      .concat(tables.map((t) => `create table ${SNAPSHOT_SCHEMA}."${t}" as table public."${t}"`))
      .join(';\n'),
  )
}

/**
 * The statement that puts a database cloned from the template back to the template's state: every
 * public table emptied and refilled from its copy (generated columns are computed again), with
 * triggers and foreign-key checks off while it runs.
 */
async function restoreStatement(database: Database): Promise<string> {
  const tables = await publicTables(database)
  const columns = await queryRows<{ name: string; list: string }>(
    database,
    `select table_name as name,
            string_agg(quote_ident(column_name), ', ' order by ordinal_position) as list
     from information_schema.columns
     where table_schema = 'public' and is_generated = 'NEVER'
     group by table_name`,
  )
  const listOf = new Map(columns.map((c) => [c.name, c.list]))
  return [
    'set session_replication_role = replica',
    `truncate table ${tables.map((t) => `public."${t}"`).join(', ')}`,
    ...tables.map((t) => {
      const list = listOf.get(t)
      return `insert into public."${t}" (${list}) select ${list} from ${SNAPSHOT_SCHEMA}."${t}"`
    }),
    'set session_replication_role = default',
  ].join(';\n')
}

async function pgliteTemplate(): Promise<Blob> {
  const dir = path.join(root, '.tmp', 'test-db')
  const file = path.join(dir, `template-${templateKey()}.tar.gz`)
  if (!existsSync(file)) {
    const database = await openDatabase({ dataDir: 'memory://' })
    await seedInto(database)
    await snapshotTables(database)
    const dump = await (database.client as PGlite).dumpDataDir('gzip')
    await database.close()
    mkdirSync(dir, { recursive: true })
    // Parallel workers may race here; the rename makes the write atomic.
    const partial = `${file}.${process.pid}.${randomBytes(4).toString('hex')}`
    writeFileSync(partial, Buffer.from(await dump.arrayBuffer()))
    renameSync(partial, file)
  }
  return new Blob([readFileSync(file)])
}

function withDatabase(url: string, name: string): string {
  const u = new URL(url)
  u.pathname = `/${name}`
  return u.toString()
}

// How a clone copies its template, asked of the server once per test process.
let cloneStrategy: Promise<string> | null = null

/**
 * A database of its own on the PostgreSQL at `url`, cloned from the seeded template (built first by
 * whichever worker gets there): its URL, and the drop that removes it.
 */
export async function postgresCloneUrl(
  url: string,
): Promise<{ url: string; drop: () => Promise<void> }> {
  const template = `fleet_test_template_${templateKey()}`
  const admin = new pg.Client({ connectionString: url })
  await admin.connect()
  try {
    // One worker builds the template; the others wait on the lock.
    await admin.query('select pg_advisory_lock(874512)')
    const exists = await admin.query('select 1 from pg_database where datname = $1', [template])
    if (exists.rowCount === 0) {
      await admin.query(`create database "${template}"`)
      const database = await openDatabase({ url: withDatabase(url, template) })
      try {
        await seedInto(database)
      } finally {
        await database.close()
      }
    }
    await admin.query('select pg_advisory_unlock(874512)')
    const name = `fleet_test_${randomBytes(6).toString('hex')}`
    // PostgreSQL 15+ copies a template through the WAL by default: 18 MB of WAL per clone, and
    // every API test takes a clone. Copying the files is about 4× faster.
    cloneStrategy ??= admin
      .query<{ v: string }>("select current_setting('server_version_num') as v")
      .then(({ rows }) => (Number(rows[0]?.v) >= 150_000 ? ' strategy file_copy' : ''))
    await admin.query(`create database "${name}" template "${template}"${await cloneStrategy}`)
    return {
      url: withDatabase(url, name),
      drop: once(async () => {
        const dropper = new pg.Client({ connectionString: url })
        await dropper.connect()
        await dropper.query(`drop database if exists "${name}" with (force)`)
        await dropper.end()
      }),
    }
  } finally {
    await admin.end()
  }
}

async function postgresClone(url: string): Promise<Database> {
  const clone = await postgresCloneUrl(url)
  const database = await openDatabase({ url: clone.url })
  return {
    ...database,
    close: once(async () => {
      await database.close()
      await clone.drop()
    }),
  }
}

// A close that runs once: the setup file closes what a test opened, and the test may have too.
function once(close: () => Promise<void>): () => Promise<void> {
  let closing: Promise<void> | null = null
  return () => (closing ??= close())
}

// A migrated database holding the TEST_SEED demo data, private to the caller.
export async function freshDatabase(): Promise<Database> {
  const url = process.env.DATABASE_URL
  const database = url ? await postgresClone(url) : await pooledPglite()
  const scope = testScope ?? fileScope
  scope.push(database)
  return installTestApiKey(database)
}

/**
 * PGlite instances for reuse. Starting one (WebAssembly, then PostgreSQL over the template's files)
 * costs about 2 s of CPU, most of a short API test; putting a used one back to the template's state
 * costs a fraction of that. So a closed database is restored and kept, and the next freshDatabase()
 * of the same test process takes it: to the test, still a database of its own in the template's
 * state. An instance that cannot be restored (closed underneath, say) is closed for good.
 */
interface PooledPglite {
  pglite: PGlite
  restore: string | null
}
const idle: PooledPglite[] = []

async function pooledPglite(): Promise<Database> {
  const entry = idle.pop() ?? {
    pglite: await PGlite.create({
      loadDataDir: await pgliteTemplate(),
      extensions: PGLITE_EXTENSIONS,
    }),
    restore: null,
  }
  const database = await openDatabase({ pglite: entry.pglite })
  return {
    ...database,
    close: once(async () => {
      try {
        if (entry.pglite.closed) return
        entry.restore ??= await restoreStatement(database)
        // A test may end inside a transaction, or with session settings and locks of its own.
        await entry.pglite.exec('rollback')
        await entry.pglite.exec('discard all')
        await entry.pglite.exec(entry.restore)
        idle.push(entry)
      } catch {
        if (!entry.pglite.closed) await entry.pglite.close()
      }
    }),
  }
}

/**
 * The databases handed out since the current test began (its beforeEach hooks included), which the
 * API project's setup file closes when the test ends: so a test need not close what it opened,
 * and its PGlite instance serves the next one. Those opened in beforeAll are closed when the file
 * ends, if the file has not closed them itself (one worker process runs many files).
 */
let testScope: Database[] | null = null
let fileScope: Database[] = []

export function beginTestScope(): void {
  testScope = []
}

async function closeAll(opened: readonly Database[]): Promise<void> {
  for (const database of opened) await database.close()
}

export async function endTestScope(): Promise<void> {
  const opened = testScope ?? []
  testScope = null
  await closeAll(opened)
}

export async function endFileScope(): Promise<void> {
  const opened = fileScope
  fileScope = []
  await closeAll(opened)
}

// The first row of a query, failing loudly when there is none.
export async function firstRow<T>(database: Database, text: string, params: unknown[] = []) {
  const [row] = await queryRows<T>(database, text, params)
  if (!row) throw new Error(`no row: ${text}`)
  return row
}
