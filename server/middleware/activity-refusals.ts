import type { Context, MiddlewareHandler } from 'hono'
import type { ActivityAction, ActivityObjectType } from '@/api/schema/team'
import type { AppEnv } from '../context'
import { recordActivity } from '../domain/activity'
import { requireAccountObject, underRefusalCap } from '../domain/refused-attempts'
import { HttpError } from '../errors'
import { activityActor, activityOrigin } from '../lib/activity'

// A role rule's 403 (requireAccess, the team rules) and the last-owner rule's 409; other refusals are not attempts that matter.
function isRoleRefusal(error: unknown): boolean {
  if (!(error instanceof HttpError)) return false
  return (
    (error.status === 403 && error.code === 'insufficient_role') ||
    (error.status === 409 && error.code === 'last_owner')
  )
}

interface AuditedRoute {
  method: string
  pattern: RegExp
  action: ActivityAction | ((body: Record<string, unknown>) => ActivityAction)
  object: ActivityObjectType
}

const toggle =
  (base: 'api_key' | 'webhook_endpoint') =>
  (body: Record<string, unknown>): ActivityAction =>
    body.isEnabled === false ? `${base}.disabled` : `${base}.enabled`

const ID = '([^/]+)'
// The audited writes a role rule can refuse (docs/entities.md#team-and-activity); group 1 is the
// object's id (group 2: a sale's refund).
const AUDITED_ROUTES: AuditedRoute[] = [
  ['POST', `/v1/sales/${ID}/refund-requests`, 'refund.requested', 'sale'],
  ['PATCH', `/v1/sales/${ID}/refund-requests/${ID}`, 'refund.edited', 'sale'],
  ['DELETE', `/v1/sales/${ID}/refund-requests/${ID}`, 'refund.deleted', 'sale'],
  ['POST', '/v1/intents', 'payment_link.created', 'payment_link'],
  ['PATCH', `/v1/intents/${ID}`, 'payment_link.edited', 'payment_link'],
  ['PUT', `/v1/intents/${ID}/cancellation`, 'payment_link.cancelled', 'payment_link'],
  ['PUT', `/v1/intents/${ID}/authorization/capture`, 'payment_link.captured', 'payment_link'],
  ['PUT', `/v1/intents/${ID}/reset`, 'payment_link.reset', 'payment_link'],
  ['DELETE', `/v1/intents/${ID}`, 'payment_link.deleted', 'payment_link'],
  ['POST', `/v1/intents/${ID}/customer-notifications`, 'payment_link.resent', 'payment_link'],
  ['POST', '/v1/intent-imports', 'payment_link.import_started', 'payment_link_import'],
  [
    'PUT',
    `/v1/intent-imports/${ID}/completion`,
    'payment_link.import_finished',
    'payment_link_import',
  ],
  ['POST', '/v1/api-keys', 'api_key.created', 'api_key'],
  ['PATCH', `/v1/api-keys/${ID}`, toggle('api_key'), 'api_key'],
  ['POST', '/v1/webhook-endpoints', 'webhook_endpoint.created', 'webhook_endpoint'],
  ['PATCH', `/v1/webhook-endpoints/${ID}`, toggle('webhook_endpoint'), 'webhook_endpoint'],
  ['DELETE', `/v1/webhook-endpoints/${ID}`, 'webhook_endpoint.deleted', 'webhook_endpoint'],
  [
    'POST',
    `/v1/webhook-endpoints/${ID}/signing-secret-rotations`,
    'webhook_endpoint.rotated',
    'webhook_endpoint',
  ],
  [
    'POST',
    `/v1/webhook-endpoints/${ID}/test-notifications`,
    'webhook_endpoint.test_sent',
    'webhook_endpoint',
  ],
  [
    'POST',
    `/v1/webhook-endpoints/${ID}/notifications/resends`,
    'webhook_endpoint.resent',
    'webhook_endpoint',
  ],
  ['POST', `/v1/submerchants/[^/]+/invitations`, 'member.invited', 'invitation'],
  [
    'POST',
    `/v1/submerchants/[^/]+/invitations/${ID}/resend`,
    'member.invitation_resent',
    'invitation',
  ],
  ['DELETE', `/v1/submerchants/[^/]+/invitations/${ID}`, 'member.invitation_revoked', 'invitation'],
  ['PATCH', `/v1/submerchants/[^/]+/users/${ID}`, 'member.role_changed', 'member'],
  ['DELETE', `/v1/submerchants/[^/]+/users/${ID}`, 'member.removed', 'member'],
].map(([method, path, action, object]) => ({
  method: method as string,
  pattern: new RegExp(`^${path as string}/?$`),
  action: action as AuditedRoute['action'],
  object: object as ActivityObjectType,
}))

async function bodyOf(c: Context<AppEnv>): Promise<Record<string, unknown>> {
  try {
    const body: unknown = await c.req.json()
    return body && typeof body === 'object' ? (body as Record<string, unknown>) : {}
  } catch {
    return {}
  }
}

/**
 * A write of the activity log's list that a role rule refused is recorded too, marked refused,
 * after the request's own transaction has rolled back (docs/entities.md#team-and-activity). Only
 * for an object that is the account's own (another id is 404, as for anyone), and at most
 * REFUSALS_PER_PERSON_PER_HOUR rows per person (the refusal itself stands).
 */
export function recordRefusals(): MiddlewareHandler<AppEnv> {
  return async (c, next) => {
    await next()
    if (!isRoleRefusal(c.error)) return
    const auth = c.get('auth')
    if (!auth?.submerchantId) return
    const route = AUDITED_ROUTES.find(
      (r) => r.method === c.req.method && r.pattern.test(c.req.path),
    )
    if (!route) return
    const db = c.get('deps').db.db
    const [, objectId, refundId] = route.pattern.exec(c.req.path) ?? []
    const object = objectId ? { type: route.object, id: objectId } : null
    if (object) {
      await requireAccountObject(db, auth.submerchantId, {
        ...object,
        ...(refundId ? { refundId } : {}),
      })
    }
    const actor = activityActor(c)
    const origin = activityOrigin(c)
    if (!(await underRefusalCap(db, actor, auth.submerchantId, origin.now))) return
    const action = typeof route.action === 'function' ? route.action(await bodyOf(c)) : route.action
    await recordActivity(db, { submerchantId: auth.submerchantId }, actor, origin, {
      action,
      outcome: 'refused',
      object,
    })
  }
}
