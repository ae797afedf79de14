/**
 * Push delivery (docs/events.md#push): push_deliveries rows are the queue, worked by a loop on
 * every server on the delivery kit (server/lib/delivery-kit.ts), the same way as the webhook
 * deliveries.
 *
 * - Claim: the kit's claim (`FOR UPDATE SKIP LOCKED`, a lease) also reads each row's subscription
 *   and event, so two servers never send the same push at once.
 * - Send: web-push builds the request (RFC 8291 `aes128gcm` encryption for the subscription's
 *   keys, the VAPID signature of the stored key pair); the kit posts it, so a timeout is ours. On
 *   an exposed server only to a known push service at a public address, checked at every try.
 * - Record: sent → done; 404 or 410 → the subscription is gone, so it is deleted (and its queue
 *   with it); 429, 5xx or no answer → again after Retry-After or a backoff, until the push would
 *   be older than its TTL or has been tried MAX_ATTEMPTS times; any other 4xx → given up.
 */
import { eq, sql } from 'drizzle-orm'
import webpush from 'web-push'
import { isEventType } from '@/api/schema/event-values'
import type { Deps } from '../context'
import type { Db } from '../db/client'
import { pushDeliveries, pushSubscriptions } from '../db/schema/events'
import {
  addressGuardOf,
  claimDue,
  deliveryDefaults,
  deliveryRound,
  nextAttemptAt,
  postTo,
  retryAfterSeconds,
  startDeliveryLoop,
  withDefaults,
  type DeliveryLoopOptions,
  type DeliveryWork,
  type RetryPolicy,
  type WorkLoop,
} from '../lib/delivery-kit'
import { isPushServiceHost, pushServiceHostsOf } from '../lib/public-address'
import { pushPayload } from './payload'
import { vapidKeysOf, type VapidKeys } from './vapid'

// A push is worth showing for a day; the push service keeps it that long for an offline device.
export const PUSH_TTL_SECONDS = 86_400
export const MAX_ATTEMPTS = 6
// The longest wait a Retry-After may ask for before the next try.
const MAX_RETRY_AFTER_SECONDS = 3600
// Subject of the VAPID claim when the server has no https address to give.
const FALLBACK_SUBJECT = 'mailto:sandbox-push@example.com'

export type PushDeliveryOptions = DeliveryLoopOptions

const DEFAULTS = deliveryDefaults(60, 10_000)

interface Claimed {
  id: string
  subscriptionId: string
  attemptCount: number
  createdAt: Date
  endpoint: string
  p256dh: string
  auth: string
  isEnabled: boolean
  event: {
    id: string
    type: string
    submerchantId: string
    objectId: string
    createdAt: Date
    data: Record<string, unknown>
  }
}

type ClaimedRow = {
  id: string
  subscription_id: string
  attempt_count: number
  created_at: Date | string
  endpoint: string
  p256dh: string
  auth: string
  is_enabled: boolean
  event_id: string
  type: string
  submerchant_id: string
  object_id: string
  event_created_at: Date | string
  data: Record<string, unknown> | string
}

// Takes up to `limit` due pushes for this server until `leaseUntil`, with what sending them needs.
export async function claimDuePushes(
  db: Db,
  now: Date,
  limit: number,
  leaseUntil: Date,
): Promise<Claimed[]> {
  const rows = await claimDue<ClaimedRow>(db, {
    table: 'push_deliveries',
    now,
    leaseUntil,
    limit,
    select: `select claimed.id, claimed.subscription_id, claimed.attempt_count, claimed.created_at,
      s.endpoint, s.p256dh, s.auth, s.is_enabled, e.id as event_id, e.type, e.submerchant_id,
      e.object_id, e.created_at as event_created_at, e.data
    from claimed
    join push_subscriptions s on s.id = claimed.subscription_id
    join events e on e.id = claimed.event_id`,
  })
  return rows.map((row) => ({
    id: row.id,
    subscriptionId: row.subscription_id,
    attemptCount: Number(row.attempt_count),
    createdAt: new Date(row.created_at),
    endpoint: row.endpoint,
    p256dh: row.p256dh,
    auth: row.auth,
    isEnabled: row.is_enabled,
    event: {
      id: row.event_id,
      type: row.type,
      submerchantId: row.submerchant_id,
      objectId: row.object_id,
      createdAt: new Date(row.event_created_at),
      data: typeof row.data === 'string' ? JSON.parse(row.data) : row.data,
    },
  }))
}

// 30 s, 2 min, 8 min, 32 min, ~2 h (±10 % jitter), or what the push service's Retry-After asks
// (at most an hour), until the push would be older than its TTL or was tried MAX_ATTEMPTS times.
export const PUSH_RETRIES: RetryPolicy = {
  backoffMs: (attemptsMade) => 30_000 * 4 ** Math.max(0, attemptsMade - 1),
  maxAttempts: MAX_ATTEMPTS,
  windowMs: PUSH_TTL_SECONDS * 1000,
  maxRetryAfterSeconds: MAX_RETRY_AFTER_SECONDS,
}

export function nextPushAttemptAt(
  attemptsMade: number,
  createdAt: Date,
  now: Date,
  retryAfter: number | null,
  random: () => number = Math.random,
): Date | null {
  return nextAttemptAt(
    PUSH_RETRIES,
    { attemptsMade, createdAt, now, retryAfterSeconds: retryAfter },
    random,
  )
}

