/**
 * Webhook delivery (docs/sandbox.md#webhooks): notification rows are the queue, worked by an
 * in-process loop.
 *
 * - Claim: one statement takes due rows with `FOR UPDATE SKIP LOCKED` and pushes their
 *   `next_attempt_at` a lease ahead, so several servers on one PostgreSQL never take the same row
 *   at once. A server that dies mid-delivery loses nothing: its rows become due again when the
 *   lease ends and another server (or the restarted one) sends them. A receiver may therefore see a
 *   notification twice (at-least-once); the body's `id` is stable for de-duplication.
 * - Send: a JSON POST signed `Webhook-Signature: t=…,v1=…` (one v1 per valid secret), 10 s timeout,
 *   redirects not followed. Any non-2xx, timeout or network error is a failure.
 * - Record: the attempt (request and response, bodies cut at 64 KiB) and the notification's new
 *   state in one transaction; failures are due again on an exponential schedule with jitter, until
 *   3 days after the event.
 */
import { desc, eq, inArray, sql } from 'drizzle-orm'
import type { Deps } from '../context'
import type { Db } from '../db/client'
import { webhookAttempts, webhookEndpoints, webhookNotifications } from '../db/schema/core'
import { newId } from '../auth/random'
import { recordEvent } from '../domain/events'
import { serializeWebhookEndpoint, signingSecretsAt } from '../domain/webhook-endpoints'
import {
  inPool,
  startWorkLoop,
  withDefaults,
  type WorkLoop,
  deliveryDefaults,
  type DeliveryLoopOptions,
} from '../lib/work-loop'
import { signatureHeader } from './signature'
import { DEFAULT_LEASE_SECONDS, DELIVERY_TIMEOUT_MS } from './timing'

export const RETRY_WINDOW_MS = 3 * 86_400_000
export const MAX_RECORDED_BODY_BYTES = 64 * 1024
export const USER_AGENT = 'FleetPaySandbox-Webhooks/1.0'

export type DeliveryOptions = DeliveryLoopOptions

const DEFAULTS = deliveryDefaults(DEFAULT_LEASE_SECONDS, DELIVERY_TIMEOUT_MS)

/**
 * After `attemptsMade` failures: 1 min, 5 min, 25 min, ~2 h, ~10 h, then every 12 h (Stripe's
 * exponential model), each ±10 % jitter so a recovering receiver is not hit by a thundering herd;
 * null once the next try would fall outside the 3-day window of the event.
 */
export function nextRetryAt(
  attemptsMade: number,
  createdAt: Date,
  now: Date,
  random: () => number = Math.random,
): Date | null {
  const baseSeconds = Math.min(60 * 5 ** Math.max(0, attemptsMade - 1), 12 * 3600)
  const at = new Date(now.getTime() + baseSeconds * 1000 * (0.9 + 0.2 * random()))
  return at.getTime() - createdAt.getTime() > RETRY_WINDOW_MS ? null : at
}

interface Claimed {
  id: string
  endpointId: string
  payload: Record<string, unknown>
  attemptCount: number
  createdAt: Date
}

type ClaimedRow = {
  id: string
  endpoint_id: string
  payload: Record<string, unknown> | string
  attempt_count: number
  created_at: Date | string
}

// Takes up to `limit` due rows for this server until `leaseUntil`.
export async function claimDue(
  db: Db,
  now: Date,
  limit: number,
  leaseUntil: Date,
): Promise<Claimed[]> {
  const result = await db.execute<ClaimedRow>(sql`
    with due as (
      select id from webhook_notifications
      where next_attempt_at <= ${now.toISOString()}::timestamptz
      order by next_attempt_at
      limit ${limit}
      for update skip locked
    )
    update webhook_notifications n
    set next_attempt_at = ${leaseUntil.toISOString()}::timestamptz
    from due where n.id = due.id
    returning n.id, n.endpoint_id, n.payload, n.attempt_count, n.created_at`)
  return result.rows.map((row) => ({
    id: row.id,
    endpointId: row.endpoint_id,
    payload: typeof row.payload === 'string' ? JSON.parse(row.payload) : row.payload,
    attemptCount: Number(row.attempt_count),
    createdAt: new Date(row.created_at),
  }))
}

