// The activity log the demo data implies (docs/entities.md#team-and-activity): the rows the API
// would have written as each seeded thing was made, by its maker at its time, so the Activity page
// of a fresh start shows the account's history. Only what a person (or key) did writes a row: a
// refund asked for, a payment link made or cancelled, an API key made or disabled, a webhook
// endpoint made or deleted. What the world did (a payment, an expiry, a refund paid back, a
// terminal's sale and its receipt) writes none, so the sales themselves add no rows.
import { execRaw, type Database } from '../db/client'

// `act_` ids sort by time as the API's do: the instant in milliseconds, then a digest of the row.
const ACTIVITY_ID = `'act_' || lpad(to_hex((extract(epoch from x.occurred_at) * 1000)::bigint), 12, '0')
  || substr(md5(x.action || '/' || x.object_id), 1, 12)`

// A change of one field, as the API records it (before → after); none when nothing is there.
const change = (field: string, before: string, after: string) =>
  `jsonb_build_array(jsonb_build_object('field', '${field}', 'before', ${before}, 'after', ${after}))`
const changeIf = (field: string, after: string) =>
  `case when ${after} is null then '[]'::jsonb else ${change(field, 'null', after)} end`

// Each seeded source, as the rows its route writes: actor, time, action, object and changes.
const SOURCES = [
  // POST /v1/intents: the link's amount, currency and reference.
  `select i.submerchant_id, i.created_by as actor_id, i.created_at as occurred_at,
     'payment_link.created' as action, 'payment_link' as object_type, i.id as object_id,
     i.reference as object_label,
     ${change('amount', 'null', 'to_jsonb(i.amount)')} || ${change('currency', 'null', 'to_jsonb(i.currency)')}
       || ${changeIf('reference', 'to_jsonb(i.reference)')} as changes
   from intents i`,
  // PUT /v1/intents/{id}/cancellation, two hours after it was made (as the link's log says).
  `select i.submerchant_id, i.created_by, i.created_at + interval '2 hours',
     'payment_link.cancelled', 'payment_link', i.id, i.reference,
     ${change('status', `'"created"'::jsonb`, `'"cancelled"'::jsonb`)}
   from intents i where i.status = 'cancelled'`,
  // POST /v1/sales/{id}/refund-requests: the refund as it was asked for (pending).
  `select r.submerchant_id, r.created_by, r.created_at,
     'refund.requested', 'sale', r.sale_id, r.id,
     ${change('amount', 'null', 'to_jsonb(r.amount)')} || ${change('refundReason', 'null', 'to_jsonb(r.refund_reason)')}
       || ${change('status', 'null', `'"pending"'::jsonb`)}
   from refund_requests r`,
  // POST /v1/api-keys, then PATCH to disable a disabled key a week later (or now, if sooner).
  `select k.submerchant_id, k.created_by, k.created_at,
     'api_key.created', 'api_key', k.id, coalesce(k.name, k.identifier),
     ${change('permissions', 'null', `to_jsonb(array_to_string(k.permissions, ', '))`)}
   from api_keys k`,
  `select k.submerchant_id, k.created_by, least(k.created_at + interval '7 days', $now),
     'api_key.disabled', 'api_key', k.id, coalesce(k.name, k.identifier),
     ${change('isEnabled', 'to_jsonb(true)', 'to_jsonb(false)')}
   from api_keys k where not k.is_enabled`,
  // POST /v1/webhook-endpoints (made enabled or not), and DELETE for a deleted one.
  `select e.submerchant_id, e.created_by_user_id, e.created_at,
     'webhook_endpoint.created', 'webhook_endpoint', e.id, coalesce(e.name, e.url),
     ${change('events', 'null', `to_jsonb(array_to_string(e.events, ', '))`)}
   from webhook_endpoints e where e.created_by_user_id is not null`,
  `select e.submerchant_id, e.created_by_user_id, e.deleted_at,
     'webhook_endpoint.deleted', 'webhook_endpoint', e.id, coalesce(e.name, e.url), '[]'::jsonb
   from webhook_endpoints e where e.created_by_user_id is not null and e.deleted_at is not null`,
]

/**
 * Writes the activity rows of everything seeded so far, in one INSERT … SELECT (deterministic for a
 * seed apart from the random ids of payment links). Run last, once the things it reads exist.
 */
export async function seedActivity(database: Database, now: Date): Promise<void> {
  const at = `'${now.toISOString()}'::timestamptz`
  await execRaw(
    database,
    `insert into activity_events (id, submerchant_id, occurred_at, actor_type, actor_id, actor_name,
       action, outcome, object_type, object_id, object_label, ip_address, device, changes)
     select ${ACTIVITY_ID}, x.submerchant_id, x.occurred_at, 'user', x.actor_id,
       coalesce(u.display_name, x.actor_id),
       x.action, 'done', x.object_type, x.object_id, x.object_label, null, null, x.changes
     from (${SOURCES.join('\n     union all\n')}) as x(submerchant_id, actor_id, occurred_at, action,
       object_type, object_id, object_label, changes)
     -- The actor's name as the API reads it when it writes the row.
     left join users u on u.id = x.actor_id
     where x.occurred_at <= ${at}`.replaceAll('$now', at),
  )
}
