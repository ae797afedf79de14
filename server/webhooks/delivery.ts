/**
 * Webhook delivery (docs/sandbox.md#webhooks): notification rows are the queue, worked by a loop on
 * the delivery kit (server/lib/delivery-kit.ts: claim with SKIP LOCKED and a lease, concurrent
 * sends, backoff). A server that dies mid-delivery loses nothing: its rows are due again when the
 * lease ends, so a receiver may see a notification twice (at-least-once); the body's `id` is stable
 * for de-duplication.
 *
 * - Send: a JSON POST signed `Webhook-Signature: t=…,v1=…` (one v1 per valid secret), 10 s timeout,
 *   redirects not followed; on an exposed server only to a public address, checked at every try.
 *   Any non-2xx, timeout, network error or refused address is a failure.
 * - Stop: a disabled or deleted endpoint, or one whose creator has left the account, gets nothing
 *   more (docs/events.md#who-sees-what).
 * - Record: the attempt (the request cut at 64 KiB, at most 4 KiB of the answer) and the
 *   notification's new state in one transaction; failures are due again on an exponential schedule
 *   with jitter, until 3 days after the event.
 */
import { and, desc, eq, inArray, sql } from 'drizzle-orm'
import type { Deps } from '../context'
import type { Db } from '../db/client'
import {
  submerchantUsers,
  webhookAttempts,
  webhookEndpoints,
  webhookNotifications,
} from '../db/schema/core'
import { newId } from '../auth/random'
import { recordEvent } from '../domain/events'
import { serializeWebhookEndpoint, signingSecretsAt } from '../domain/webhook-endpoints'
import {
  addressGuardOf,
  claimDue as claimDueRows,
  deliveryDefaults,
  deliveryRound,
  nextAttemptAt,
  postTo,
  startDeliveryLoop as startKitLoop,
  withDefaults,
  type Answer,
  type DeliveryLoopOptions,
  type DeliveryWork,
  type RetryPolicy,
  type WorkLoop,
} from '../lib/delivery-kit'
import type { AddressGuard } from '../lib/public-address'
import { signatureHeader } from './signature'
import { DEFAULT_LEASE_SECONDS, DELIVERY_TIMEOUT_MS } from './timing'

export const RETRY_WINDOW_MS = 3 * 86_400_000
// What an attempt keeps: our request up to 64 KiB, the receiver's answer up to 4 KiB.
export const MAX_RECORDED_BODY_BYTES = 64 * 1024
export const MAX_RECORDED_ANSWER_BYTES = 4 * 1024
export const USER_AGENT = 'FleetPaySandbox-Webhooks/1.0'

export type DeliveryOptions = DeliveryLoopOptions

const DEFAULTS = deliveryDefaults(DEFAULT_LEASE_SECONDS, DELIVERY_TIMEOUT_MS)

// 1 min, 5 min, 25 min, ~2 h, ~10 h, then every 12 h (Stripe's exponential model), until the
// next try would fall outside the 3-day window of the event.
export const WEBHOOK_RETRIES: RetryPolicy = {
  backoffMs: (attemptsMade) => Math.min(60 * 5 ** Math.max(0, attemptsMade - 1), 12 * 3600) * 1000,
  maxAttempts: Infinity,
  windowMs: RETRY_WINDOW_MS,
  maxRetryAfterSeconds: 12 * 3600,
}

export function nextRetryAt(
  attemptsMade: number,
  createdAt: Date,
  now: Date,
  random: () => number = Math.random,
): Date | null {
  return nextAttemptAt(WEBHOOK_RETRIES, { attemptsMade, createdAt, now }, random)
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
  const rows = await claimDueRows<ClaimedRow>(db, {
    table: 'webhook_notifications',
    now,
    leaseUntil,
    limit,
    select: 'select id, endpoint_id, payload, attempt_count, created_at from claimed',
  })
  return rows.map((row) => ({
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
  guard: AddressGuard,
): Promise<Outcome> {
  let answer: Answer
  try {
    answer = await postTo(url, {
      headers,
      body,
      timeoutMs,
      maxAnswerBytes: MAX_RECORDED_ANSWER_BYTES,
      guard,
    })
  } catch {
    // Timeout, refused connection, DNS failure, an address that is not public: nothing to record.
    return { ok: false, statusCode: null, headers: null, body: null }
  }
  return {
    ok: answer.status >= 200 && answer.status < 300,
    statusCode: answer.status,
    headers: answer.headers,
    // Kept as PostgreSQL can store it: a NUL reads as U+FFFD, like bytes that are not UTF-8.
    body: answer.body.replaceAll('\0', '\uFFFD'),
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
> & { creatorIsMember: boolean }

async function deliverOne(
  deps: Deps,
  claimed: Claimed,
  endpoint: EndpointForDelivery | undefined,
  options: Required<DeliveryOptions>,
): Promise<void> {
  const db = deps.db.db
  if (!endpoint || !endpoint.isEnabled || endpoint.deletedAt || !endpoint.creatorIsMember) {
    // A disabled or deleted endpoint, or one whose creator left, receives nothing more.
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
  const outcome = await post(endpoint.url, headers, body, options.timeoutMs, addressGuardOf(deps))
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

// The endpoints of a round's rows, read once, with whether each one's creator is still a member.
async function endpointsOf(db: Db, claimed: Claimed[]): Promise<Map<string, EndpointForDelivery>> {
  const endpointIds = [...new Set(claimed.map((c) => c.endpointId))]
  const endpoints = await db
    .select({
      id: webhookEndpoints.id,
      url: webhookEndpoints.url,
      isEnabled: webhookEndpoints.isEnabled,
      deletedAt: webhookEndpoints.deletedAt,
      signingSecret: webhookEndpoints.signingSecret,
      previousSigningSecret: webhookEndpoints.previousSigningSecret,
      previousSigningSecretExpiresAt: webhookEndpoints.previousSigningSecretExpiresAt,
      creatorIsMember: sql<boolean>`${submerchantUsers.id} is not null`,
    })
    .from(webhookEndpoints)
    .leftJoin(
      submerchantUsers,
      and(
        eq(submerchantUsers.userId, webhookEndpoints.createdByUserId),
        eq(submerchantUsers.submerchantId, webhookEndpoints.submerchantId),
      ),
    )
    .where(inArray(webhookEndpoints.id, endpointIds))
  return new Map(endpoints.map((e) => [e.id, e]))
}

function webhookWork(deps: Deps, options: Required<DeliveryOptions>): DeliveryWork<Claimed> {
  return {
    name: 'webhook delivery',
    claim: (now, leaseUntil, limit) => claimDue(deps.db.db, now, limit, leaseUntil),
    deliverer: async (claimed) => {
      const byId = await endpointsOf(deps.db.db, claimed)
      return (c) => deliverOne(deps, c, byId.get(c.endpointId), options)
    },
  }
}

// One round: claim what is due, send it, record it. Returns how many were claimed.
export async function deliverDue(deps: Deps, opts: DeliveryOptions = {}): Promise<number> {
  const options = withDefaults(DEFAULTS, opts)
  return deliveryRound(deps, options, webhookWork(deps, options))
}

export type DeliveryLoop = WorkLoop

// Runs rounds until stopped (server/lib/delivery-kit.ts).
export function startDeliveryLoop(deps: Deps, opts: DeliveryOptions = {}): DeliveryLoop {
  const options = withDefaults(DEFAULTS, opts)
  return startKitLoop(deps, options, webhookWork(deps, options))
}
