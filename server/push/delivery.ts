/**
 * Push delivery (docs/events.md#push): push_deliveries rows are the queue, worked by a loop on
 * every server, the same way as the webhook deliveries.
 *
 * - Claim: one statement takes due rows with `FOR UPDATE SKIP LOCKED`, pushes their
 *   `next_attempt_at` a lease ahead and reads each row's subscription and event, so two servers
 *   never send the same push at once.
 * - Send: web-push builds the request (RFC 8291 `aes128gcm` encryption for the subscription's
 *   keys, the VAPID signature of the stored key pair); fetch posts it, so a timeout is ours.
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
  inPool,
  startWorkLoop,
  withDefaults,
  type WorkLoop,
  deliveryDefaults,
  type DeliveryLoopOptions,
} from '../lib/work-loop'
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
  const result = await db.execute<ClaimedRow>(sql`
    with due as (
      select id from push_deliveries
      where next_attempt_at <= ${now.toISOString()}::timestamptz
      order by next_attempt_at
      limit ${limit}
      for update skip locked
    ), claimed as (
      update push_deliveries d
      set next_attempt_at = ${leaseUntil.toISOString()}::timestamptz
      from due where d.id = due.id
      returning d.id, d.subscription_id, d.event_id, d.attempt_count, d.created_at
    )
    select claimed.id, claimed.subscription_id, claimed.attempt_count, claimed.created_at,
      s.endpoint, s.p256dh, s.auth, s.is_enabled, e.id as event_id, e.type, e.submerchant_id,
      e.object_id, e.created_at as event_created_at, e.data
    from claimed
    join push_subscriptions s on s.id = claimed.subscription_id
    join events e on e.id = claimed.event_id`)
  return result.rows.map((row) => ({
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

/**
 * After `attemptsMade` failures: 30 s, 2 min, 8 min, 32 min, ~2 h (±10 % jitter), or what the push
 * service's Retry-After asks (at most an hour); null once that is past the push's TTL or the
 * attempts are used up.
 */
export function nextPushAttemptAt(
  attemptsMade: number,
  createdAt: Date,
  now: Date,
  retryAfterSeconds: number | null,
  random: () => number = Math.random,
): Date | null {
  if (attemptsMade >= MAX_ATTEMPTS) return null
  const backoffMs = 30_000 * 4 ** Math.max(0, attemptsMade - 1) * (0.9 + 0.2 * random())
  const waitMs =
    retryAfterSeconds === null
      ? backoffMs
      : Math.min(Math.max(retryAfterSeconds, 1), MAX_RETRY_AFTER_SECONDS) * 1000
  const at = new Date(now.getTime() + waitMs)
  return at.getTime() - createdAt.getTime() > PUSH_TTL_SECONDS * 1000 ? null : at
}

// Retry-After as seconds or an HTTP date (RFC 9110); null when absent or unreadable.
export function retryAfterSeconds(header: string | null, realNow = Date.now()): number | null {
  if (!header) return null
  const value = header.trim()
  if (/^\d+$/.test(value)) return Number(value)
  const at = Date.parse(value)
  return Number.isNaN(at) ? null : Math.max(0, Math.ceil((at - realNow) / 1000))
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
  claimed: Claimed,
  vapid: VapidKeys,
  subject: string,
  options: Required<PushDeliveryOptions>,
): Promise<Outcome> {
  const type = claimed.event.type
  if (!isEventType(type)) return { kind: 'give_up', status: null }
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
    const response = await fetch(request.endpoint, {
      method: 'POST',
      headers: request.headers,
      body: request.body === null ? null : new Uint8Array(request.body),
      redirect: 'manual',
      signal: AbortSignal.timeout(options.timeoutMs),
    })
    await response.body?.cancel().catch(() => undefined)
    return outcomeOf(response.status, response.headers.get('retry-after'))
  } catch {
    // Timeout, refused connection, DNS failure: the push service may be back later.
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

// One round: claim what is due, send it, record it. Returns how many were claimed.
export async function deliverDuePushes(
  deps: Deps,
  opts: PushDeliveryOptions = {},
): Promise<number> {
  const options = withDefaults(DEFAULTS, opts)
  await deps.clock.sync?.()
  const now = deps.clock.now()
  const leaseUntil = new Date(now.getTime() + options.leaseSeconds * 1000)
  const claimed = await claimDuePushes(deps.db.db, now, options.batchSize, leaseUntil)
  if (claimed.length === 0) return 0
  const vapid = await vapidKeysOf(deps.db, now)
  const subject = vapidSubject(deps.config.publicUrl)
  await inPool(claimed, options.concurrency, async (item) => {
    const outcome: Outcome = item.isEnabled
      ? await send(item, vapid, subject, options)
      : { kind: 'give_up', status: null }
    await record(deps, item, outcome, options)
  })
  return claimed.length
}

// Runs rounds until stopped (server/lib/work-loop.ts).
export function startPushDeliveryLoop(deps: Deps, opts: PushDeliveryOptions = {}): WorkLoop {
  const options = withDefaults(DEFAULTS, opts)
  return startWorkLoop(() => deliverDuePushes(deps, options), {
    batchSize: options.batchSize,
    idleMs: options.idleMs,
    name: 'push delivery',
  })
}
