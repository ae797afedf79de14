// Refused attempts in the activity log (docs/entities.md#team-and-activity): a row only for an
// object that is the account's own, and at most REFUSALS_PER_PERSON_PER_HOUR rows per person.
import { sql } from 'drizzle-orm'
import type { ActivityObjectType } from '@/api/schema/team'
import type { Db } from '../db/client'
import { notFound } from '../errors'
import type { ActivityActor } from './activity'
import { API_KEY_ERRORS } from './api-keys'
import { IMPORT_ERRORS } from './intent-imports'
import { INVITATION_MESSAGES } from './invitations'
import { REFUND_ERRORS } from './refunds'
import { TEAM_MESSAGES } from './team-members'
import { WEBHOOK_ERRORS } from './webhook-endpoints'

export const REFUSALS_PER_PERSON_PER_HOUR = 60
const HOUR_MS = 60 * 60 * 1000

// Where each kind of object an attempt can name lives (its table and the column of its id), and
// the 404 its own route gives for an id it does not find.
const OBJECT_TABLES: Partial<
  Record<ActivityObjectType, { table: string; id: string; missing: string }>
> = {
  sale: { table: 'sales', id: 'id', missing: REFUND_ERRORS.saleNotFound },
  payment_link: { table: 'intents', id: 'id', missing: 'Payment link not found' },
  payment_link_import: { table: 'intent_imports', id: 'id', missing: IMPORT_ERRORS.notFound },
  api_key: { table: 'api_keys', id: 'id', missing: API_KEY_ERRORS.notFound },
  webhook_endpoint: {
    table: 'webhook_endpoints',
    id: 'id',
    missing: WEBHOOK_ERRORS.endpointNotFound,
  },
  invitation: { table: 'invitations', id: 'id', missing: INVITATION_MESSAGES.notFound },
  member: { table: 'submerchant_users', id: 'user_id', missing: TEAM_MESSAGES.memberNotFound },
}

export interface NamedObject {
  type: ActivityObjectType
  id: string
  // A refund of the sale named by `id` (its edit or delete).
  refundId?: string
}

/**
 * Checks that the object an attempt names is the account's own: an id of another account, or of
 * nothing, is 404 as the change itself answers it for someone its role allows, and never logged.
 */
export async function requireAccountObject(
  db: Db,
  submerchantId: string,
  object: NamedObject,
): Promise<void> {
  const where = OBJECT_TABLES[object.type]
  if (!where) return
  const found = await db.execute(
    sql`select 1 from ${sql.identifier(where.table)}
        where ${sql.identifier(where.id)} = ${object.id} and submerchant_id = ${submerchantId}
        limit 1`,
  )
  if (found.rows.length === 0) throw notFound(where.missing)
  if (object.refundId === undefined) return
  const refund = await db.execute(
    sql`select 1 from refund_requests
        where id = ${object.refundId} and sale_id = ${object.id} and submerchant_id = ${submerchantId}`,
  )
  if (refund.rows.length === 0) throw notFound(REFUND_ERRORS.refundNotFound)
}

/**
 * Whether the actor may have one more refused row: fewer than REFUSALS_PER_PERSON_PER_HOUR in the
 * hour before `now`, over the accounts they are a member of (a key: its own account). Past the cap
 * the attempt is still refused, only no longer written down, so a loop of refused calls cannot
 * bury the account's log.
 */
export async function underRefusalCap(
  db: Db,
  actor: ActivityActor,
  submerchantId: string,
  now: Date,
): Promise<boolean> {
  const since = new Date(now.getTime() - HOUR_MS).toISOString()
  const counted = await db.execute<{ n: number }>(
    sql`select count(*)::int as n from (
          select 1 from activity_events
          where submerchant_id in (
                  select submerchant_id from submerchant_users where user_id = ${actor.id}
                  union all select ${submerchantId})
            and actor_id = ${actor.id} and outcome = 'refused'
            and occurred_at > ${since}::timestamptz
          limit ${REFUSALS_PER_PERSON_PER_HOUR}) as recent`,
  )
  return (counted.rows[0]?.n ?? 0) < REFUSALS_PER_PERSON_PER_HOUR
}
