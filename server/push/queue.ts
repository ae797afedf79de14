// Push deliveries of one event, written in the transaction that writes the event
// (docs/events.md#push): one row per subscription that asked for the account and the type, of a
// member whose role may see that type there. The delivery loop (delivery.ts) sends them.
import { and, arrayContains, eq } from 'drizzle-orm'
import type { EventType } from '@/api/schema/event-values'
import { checkAccess, eventRule } from '@/policy/access'
import { subjectColumns, subjectOf } from '../auth/access'
import { newId } from '../auth/random'
import type { Db } from '../db/client'
import { submerchants, submerchantUsers } from '../db/schema/core'
import { pushDeliveries, pushSubscriptions } from '../db/schema/events'

export interface QueuedEvent {
  id: string
  submerchantId: string
  type: EventType
  createdAt: Date
  objectId: string
  data: Record<string, unknown>
}

// Every event pays for this: one select of the candidates with their role and account, one insert.
export async function queuePushDeliveries(tx: Db, event: QueuedEvent): Promise<number> {
  // Joining the membership drops a subscription that still lists an account its person has left.
  const candidates = await tx
    .select({ subscriptionId: pushSubscriptions.id, ...subjectColumns })
    .from(pushSubscriptions)
    .innerJoin(
      submerchantUsers,
      and(
        eq(submerchantUsers.userId, pushSubscriptions.userId),
        eq(submerchantUsers.submerchantId, event.submerchantId),
      ),
    )
    .innerJoin(submerchants, eq(submerchants.id, submerchantUsers.submerchantId))
    .where(
      and(
        eq(pushSubscriptions.isEnabled, true),
        arrayContains(pushSubscriptions.submerchantIds, [event.submerchantId]),
        arrayContains(pushSubscriptions.eventTypes, [event.type]),
      ),
    )
  const rule = eventRule(event.type)
  const allowed = rule
    ? candidates.filter((row) => checkAccess(rule, subjectOf(row)).allowed)
    : candidates
  if (allowed.length === 0) return 0
  await tx.insert(pushDeliveries).values(
    allowed.map((row) => ({
      id: newId('psd'),
      subscriptionId: row.subscriptionId,
      eventId: event.id,
      nextAttemptAt: event.createdAt,
      createdAt: event.createdAt,
    })),
  )
  return allowed.length
}