function cut(text: string): string {
  const bytes = Buffer.from(text)
  return bytes.length <= MAX_RECORDED_BODY_BYTES
    ? text
    : bytes.subarray(0, MAX_RECORDED_BODY_BYTES).toString('utf8')
}

// Reads at most 64 KiB of the answer and drops the rest. The text is kept as PostgreSQL can store
// it: bytes that are not UTF-8 read as U+FFFD (the decoder's doing), and so does a NUL.
async function readCapped(response: Response): Promise<string> {
  if (!response.body) return ''
  const reader = response.body.getReader()
  const chunks: Uint8Array[] = []
  let size = 0
  while (size <= MAX_RECORDED_BODY_BYTES) {
    const { done, value } = await reader.read()
    if (done) break
    chunks.push(value)
    size += value.byteLength
  }
  await reader.cancel().catch(() => undefined)
  return cut(Buffer.concat(chunks).toString('utf8')).replaceAll('\0', '\uFFFD')
}

interface Outcome {
  ok: boolean
  statusCode: number | null
  headers: Record<string, string> | null
  body: string | null
}

async function post(
  url: string,
  headers: Record<string, string>,
  body: string,
  timeoutMs: number,
): Promise<Outcome> {
  const signal = AbortSignal.timeout(timeoutMs)
  try {
    const response = await fetch(url, { method: 'POST', headers, body, redirect: 'manual', signal })
    const text = await readCapped(response)
    return {
      ok: response.status >= 200 && response.status < 300,
      statusCode: response.status,
      headers: Object.fromEntries(response.headers),
      body: text,
    }
  } catch {
    // Timeout, refused connection, DNS failure: no response to record.
    return { ok: false, statusCode: null, headers: null, body: null }
  }
}

type EndpointForDelivery = Pick<
  typeof webhookEndpoints.$inferSelect,
  | 'id'
  | 'url'
  | 'isEnabled'
  | 'deletedAt'
  | 'signingSecret'
  | 'previousSigningSecret'
  | 'previousSigningSecretExpiresAt'
>

async function deliverOne(
  deps: Deps,
  claimed: Claimed,
  endpoint: EndpointForDelivery | undefined,
  options: Required<DeliveryOptions>,
): Promise<void> {
  const db = deps.db.db
  if (!endpoint || !endpoint.isEnabled || endpoint.deletedAt) {
    // A disabled or deleted endpoint receives nothing more.
    await db
      .update(webhookNotifications)
      .set({ nextAttemptAt: null })
      .where(eq(webhookNotifications.id, claimed.id))
    return
  }
  const sentAt = deps.clock.now()
  const body = JSON.stringify(claimed.payload)
  const headers = {
    'content-type': 'application/json',
    'user-agent': USER_AGENT,
    'webhook-id': claimed.id,
    'webhook-signature': signatureHeader(
      body,
      signingSecretsAt(endpoint, sentAt),
      Math.floor(sentAt.getTime() / 1000),
    ),
  }
  const outcome = await post(endpoint.url, headers, body, options.timeoutMs)
  const attemptsMade = claimed.attemptCount + 1
  const retryAt = outcome.ok
    ? null
    : nextRetryAt(attemptsMade, claimed.createdAt, deps.clock.now(), options.random)
  await db.transaction(async (tx) => {
    await tx.insert(webhookAttempts).values({
      id: newId('wha'),
      notificationId: claimed.id,
      createdAt: sentAt,
      requestUrl: endpoint.url,
      requestHeaders: headers,
      requestBody: cut(body),
      responseStatusCode: outcome.statusCode,
      responseHeaders: outcome.headers,
      responseBody: outcome.body,
    })
    // A success is final even if another server's copy of this delivery failed meanwhile.
    await tx
      .update(webhookNotifications)
      .set({
        attemptCount: sql`${webhookNotifications.attemptCount} + 1`,
        hasSucceeded: sql`${webhookNotifications.hasSucceeded} or ${outcome.ok}`,
        nextAttemptAt: sql`case when ${webhookNotifications.hasSucceeded} or ${outcome.ok} then null
          else ${retryAt?.toISOString() ?? null}::timestamptz end`,
      })
      .where(eq(webhookNotifications.id, claimed.id))
    if (!outcome.ok) await recordFailingStreak(tx, claimed.endpointId, deps.clock.now())
  })
}

