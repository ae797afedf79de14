import { Hono, type Context } from 'hono'
import {
  CapturePayload,
  CustomerNotificationPayload,
  IntentCreatePayload,
  IntentUpdatePayload,
} from '@/api/schema/intents'
import { accessForRequest, requireAccess, requireEnrolled } from '../auth/access'
import type { AppEnv } from '../context'
import {
  cancelIntent,
  captureIntent,
  createIntent,
  deleteIntent,
  resetIntent,
  updateIntent,
} from '../domain/intents'
import { expireDueIntents, findOwnIntent, type IntentScope } from '../domain/intent-locks'
import { resendNotifications } from '../domain/intent-notifications'
import { intentsList, serializeIntent } from '../domain/intent-records'
import type { Intent } from '@/api/schema/intents'
import type { ActivityAction } from '@/api/schema/team'
import type { Db } from '../db/client'
import { diffFields } from '../domain/activity'
import { forbidden } from '../errors'
import { audited } from '../lib/activity'
import { runAccountList } from '../lib/account-scope'
import { publicOrigin } from '../lib/public-url'
import { creatorId, requireAuth } from '../middleware/auth'
import { requirePerspective } from '../middleware/perspective'
import { parseJsonBody } from '../middleware/validate'

function intentScope(c: Context<AppEnv>): IntentScope {
  return { intentId: c.req.param('id') ?? '', submerchantId: requirePerspective(c) }
}

function changeContext(c: Context<AppEnv>) {
  return { origin: publicOrigin(c), now: c.get('deps').clock.now() }
}

// docs/roles.md#payment-links: changing a link (edit, cancel, capture, reset, delete, resend) is for owners and managers.
async function requireModify(c: Context<AppEnv>): Promise<IntentScope> {
  const scope = intentScope(c)
  await requireAccess(c, 'canEditPaymentLinks')
  return scope
}

// What a payment link's activity row shows changing (never the customer's contact details).
const LINK_FIELDS = [
  'status',
  'amount',
  'currency',
  'reference',
  'description',
  'customerName',
  'captureAmount',
] as const

const linkObject = (intent: Pick<Intent, 'id' | 'reference'>) => ({
  type: 'payment_link' as const,
  id: intent.id,
  label: intent.reference,
})

// A change of one link with its activity row: the link before and after, in one transaction.
async function auditedChange(
  c: Context<AppEnv>,
  scope: IntentScope,
  action: ActivityAction,
  change: (tx: Db) => Promise<Intent | null>,
): Promise<Intent | null> {
  const ctx = changeContext(c)
  const { after } = await audited(
    c,
    async (tx) => ({
      before: serializeIntent(await findOwnIntent(tx, scope, ctx), ctx.origin),
      after: await change(tx),
    }),
    ({ before, after }) => ({
      action,
      object: linkObject(after ?? before),
      changes: diffFields(before, after, LINK_FIELDS),
    }),
  )
  return after
}

// Payment links (intents) of the perspective account (docs/api.md#payment-links).
export function intentRoutes(): Hono<AppEnv> {
  const app = new Hono<AppEnv>()

  app.get('/', async (c) => {
    const submerchantId = requirePerspective(c)
    await expireDueIntents(c.get('deps').db.db, { submerchantId }, changeContext(c))
    return runAccountList(c, intentsList(publicOrigin(c)))
  })

  app.post('/', async (c) => {
    const submerchantId = requirePerspective(c)
    await requireAccess(c, 'canCreatePaymentLinks')
    await requireEnrolled(c)
    const payload = await parseJsonBody(c, IntentCreatePayload)
    if (payload.submerchantId !== submerchantId) {
      throw forbidden('You can only create payment links for the account in Token-Perspective')
    }
    const auth = requireAuth(c)
    const requiresJobNumber = (await accessForRequest(c)).requiresJobNumber
    const intent = await audited(
      c,
      (tx) =>
        createIntent(tx, {
          submerchantId,
          payload,
          createdBy: creatorId(auth),
          requiresJobNumber,
          ...changeContext(c),
        }),
      (created) => ({
        action: 'payment_link.created',
        object: linkObject(created),
        changes: diffFields(null, created, ['amount', 'currency', 'reference']),
      }),
    )
    return c.json(intent, 201)
  })

  app.get('/:id', async (c) => {
    const scope = intentScope(c)
    const ctx = changeContext(c)
    return c.json(serializeIntent(await findOwnIntent(c.get('deps').db.db, scope, ctx), ctx.origin))
  })

  app.patch('/:id', async (c) => {
    const scope = await requireModify(c)
    const payload = await parseJsonBody(c, IntentUpdatePayload)
    const { requiresJobNumber } = await accessForRequest(c)
    const intent = await auditedChange(c, scope, 'payment_link.edited', (tx) =>
      updateIntent(tx, scope, { payload, requiresJobNumber, ...changeContext(c) }),
    )
    return c.json(intent)
  })

  app.put('/:id/cancellation', async (c) => {
    const scope = await requireModify(c)
    const intent = await auditedChange(c, scope, 'payment_link.cancelled', (tx) =>
      cancelIntent(tx, scope, changeContext(c)),
    )
    return c.json(intent)
  })

  app.put('/:id/authorization/capture', async (c) => {
    const scope = await requireModify(c)
    const payload = await parseJsonBody(c, CapturePayload)
    const intent = await auditedChange(c, scope, 'payment_link.captured', (tx) =>
      captureIntent(tx, scope, { payload, ...changeContext(c) }),
    )
    return c.json(intent)
  })

  app.put('/:id/reset', async (c) => {
    const scope = await requireModify(c)
    const intent = await auditedChange(c, scope, 'payment_link.reset', (tx) =>
      resetIntent(tx, scope, changeContext(c)),
    )
    return c.json(intent)
  })

  app.delete('/:id', async (c) => {
    const scope = await requireModify(c)
    await auditedChange(c, scope, 'payment_link.deleted', async (tx) => {
      await deleteIntent(tx, scope, changeContext(c))
      return null
    })
    return c.body(null, 204)
  })

  app.post('/:id/customer-notifications', async (c) => {
    const scope = await requireModify(c)
    const payload = await parseJsonBody(c, CustomerNotificationPayload)
    const intent = await auditedChange(c, scope, 'payment_link.resent', (tx) =>
      resendNotifications(tx, scope, { payload, ...changeContext(c) }),
    )
    return c.json(intent, 201)
  })

  return app
}
