// Events (docs/events.md): one call records a change of an account's money objects, inside the
// caller's transaction.
//
// Usage (e.g. the pay page creating a sale):
//
//   await db.transaction(async (tx) => {
//     const [sale] = await tx.insert(sales).values(row).returning()
//     await recordEvent(tx, {
//       submerchantId: sale.submerchantId,
//       type: 'sale.created',
//       data: serializeSale(sale),
//       now: c.get('deps').clock.now(),
//     })
//   })
//
// It writes the `events` row, tells every server about it at commit (NOTIFY; the event hub of each
// server hands it to its open streams), and writes one webhook_notifications row per enabled, not
// deleted endpoint of the account that subscribes to the type, due at once, and one push delivery
// per device subscribed to it (server/push/queue.ts). Everything commits or
// rolls back with the caller's work, so an event is never lost or invented, and webhooks, streams
// and the bell always agree. An endpoint gets the event only while its creator is a member whose
// role may see it (docs/events.md#who-sees-what), as push does for each person.
import { and, arrayContains, eq, inArray, isNull } from 'drizzle-orm'
import type { Role } from '@/api/schema/common'
import type { WebhookEvent } from '@/api/schema/developer'
import { isWebhookEvent } from '@/api/schema/developer-values'
import type { EventType } from '@/api/schema/event-values'
import { runOnHandle } from '../db/client'
import type { Db } from '../db/client'
import { submerchantUsers, webhookEndpoints, webhookNotifications } from '../db/schema/core'
import { randomBytes } from 'node:crypto'
import { newId } from '../auth/random'
import { queuePushDeliveries, rolesSeeing } from '../push/queue'

export interface EventInput {
  submerchantId: string
  type: EventType
  // The object the event is about (the serialized sale or intent, docs/entities.md#webhook-events).
  data: Record<string, unknown>
  // The sandbox clock's time (deps.clock.now()).
  now: Date
}

// The body every delivery carries; `id` is the notification id, stable across retries.
export interface EventPayload {
  id: string
  event: WebhookEvent
  createdAt: string
  data: Record<string, unknown>
}

export function eventPayload(
  id: string,
  type: WebhookEvent,
  data: Record<string, unknown>,
  now: Date,
): EventPayload {
  return { id, event: type, createdAt: now.toISOString(), data }
}

// The notification rows to insert for one endpoint, due now.
export function notificationRow(
  endpointId: string,
  input: EventInput & { type: WebhookEvent },
): typeof webhookNotifications.$inferInsert {
  const id = newId('whn')
  return {
    id,
    endpointId,
    submerchantId: input.submerchantId,
    event: input.type,
    payload: { ...eventPayload(id, input.type, input.data, input.now) },
    nextAttemptAt: input.now,
    createdAt: input.now,
  }
}

// The channel every server listens on; the payload is the event's seq.
export const EVENTS_CHANNEL = 'portal_events'

let sequence = 0

// Ids sort by time, then by the order of writes in this process.
export function eventId(now: Date): string {
  sequence = (sequence + 1) % 0x10000
  const time = now.getTime().toString(16).padStart(12, '0')
  return `evt_${time}${sequence.toString(16).padStart(4, '0')}${randomBytes(4).toString('hex')}`
}

// One fixed statement: the row, and the NOTIFY that PostgreSQL (and PGlite) sends at commit.
const INSERT_EVENT = `with e as (
    insert into events (id, submerchant_id, type, created_at, object_id, data)
    values ($1, $2, $3, $4::timestamptz, $5, $6::jsonb) returning seq)
  select pg_notify('${EVENTS_CHANNEL}', seq::text) from e`

export interface RecordedEvent {
  id: string
  // The webhook notifications written for it (empty when no endpoint subscribes).
  notificationIds: string[]
}

// The id of the object an event is about: the serialized object's own id.
function objectIdOf(data: Record<string, unknown>): string {
  const id = data.id
  if (typeof id !== 'string' || id === '') throw new Error('an event needs its object with an id')
  return id
}

// Stores the event and its webhook notifications.
export async function recordEvent(tx: Db, input: EventInput): Promise<RecordedEvent> {
  const id = eventId(input.now)
  await runOnHandle(tx, INSERT_EVENT, [
    id,
    input.submerchantId,
    input.type,
    input.now.toISOString(),
    objectIdOf(input.data),
    JSON.stringify(input.data),
  ])
  const roles = await rolesSeeing(tx, input)
  await queuePushDeliveries(
    tx,
    {
      id,
      submerchantId: input.submerchantId,
      type: input.type,
      createdAt: input.now,
      objectId: objectIdOf(input.data),
      data: input.data,
    },
    roles,
  )
  return { id, notificationIds: await recordNotifications(tx, input, id, roles) }
}

async function recordNotifications(
  tx: Db,
  input: EventInput,
  eventId: string,
  roles: readonly Role[],
): Promise<string[]> {
  // A reminder for people (docs/events.md#event-types) is no endpoint's to receive.
  const type = input.type
  if (roles.length === 0 || !isWebhookEvent(type)) return []
  const endpoints = await tx
    .select({ id: webhookEndpoints.id })
    .from(webhookEndpoints)
    .innerJoin(
      submerchantUsers,
      and(
        eq(submerchantUsers.userId, webhookEndpoints.createdByUserId),
        eq(submerchantUsers.submerchantId, webhookEndpoints.submerchantId),
      ),
    )
    .where(
      and(
        eq(webhookEndpoints.submerchantId, input.submerchantId),
        eq(webhookEndpoints.isEnabled, true),
        isNull(webhookEndpoints.deletedAt),
        arrayContains(webhookEndpoints.events, [input.type]),
        inArray(submerchantUsers.submerchantRole, [...roles]),
      ),
    )
  if (endpoints.length === 0) return []
  const rows = endpoints.map((endpoint) => ({
    ...notificationRow(endpoint.id, { ...input, type }),
    eventId,
  }))
  await tx.insert(webhookNotifications).values(rows)
  return rows.map((row) => row.id as string)
}