// Deliveries in a row that make an endpoint 'failing' (docs/events.md#event-types).
export const FAILING_STREAK = 5

/**
 * After a failed attempt: when it makes exactly FAILING_STREAK failures in a row for the endpoint
 * (the attempt before them succeeded, or there was none), the account hears of it once, as the
 * event webhook_endpoint.failing; a longer streak says nothing more until a success ends it.
 */
async function recordFailingStreak(tx: Db, endpointId: string, now: Date): Promise<void> {
  const recent = await tx
    .select({ status: webhookAttempts.responseStatusCode })
    .from(webhookAttempts)
    .innerJoin(webhookNotifications, eq(webhookNotifications.id, webhookAttempts.notificationId))
    .where(eq(webhookNotifications.endpointId, endpointId))
    .orderBy(desc(webhookAttempts.createdAt), desc(webhookAttempts.id))
    .limit(FAILING_STREAK + 1)
  const failed = (status: number | null) => status === null || status < 200 || status > 299
  const streak = recent.slice(0, FAILING_STREAK)
  const before = recent[FAILING_STREAK]
  if (streak.length < FAILING_STREAK || !streak.every((a) => failed(a.status))) return
  if (before && failed(before.status)) return
  const [endpoint] = await tx
    .select()
    .from(webhookEndpoints)
    .where(eq(webhookEndpoints.id, endpointId))
  if (!endpoint) return
  await recordEvent(tx, {
    submerchantId: endpoint.submerchantId,
    type: 'webhook_endpoint.failing',
    data: { ...serializeWebhookEndpoint(endpoint), failedDeliveries: FAILING_STREAK },
    now,
  })
}

// One round: claim what is due, send it, record it. Returns how many were claimed.
export async function deliverDue(deps: Deps, opts: DeliveryOptions = {}): Promise<number> {
  const options = withDefaults(DEFAULTS, opts)
  await deps.clock.sync?.()
  const now = deps.clock.now()
  const leaseUntil = new Date(now.getTime() + options.leaseSeconds * 1000)
  const claimed = await claimDue(deps.db.db, now, options.batchSize, leaseUntil)
  if (claimed.length === 0) return 0
  const endpointIds = [...new Set(claimed.map((c) => c.endpointId))]
  const endpoints = await deps.db.db
    .select({
      id: webhookEndpoints.id,
      url: webhookEndpoints.url,
      isEnabled: webhookEndpoints.isEnabled,
      deletedAt: webhookEndpoints.deletedAt,
      signingSecret: webhookEndpoints.signingSecret,
      previousSigningSecret: webhookEndpoints.previousSigningSecret,
      previousSigningSecretExpiresAt: webhookEndpoints.previousSigningSecretExpiresAt,
    })
    .from(webhookEndpoints)
    .where(inArray(webhookEndpoints.id, endpointIds))
  const byId = new Map(endpoints.map((e) => [e.id, e]))
  await inPool(claimed, options.concurrency, (c) =>
    deliverOne(deps, c, byId.get(c.endpointId), options),
  )
  return claimed.length
}

export type DeliveryLoop = WorkLoop

// Runs rounds until stopped (server/lib/work-loop.ts).
export function startDeliveryLoop(deps: Deps, opts: DeliveryOptions = {}): DeliveryLoop {
  const options = withDefaults(DEFAULTS, opts)
  return startWorkLoop(() => deliverDue(deps, options), {
    batchSize: options.batchSize,
    idleMs: options.idleMs,
    name: 'webhook delivery',
  })
}
