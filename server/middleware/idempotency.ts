import { and, eq, lte, sql } from 'drizzle-orm'
import type { Context, MiddlewareHandler } from 'hono'
import { newId, sha256 } from '../auth/random'
import type { AppEnv, AuthContext } from '../context'
import type { Db } from '../db/client'
import { idempotencyRecords } from '../db/schema/platform'
import { badRequest, HttpError } from '../errors'

export const IDEMPOTENCY_HEADER = 'Idempotency-Key'
export const IDEMPOTENCY_TTL_MS = 24 * 60 * 60 * 1000
const KEY_PATTERN = /^[\x21-\x7e]{1,255}$/
const NO_BODY_STATUSES = new Set([204, 205, 304])
// Public POSTs whose retries are kept too (one shared scope); never sign-in or registration,
// whose bodies hold passwords and must not be fingerprinted at rest.
const PUBLIC_IDEMPOTENT_PATHS = new Set(['/v1/password-reset-tickets'])

// Test-only crash points (SANDBOX_FAULT in test mode): the fault-injection test kills the server
// here and checks that a retry after restart replays or redoes the work exactly once.
export const IDEMPOTENCY_FAULTS = ['idempotency-before-commit', 'idempotency-after-commit'] as const
export type IdempotencyFault = (typeof IDEMPOTENCY_FAULTS)[number]

type IdempotencyRecord = typeof idempotencyRecords.$inferSelect

// Keys are per user and perspective, like Stripe's per-account keys.
export function idempotencyScope(auth: AuthContext): string {
  const who = auth.via === 'api_key' ? `api:${auth.apiKeyId ?? auth.userId}` : `usr:${auth.userId}`
  return `${who}|${auth.submerchantId ?? '-'}`
}

function scopeOf(c: Context<AppEnv>): string | null {
  const auth = c.get('auth')
  if (auth) return idempotencyScope(auth)
  return PUBLIC_IDEMPOTENT_PATHS.has(c.req.path) ? 'public' : null
}

function replay(record: IdempotencyRecord): Response {
  const status = record.responseStatus ?? 200
  const headers = new Headers({ 'Idempotent-Replayed': 'true' })
  if (record.responseContentType) headers.set('Content-Type', record.responseContentType)
  const body = NO_BODY_STATUSES.has(status)
    ? null
    : Buffer.from(record.responseBody ?? '', 'base64')
  return new Response(body, { status, headers })
}

// When each database was last swept (per database: one process may serve several, as in tests).
const lastSweep = new WeakMap<Db, number>()

async function sweepExpired(db: Db, now: Date): Promise<void> {
  if (now.getTime() - (lastSweep.get(db) ?? 0) < 60_000) return
  lastSweep.set(db, now.getTime())
  await db.delete(idempotencyRecords).where(lte(idempotencyRecords.expiresAt, now))
}

// The stored response of a key, if any; an expired one (or a 'processing' row left by an older
// version) is removed so the key starts afresh.
async function storedRecord(
  tx: Db,
  opts: { scope: string; key: string; now: Date },
): Promise<IdempotencyRecord | null> {
  const [row] = await tx
    .select()
    .from(idempotencyRecords)
    .where(and(eq(idempotencyRecords.scope, opts.scope), eq(idempotencyRecords.key, opts.key)))
  if (!row) return null
  if (row.state === 'complete' && row.expiresAt > opts.now) return row
  await tx.delete(idempotencyRecords).where(eq(idempotencyRecords.id, row.id))
  return null
}

// Transaction-scoped advisory lock: a second server on the same PostgreSQL sees the key as busy.
// It is released by commit, rollback or a dead connection, so a crash never leaves it held.
async function lockKey(tx: Db, slot: string): Promise<boolean> {
  const result = await tx.execute<{ locked: boolean }>(
    sql`select pg_try_advisory_xact_lock(hashtextextended(${slot}, 0)) as locked`,
  )
  return result.rows[0]?.locked === true
}

// A duplicate is told to come back shortly: the first request is normally done by then.
const RETRY_AFTER_SECONDS = 1

const keyInUse = () =>
  new HttpError(
    409,
    'A request with this Idempotency-Key is still being processed. Retry later.',
    'idempotency_key_in_use',
    undefined,
    RETRY_AFTER_SECONDS,
  )

// Requests with a key now running in this process, by key and credentials (see claimKey).
const claimed = new Set<string>()

/**
 * Runs before authentication: a POST whose key and credentials (cookie, Authorization, account
 * header) match a request still running here is 409 at once. Later checks need the database, and
 * on PGlite's one connection they would queue behind the first request's transaction and then
 * replay it; this way a duplicate in flight gets the same 409 on PGlite as on PostgreSQL.
 */
