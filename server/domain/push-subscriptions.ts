// A person's Web Push subscriptions, one per device (docs/events.md#push).
import { createECDH } from 'node:crypto'
import { and, asc, eq, inArray, ne, sql } from 'drizzle-orm'
import type { PushSubscription, PushSubscriptionPayload } from '@/api/schema/events'
import type { Deps } from '../context'
import type { Db } from '../db/client'
import { submerchantUsers } from '../db/schema/core'
import { pushDeliveries, pushSubscriptions } from '../db/schema/events'
import { badRequest, forbidden, notFound, type FieldError } from '../errors'
import { newId } from '../auth/random'
import { addressGuardOf } from '../lib/delivery-kit'
import { isLoopbackHost } from '../lib/hosts'
import {
  isPublicUrl,
  isPushServiceHost,
  NOT_PUBLIC_MESSAGE,
  pushServiceHostsOf,
} from '../lib/public-address'

// Devices kept per person: a new one beyond this replaces the one unused the longest.
export const MAX_SUBSCRIPTIONS_PER_USER = 20

type Row = typeof pushSubscriptions.$inferSelect

export function serializePushSubscription(row: Row): PushSubscription {
  return {
    id: row.id,
    endpoint: row.endpoint,
    submerchantIds: row.submerchantIds,
    eventTypes: row.eventTypes as PushSubscription['eventTypes'],
    createdAt: row.createdAt.toISOString(),
  }
}

const fieldError = (field: string, message: string): FieldError => ({ field, messages: [message] })

/**
 * A browser's push service is on https; under test a loopback stand-in on plain http is allowed.
 * An exposed server takes only a known push service (PUSH_SERVICE_HOSTS) at a public address, so a
 * subscription cannot make it probe internal hosts (docs/events.md#push).
 */
async function endpointError(endpoint: string, deps: Deps): Promise<FieldError | null> {
  const url = new URL(endpoint)
  const local = url.protocol === 'http:' && isLoopbackHost(url.hostname)
  if (url.protocol !== 'https:' && !(deps.config.mode === 'test' && local)) {
    return fieldError('endpoint', 'must be an https URL')
  }
  const guard = addressGuardOf(deps)
  if (!guard.exposed) return null
  if (!(await isPublicUrl(endpoint, guard))) return fieldError('endpoint', NOT_PUBLIC_MESSAGE)
  return isPushServiceHost(url.hostname, pushServiceHostsOf(deps.config))
    ? null
    : fieldError('endpoint', 'must be on a known push service')
}

function base64urlBytes(value: string): Buffer | null {
  return /^[A-Za-z0-9_-]+={0,2}$/.test(value) ? Buffer.from(value, 'base64url') : null
}

// The keys must be usable for the encryption (RFC 8291), else every push would fail later.
function keyErrors(keys: PushSubscriptionPayload['keys']): FieldError[] {
  const errors: FieldError[] = []
  const p256dh = base64urlBytes(keys.p256dh)
  let validPoint = p256dh !== null && p256dh.length === 65 && p256dh[0] === 4
  if (validPoint) {
    try {
      // Throws unless the bytes are a point on P-256.
      const ecdh = createECDH('prime256v1')
      ecdh.generateKeys()
      ecdh.computeSecret(p256dh!)
    } catch {
      validPoint = false
    }
  }
  if (!validPoint) errors.push(fieldError('keys.p256dh', 'must be a P-256 public key'))
  if (base64urlBytes(keys.auth)?.length !== 16) {
    errors.push(fieldError('keys.auth', 'must be a 16-byte secret'))
  }
  return errors
}

export async function checkSubscriptionInput(
  payload: PushSubscriptionPayload,
  deps: Deps,
): Promise<void> {
  const errors = [await endpointError(payload.endpoint, deps), ...keyErrors(payload.keys)].filter(
    (error): error is FieldError => error !== null,
  )
  if (errors.length > 0) throw badRequest('Invalid request', errors)
}

// Every named account must be one of the person's (403 otherwise, as for any other account).
async function requireMemberOfAll(db: Db, userId: string, submerchantIds: string[]) {
  if (submerchantIds.length === 0) return
  const rows = await db
    .select({ id: submerchantUsers.submerchantId })
    .from(submerchantUsers)
    .where(
      and(
        eq(submerchantUsers.userId, userId),
        inArray(submerchantUsers.submerchantId, submerchantIds),
      ),
    )
  if (rows.length !== submerchantIds.length) {
    throw forbidden('Not permitted for this account', 'invalid_perspective')
  }
}

/**
 * Saves the device's subscription. The same endpoint again replaces the earlier one in place (its
 * pending pushes stay); an endpoint another person had subscribed moves to this one, since a
 * browser profile has one push address and only the person signed in there now should get pushes.
 */
