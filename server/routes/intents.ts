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
import { forbidden } from '../errors'
import { runAccountList } from '../lib/account-scope'
import { publicOrigin } from '../lib/public-url'
import { requireAuth } from '../middleware/auth'
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

// Payment links (intents) of the perspective account (docs/api.md#payment-links).
export function intentRoutes(): Hono<AppEnv> {
  const app = new Hono<AppEnv>()

  app.get('/', async (c) => {
    const submerchantId = requirePerspective(c)
    const { db, clock } = c.get('deps')
    await expireDueIntents(db.db, { submerchantId }, clock.now())
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
    const intent = await createIntent(c.get('deps').db.db, {
      submerchantId,
      payload,
      createdBy: auth.via === 'api_key' && auth.apiKeyId ? auth.apiKeyId : auth.userId,
      requiresJobNumber: (await accessForRequest(c)).requiresJobNumber,
      ...changeContext(c),
    })
    return c.json(intent, 201)
  })

  app.get('/:id', async (c) => {
    const scope = intentScope(c)
    const { db, clock } = c.get('deps')
    return c.json(serializeIntent(await findOwnIntent(db.db, scope, clock.now()), publicOrigin(c)))
  })

  app.patch('/:id', async (c) => {
    const scope = await requireModify(c)
    const payload = await parseJsonBody(c, IntentUpdatePayload)
    const { requiresJobNumber } = await accessForRequest(c)
    const intent = await updateIntent(c.get('deps').db.db, scope, {
      payload,
      requiresJobNumber,
      ...changeContext(c),
    })
    return c.json(intent)
  })

  app.put('/:id/cancellation', async (c) => {
    const scope = await requireModify(c)
    return c.json(await cancelIntent(c.get('deps').db.db, scope, changeContext(c)))
  })

  app.put('/:id/authorization/capture', async (c) => {
    const scope = await requireModify(c)
    const payload = await parseJsonBody(c, CapturePayload)
    const intent = await captureIntent(c.get('deps').db.db, scope, {
      payload,
      ...changeContext(c),
    })
    return c.json(intent)
  })

  app.put('/:id/reset', async (c) => {
    const scope = await requireModify(c)
    return c.json(await resetIntent(c.get('deps').db.db, scope, changeContext(c)))
  })

  app.delete('/:id', async (c) => {
    const scope = await requireModify(c)
    await deleteIntent(c.get('deps').db.db, scope, c.get('deps').clock.now())
    return c.body(null, 204)
  })

  app.post('/:id/customer-notifications', async (c) => {
    const scope = await requireModify(c)
    const payload = await parseJsonBody(c, CustomerNotificationPayload)
    const intent = await resendNotifications(c.get('deps').db.db, scope, {
      payload,
      ...changeContext(c),
    })
    return c.json(intent, 201)
  })

  return app
}