// The VAPID claim's subject: the server's public address when it is https, else a contact address.
export function vapidSubject(publicUrl: string | undefined): string {
  return publicUrl?.startsWith('https://') ? new URL(publicUrl).origin : FALLBACK_SUBJECT
}

type Outcome =
  | { kind: 'sent'; status: number }
  | { kind: 'gone'; status: number }
  | { kind: 'retry'; status: number | null; retryAfter: number | null }
  | { kind: 'give_up'; status: number | null }

function outcomeOf(status: number, retryAfter: string | null): Outcome {
  if (status >= 200 && status < 300) return { kind: 'sent', status }
  if (status === 404 || status === 410) return { kind: 'gone', status }
  if (status === 429 || status >= 500) {
    return { kind: 'retry', status, retryAfter: retryAfterSeconds(retryAfter) }
  }
  return { kind: 'give_up', status }
}

async function send(
  deps: Deps,
  claimed: Claimed,
  vapid: VapidKeys,
  subject: string,
  options: Required<PushDeliveryOptions>,
): Promise<Outcome> {
  const type = claimed.event.type
  if (!isEventType(type)) return { kind: 'give_up', status: null }
  const guard = addressGuardOf(deps)
  const host = new URL(claimed.endpoint).hostname
  if (guard.exposed && !isPushServiceHost(host, pushServiceHostsOf(deps.config))) {
    // Saved before the server was exposed, or before PUSH_SERVICE_HOSTS changed: never sent.
    return { kind: 'give_up', status: null }
  }
  const payload = pushPayload({ ...claimed.event, type })
  let request: ReturnType<typeof webpush.generateRequestDetails>
  try {
    request = webpush.generateRequestDetails(
      { endpoint: claimed.endpoint, keys: { p256dh: claimed.p256dh, auth: claimed.auth } },
      JSON.stringify(payload),
      {
        vapidDetails: { subject, ...vapid },
        TTL: PUSH_TTL_SECONDS,
        // A paid link is what a driver waits for at the kerb: wake the phone for it.
        urgency: type === 'intent.succeeded' ? 'high' : 'normal',
        contentEncoding: 'aes128gcm',
      },
    )
  } catch {
    // Keys the encryption cannot use: no later try can do better.
    return { kind: 'give_up', status: null }
  }
  try {
    const answer = await postTo(request.endpoint, {
      headers: Object.fromEntries(
        Object.entries(request.headers).map(([name, value]) => [name, String(value)]),
      ),
      body: request.body ?? new Uint8Array(),
      timeoutMs: options.timeoutMs,
      maxAnswerBytes: 0,
      guard,
    })
    return outcomeOf(answer.status, answer.headers['retry-after'] ?? null)
  } catch {
    // Timeout, refused connection, DNS failure, an address that is not public: maybe later.
    return { kind: 'retry', status: null, retryAfter: null }
  }
}

async function record(
  deps: Deps,
  claimed: Claimed,
  outcome: Outcome,
  options: Required<PushDeliveryOptions>,
): Promise<void> {
  const db = deps.db.db
  if (outcome.kind === 'gone') {
    // The browser dropped the subscription; its pending pushes go with it (on delete cascade).
    await db.delete(pushSubscriptions).where(eq(pushSubscriptions.id, claimed.subscriptionId))
    return
  }
  const attemptsMade = claimed.attemptCount + 1
  const retryAt =
    outcome.kind === 'retry'
      ? nextPushAttemptAt(
          attemptsMade,
          claimed.event.createdAt,
          deps.clock.now(),
          outcome.retryAfter,
          options.random,
        )
      : null
  await db.transaction(async (tx) => {
    await tx
      .update(pushDeliveries)
      .set({ attemptCount: attemptsMade, lastStatus: outcome.status, nextAttemptAt: retryAt })
      .where(eq(pushDeliveries.id, claimed.id))
    if (outcome.kind === 'sent' || retryAt === null) {
      // Consecutive pushes given up, for a look at a subscription that no longer works.
      await tx
        .update(pushSubscriptions)
        .set({
          failureCount: outcome.kind === 'sent' ? 0 : sql`${pushSubscriptions.failureCount} + 1`,
        })
        .where(eq(pushSubscriptions.id, claimed.subscriptionId))
    }
  })
}

function pushWork(deps: Deps, options: Required<PushDeliveryOptions>): DeliveryWork<Claimed> {
  return {
    name: 'push delivery',
    claim: (now, leaseUntil, limit) => claimDuePushes(deps.db.db, now, limit, leaseUntil),
    deliverer: async (_claimed, now) => {
      const vapid = await vapidKeysOf(deps.db, now)
      const subject = vapidSubject(deps.config.publicUrl)
      return async (item) => {
        const outcome: Outcome = item.isEnabled
          ? await send(deps, item, vapid, subject, options)
          : { kind: 'give_up', status: null }
        await record(deps, item, outcome, options)
      }
    },
  }
}

// One round: claim what is due, send it, record it. Returns how many were claimed.
export async function deliverDuePushes(
  deps: Deps,
  opts: PushDeliveryOptions = {},
): Promise<number> {
  const options = withDefaults(DEFAULTS, opts)
  return deliveryRound(deps, options, pushWork(deps, options))
}

// Runs rounds until stopped (server/lib/delivery-kit.ts).
export function startPushDeliveryLoop(deps: Deps, opts: PushDeliveryOptions = {}): WorkLoop {
  const options = withDefaults(DEFAULTS, opts)
  return startDeliveryLoop(deps, options, pushWork(deps, options))
}
