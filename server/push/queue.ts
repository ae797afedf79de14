// Push deliveries of one event, written in the transaction that writes the event
// (docs/events.md#push): one row per enabled subscription that asked for the account and the type,
// of a member whose role may see that type there. The delivery loop (delivery.ts) sends them.
import { sql } from 'drizzle-orm'
import { ROLES, type Role } from '@/api/schema/common'
import type { EventType } from '@/api/schema/event-values'
import { eventRule } from '@/policy/access'
import { accessAccountOf, rolesPassing } from '../auth/access'
import type { Db } from '../db/client'

export interface QueuedEvent {
  id: string
  submerchantId: string
  type: EventType
  createdAt: Date
  objectId: string
  data: Record<string, unknown>
}

// The roles that may see this event in its account: every member's unless the type has a rule,
// which the policy module judges (once per role, the account read once). Push and webhooks both ask.
export async function rolesSeeing(
  tx: Db,
  event: Pick<QueuedEvent, 'submerchantId' | 'type'>,
): Promise<readonly Role[]> {
  const rule = eventRule(event.type)
  if (!rule) return ROLES
  const account = await accessAccountOf(tx, event.submerchantId)
  return account ? rolesPassing(rule, account) : []
}

/**
 * Every event pays for this, so it is one insert … select (two statements for the few types with a
 * role rule). Joining the membership drops a subscription that still lists an account its person
 * has left. The id is made from the event and the subscription: unique, and the same if retried.
 */
export async function queuePushDeliveries(
  tx: Db,
  event: QueuedEvent,
  roles?: readonly Role[],
): Promise<number> {
  roles ??= await rolesSeeing(tx, event)
  if (roles.length === 0) return 0
  const at = event.createdAt.toISOString()
  const result = await tx.execute<{ id: string }>(sql`
    insert into push_deliveries (id, subscription_id, event_id, next_attempt_at, created_at)
    select 'psd_' || substr(md5(${event.id} || ':' || s.id), 1, 20), s.id, ${event.id},
      ${at}::timestamptz, ${at}::timestamptz
    from push_subscriptions s
    join submerchant_users m on m.user_id = s.user_id and m.submerchant_id = ${event.submerchantId}
    where s.is_enabled
      and ${event.submerchantId} = any(s.submerchant_ids)
      and ${event.type} = any(s.event_types)
      and m.submerchant_role = any(${`{${roles.join(',')}}`}::text[])
    returning id`)
  return result.rows.length
}
