// Webhook events: one call stores the deliveries of an event, inside the caller's transaction.
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
// It writes one webhook_notifications row per enabled, not deleted endpoint of the account that
// subscribes to the event, due at once. The webhook delivery loop sends
// them; rows commit or roll back with the caller's work, so an event is never lost or invented.
import { and, arrayContains, eq, isNull } from 'drizzle-orm'
import type { WebhookEvent } from '@/api/schema/developer'
import type { Db } from '../db/client'
import { webhookEndpoints, webhookNotifications } from '../db/schema/core'
import { newId } from '../auth/random'

export interface EventInput {
  submerchantId: string
  type: WebhookEvent
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
  input: EventInput,
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

// Stores the event's notifications; returns their ids (empty when no endpoint subscribes).
export async function recordEvent(tx: Db, input: EventInput): Promise<string[]> {
  const endpoints = await tx
    .select({ id: webhookEndpoints.id })
    .from(webhookEndpoints)
    .where(
      and(
        eq(webhookEndpoints.submerchantId, input.submerchantId),
        eq(webhookEndpoints.isEnabled, true),
        isNull(webhookEndpoints.deletedAt),
        arrayContains(webhookEndpoints.events, [input.type]),
      ),
    )
  if (endpoints.length === 0) return []
  const rows = endpoints.map((endpoint) => notificationRow(endpoint.id, input))
  await tx.insert(webhookNotifications).values(rows)
  return rows.map((row) => row.id as string)
}
