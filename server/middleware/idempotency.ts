import { and, eq, lte } from 'drizzle-orm'
import type { MiddlewareHandler } from 'hono'
import { newId, sha256 } from '../auth/random'
import type { AppEnv, AuthContext } from '../context'
import type { Db } from '../db/client'
import { idempotencyRecords } from '../db/schema/platform'
import { badRequest, conflict, HttpError } from '../errors'

export const IDEMPOTENCY_HEADER = 'Idempotency-Key'
export const IDEMPOTENCY_TTL_MS = 24 * 60 * 60 * 1000
// A 'processing' claim older than this was abandoned by a crashed process and may be retaken.
export const ABANDONED_CLAIM_MS = 5 * 60 * 1000
const KEY_PATTERN = /^[\x21-\x7e]{1,255}$/
const NO_BODY_STATUSES = new Set([204, 205, 304])

type IdempotencyRecord = typeof idempotencyRecords.$inferSelect

type Claim =
  | { kind: 'claimed'; id: string }
  | { kind: 'replay'; record: IdempotencyRecord }
  | { kind: 'mismatch' }
  | { kind: 'in_flight' }

// Keys are per user and perspective, like Stripe's per-account keys.
export function idempotencyScope(auth: AuthContext): string {
  const who = auth.via === 'api_key' ? `api:${auth.apiKeyId ?? auth.userId}` : `usr:${auth.userId}`
  return `${who}|${auth.submerchantId ?? '-'}`
}

async function claimKey(
  db: Db,
  opts: { scope: string; key: string; requestHash: string; now: Date },
): Promise<Claim> {
  const { scope, key, requestHash, now } = opts
  // Bounded: each pass either claims, decides, or removes one expired/abandoned row.
  for (let attempt = 0; attempt < 5; attempt += 1) {
    const id = newId('idem')
    // The unique (scope, key) index makes this the single winner across processes.
    const inserted = await db
      .insert(idempotencyRecords)
      .values({
        id,
        scope,
        key,
        requestHash,
        state: 'processing',
        createdAt: now,
        expiresAt: new Date(now.getTime() + IDEMPOTENCY_TTL_MS),
      })
      .onConflictDoNothing()
      .returning({ id: idempotencyRecords.id })
    if (inserted.length > 0) return { kind: 'claimed', id }

    const [existing] = await db
      .select()
      .from(idempotencyRecords)
      .where(and(eq(idempotencyRecords.scope, scope), eq(idempotencyRecords.key, key)))
    if (!existing) continue
    const abandoned =
      existing.state === 'processing' &&
      now.getTime() - existing.createdAt.getTime() > ABANDONED_CLAIM_MS
    if (existing.expiresAt <= now || abandoned) {
      await db.delete(idempotencyRecords).where(eq(idempotencyRecords.id, existing.id))
      continue
    }
    if (existing.requestHash !== requestHash) return { kind: 'mismatch' }
    if (existing.state === 'processing') return { kind: 'in_flight' }
    return { kind: 'replay', record: existing }
  }
  return { kind: 'in_flight' }
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

let lastSweep = 0

async function sweepExpired(db: Db, now: Date): Promise<void> {
  if (now.getTime() - lastSweep < 60_000) return
  lastSweep = now.getTime()
  await db.delete(idempotencyRecords).where(lte(idempotencyRecords.expiresAt, now))
}

/**
 * Idempotency-Key on POST (SANDBOX.md): the first response is stored and replayed byte for byte
 * for 24 h; a different body is 422, a concurrent duplicate 409. Only successful (2xx/3xx)
 * responses are kept, so validation failures and errors can be retried with the same key.
 */
export function idempotency(): MiddlewareHandler<AppEnv> {
  return async (c, next) => {
    const key = c.req.header(IDEMPOTENCY_HEADER)
    const auth = c.get('auth')
    if (c.req.method !== 'POST' || key === undefined || !auth) return next()
    if (!KEY_PATTERN.test(key)) {
      const message = 'Idempotency-Key must be 1 to 255 visible ASCII characters'
      throw badRequest(message, [{ field: IDEMPOTENCY_HEADER, messages: [message] }])
    }
    const { db: database, clock } = c.get('deps')
    const db = database.db
    const now = clock.now()
    const body = await c.req.text()
    const requestHash = sha256(`${c.req.method} ${c.req.path}\n${body}`)
    await sweepExpired(db, now)

    const claim = await claimKey(db, { scope: idempotencyScope(auth), key, requestHash, now })
    if (claim.kind === 'replay') return replay(claim.record)
    if (claim.kind === 'mismatch') {
      throw new HttpError(
        422,
        'Keys for idempotent requests can only be used with the same parameters they were first used with.',
        'idempotency_key_reused',
      )
    }
    if (claim.kind === 'in_flight') {
      throw conflict(
        'A request with this Idempotency-Key is still being processed. Retry later.',
        'idempotency_key_in_use',
      )
    }

    let stored = false
    try {
      await next()
      const status = c.res.status
      if (status >= 200 && status < 400) {
        const bytes = Buffer.from(await c.res.clone().arrayBuffer())
        await db
          .update(idempotencyRecords)
          .set({
            state: 'complete',
            responseStatus: status,
            responseContentType: c.res.headers.get('content-type'),
            responseBody: bytes.toString('base64'),
          })
          .where(eq(idempotencyRecords.id, claim.id))
        stored = true
      }
    } finally {
      if (!stored) await db.delete(idempotencyRecords).where(eq(idempotencyRecords.id, claim.id))
    }
  }
}