export function claimKey(): MiddlewareHandler<AppEnv> {
  return async (c, next) => {
    const key = c.req.header(IDEMPOTENCY_HEADER)
    if (c.req.method !== 'POST' || key === undefined) return next()
    const who = ['cookie', 'authorization', 'token-perspective'].map((h) => c.req.header(h) ?? '')
    const slot = sha256([key, ...who].join('\n'))
    if (claimed.has(slot)) throw keyInUse()
    claimed.add(slot)
    try {
      await next()
    } finally {
      claimed.delete(slot)
    }
  }
}

// The answer as kept for replays: without the fields the handler marked as shown once (an API
// key's token is stored hashed only), so a replay has the same record without its secret.
async function storableBody(c: Context<AppEnv>): Promise<Buffer> {
  const bytes = Buffer.from(await c.res.clone().arrayBuffer())
  const secret = c.get('shownOnce')
  if (!secret?.length) return bytes
  const body = JSON.parse(bytes.toString('utf8')) as Record<string, unknown>
  for (const field of secret) delete body[field]
  return Buffer.from(JSON.stringify(body))
}

// Thrown inside the transaction to undo a request that ended in a 5xx; its response stands.
class RollBack extends Error {}

function crashAt(c: Context<AppEnv>, point: IdempotencyFault): void {
  if (c.get('deps').config.fault === point) process.kill(process.pid, 'SIGKILL')
}

/**
 * Idempotency-Key on POST (docs/api.md#idempotency, docs/sandbox-decisions.md): the handler runs inside one
 * database transaction that also stores its response, so a crash at any point leaves both or
 * neither. A retry replays the stored bytes for 24 h (less any field shown once, see storableBody);
 * a different body is 422; a duplicate while the first runs is 409 with Retry-After (claimKey
 * catches it before authentication, the in-process set and the advisory lock here). Only 2xx/3xx
 * responses are stored, so a failed request can be retried.
 */
export function idempotency(): MiddlewareHandler<AppEnv> {
  // Keys being worked on by this process; other processes are held off by lockKey.
  const inFlight = new Set<string>()
  return async (c, next) => {
    const key = c.req.header(IDEMPOTENCY_HEADER)
    if (c.req.method !== 'POST' || key === undefined) return next()
    const scope = scopeOf(c)
    if (!scope) return next()
    if (!KEY_PATTERN.test(key)) {
      const message = 'Idempotency-Key must be 1 to 255 visible ASCII characters'
      throw badRequest(message, [{ field: IDEMPOTENCY_HEADER, messages: [message] }])
    }
    const deps = c.get('deps')
    const database = deps.db
    const now = deps.clock.now()
    const body = await c.req.text()
    const requestHash = sha256(`${c.req.method} ${c.req.path}\n${body}`)
    await sweepExpired(database.db, now)

    const slot = `${scope}\n${key}`
    if (inFlight.has(slot)) throw keyInUse()
    inFlight.add(slot)
    let stored: IdempotencyRecord | null = null
    try {
      await database.db.transaction(async (tx) => {
        if (!(await lockKey(tx, slot))) throw keyInUse()
        stored = await storedRecord(tx, { scope, key, now })
        if (stored) return
        // Everything the handler writes goes through this transaction.
        c.set('deps', { ...deps, db: { ...database, db: tx } })
        try {
          await next()
        } finally {
          c.set('deps', deps)
        }
        const status = c.res.status
        if (status >= 500) throw new RollBack()
        if (status < 200 || status >= 400) return
        const bytes = await storableBody(c)
        await tx.insert(idempotencyRecords).values({
          id: newId('idem'),
          scope,
          key,
          requestHash,
          state: 'complete',
          createdAt: now,
          expiresAt: new Date(now.getTime() + IDEMPOTENCY_TTL_MS),
          responseStatus: status,
          responseContentType: c.res.headers.get('content-type'),
          responseBody: bytes.toString('base64'),
        })
        crashAt(c, 'idempotency-before-commit')
      })
    } catch (error) {
      if (!(error instanceof RollBack)) throw error
    } finally {
      inFlight.delete(slot)
    }
    const record = stored as IdempotencyRecord | null
    if (record) {
      if (record.requestHash !== requestHash) {
        throw new HttpError(
          422,
          'Keys for idempotent requests can only be used with the same parameters they were first used with.',
          'idempotency_key_reused',
        )
      }
      return replay(record)
    }
    crashAt(c, 'idempotency-after-commit')
  }
}