export async function savePushSubscription(
  db: Db,
  who: { userId: string; deviceId: string | null },
  payload: PushSubscriptionPayload,
  now: Date,
): Promise<PushSubscription> {
  const { userId, deviceId } = who
  const submerchantIds = [...new Set(payload.submerchantIds)]
  const eventTypes = [...new Set(payload.eventTypes)]
  await requireMemberOfAll(db, userId, submerchantIds)
  const values = {
    p256dh: payload.keys.p256dh,
    auth: payload.keys.auth,
    submerchantIds,
    eventTypes,
    isEnabled: true,
    failureCount: 0,
    updatedAt: now,
    deviceId,
  }
  const row = await db.transaction(async (tx) => {
    // Two saves of one endpoint at once must not both insert.
    await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${payload.endpoint}))`)
    await tx
      .delete(pushSubscriptions)
      .where(
        and(eq(pushSubscriptions.endpoint, payload.endpoint), ne(pushSubscriptions.userId, userId)),
      )
    const [updated] = await tx
      .update(pushSubscriptions)
      .set(values)
      .where(
        and(eq(pushSubscriptions.endpoint, payload.endpoint), eq(pushSubscriptions.userId, userId)),
      )
      .returning()
    if (updated) return updated
    const [inserted] = await tx
      .insert(pushSubscriptions)
      .values({
        id: newId('psub'),
        userId,
        endpoint: payload.endpoint,
        createdAt: now,
        ...values,
      })
      .returning()
    const kept = await tx
      .select({ id: pushSubscriptions.id })
      .from(pushSubscriptions)
      .where(eq(pushSubscriptions.userId, userId))
      .orderBy(asc(pushSubscriptions.updatedAt), asc(pushSubscriptions.id))
    const surplus = kept.slice(0, Math.max(0, kept.length - MAX_SUBSCRIPTIONS_PER_USER))
    if (surplus.length > 0) {
      await tx.delete(pushSubscriptions).where(
        inArray(
          pushSubscriptions.id,
          surplus.map((s) => s.id),
        ),
      )
    }
    return inserted!
  })
  return serializePushSubscription(row)
}

export async function listPushSubscriptions(db: Db, userId: string): Promise<PushSubscription[]> {
  const rows = await db
    .select()
    .from(pushSubscriptions)
    .where(eq(pushSubscriptions.userId, userId))
    .orderBy(asc(pushSubscriptions.createdAt), asc(pushSubscriptions.id))
  return rows.map(serializePushSubscription)
}

/**
 * Sessions end what they started (docs/events.md#push): a password change keeps the pushes of the
 * device it was made on only (`keepDeviceId`; null keeps none), a reset or signing out everywhere
 * keeps none. Their queued pushes go with them (on delete cascade).
 */
export async function dropSubscriptionsOfOtherDevices(
  tx: Db,
  userId: string,
  keepDeviceId: string | null,
): Promise<void> {
  await tx
    .delete(pushSubscriptions)
    .where(
      and(
        eq(pushSubscriptions.userId, userId),
        keepDeviceId === null
          ? undefined
          : sql`${pushSubscriptions.deviceId} is distinct from ${keepDeviceId}`,
      ),
    )
}

// A person who leaves an account, or is removed from it, gets no more of its pushes: it leaves
// their subscriptions, and its pushes already queued for them are dropped.
export async function dropAccountFromSubscriptions(
  tx: Db,
  userId: string,
  submerchantId: string,
): Promise<void> {
  await tx
    .update(pushSubscriptions)
    .set({
      submerchantIds: sql`array_remove(${pushSubscriptions.submerchantIds}, ${submerchantId})`,
    })
    .where(
      and(
        eq(pushSubscriptions.userId, userId),
        sql`${submerchantId} = any(${pushSubscriptions.submerchantIds})`,
      ),
    )
  await tx.execute(sql`
    delete from ${pushDeliveries} d
    using ${pushSubscriptions} s, events e
    where s.id = d.subscription_id and e.id = d.event_id
      and s.user_id = ${userId} and e.submerchant_id = ${submerchantId}
      and d.next_attempt_at is not null`)
}

// Only the person's own; anyone else's is as unknown as a made-up id (404).
export async function deletePushSubscription(db: Db, userId: string, id: string): Promise<void> {
  const deleted = await db
    .delete(pushSubscriptions)
    .where(and(eq(pushSubscriptions.id, id), eq(pushSubscriptions.userId, userId)))
    .returning({ id: pushSubscriptions.id })
  if (deleted.length === 0) throw notFound('Push subscription not found')
}
