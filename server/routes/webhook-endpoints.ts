import { Hono, type Context } from 'hono'
import {
  ResendNotificationsPayload,
  TestNotificationPayload,
  ToggleEnabledPayload,
  WebhookEndpointCreatePayload,
} from '@/api/schema/developer'
import type { AppEnv } from '../context'
import { attemptsList, attemptsScope } from '../domain/webhook-attempts'
import {
  createWebhookEndpoint,
  deleteWebhookEndpoint,
  findOwnWebhookEndpoint,
  notDeleted,
  rotateSigningSecret,
  setWebhookEndpointEnabled,
  webhookEndpointsList,
} from '../domain/webhook-endpoints'
import {
  createTestNotification,
  notificationsList,
  notificationsScope,
  resendNotifications,
} from '../domain/webhook-notifications'
import { runAccountList } from '../lib/account-scope'
import { assertPayloadAccount, requireDeveloperAccount } from '../lib/developer-access'
import { runList } from '../lib/list-engine'
import { parseJsonBody } from '../middleware/validate'

// Webhook endpoints, their notification history and attempts (docs/api.md#developer-tools); owner and manager only (docs/roles.md#developer-tools).
export function webhookEndpointRoutes(): Hono<AppEnv> {
  const app = new Hono<AppEnv>()
  const db = (c: Context<AppEnv>) => c.get('deps').db.db
  const now = (c: Context<AppEnv>) => c.get('deps').clock.now()

  app.get('/', (c) =>
    runAccountList(c, webhookEndpointsList, { rule: 'canUseDeveloperTools', where: notDeleted }),
  )

  // The signing secret is in this answer only.
  app.post('/', async (c) => {
    const submerchantId = await requireDeveloperAccount(c)
    const payload = await parseJsonBody(c, WebhookEndpointCreatePayload)
    assertPayloadAccount(submerchantId, payload.submerchantId)
    return c.json(await createWebhookEndpoint(db(c), payload, now(c)), 201)
  })

  app.get('/:id', async (c) => {
    const submerchantId = await requireDeveloperAccount(c)
    return c.json(await findOwnWebhookEndpoint(db(c), c.req.param('id'), submerchantId))
  })

  app.patch('/:id', async (c) => {
    const submerchantId = await requireDeveloperAccount(c)
    const { isEnabled } = await parseJsonBody(c, ToggleEnabledPayload)
    return c.json(
      await setWebhookEndpointEnabled(db(c), c.req.param('id'), submerchantId, isEnabled),
    )
  })

  app.delete('/:id', async (c) => {
    const submerchantId = await requireDeveloperAccount(c)
    await deleteWebhookEndpoint(db(c), c.req.param('id'), submerchantId, now(c))
    return c.body(null, 204)
  })

  // Beyond the calls of docs/api.md#developer-tools: a new secret, the old one valid alongside it for 24 h (docs/sandbox-decisions.md).
  app.post('/:id/signing-secret-rotations', async (c) => {
    const submerchantId = await requireDeveloperAccount(c)
    return c.json(await rotateSigningSecret(db(c), c.req.param('id'), submerchantId, now(c)), 201)
  })

  app.post('/:id/test-notifications', async (c) => {
    const submerchantId = await requireDeveloperAccount(c)
    const payload = await parseJsonBody(c, TestNotificationPayload)
    const notification = await createTestNotification(
      db(c),
      c.req.param('id'),
      submerchantId,
      payload,
      now(c),
    )
    return c.json(notification, 201)
  })

  app.get('/:id/notifications', async (c) => {
    const submerchantId = await requireDeveloperAccount(c)
    const scope = await notificationsScope(db(c), c.req.param('id'), submerchantId)
    return runList(c, db(c), notificationsList, scope)
  })

  // Beyond the calls of docs/api.md#developer-tools: resend one or many notifications (they become due now).
  app.post('/:id/notifications/resends', async (c) => {
    const submerchantId = await requireDeveloperAccount(c)
    const { notificationIds } = await parseJsonBody(c, ResendNotificationsPayload)
    const resent = await resendNotifications(
      db(c),
      c.req.param('id'),
      submerchantId,
      notificationIds,
      now(c),
    )
    return c.json(resent, 202)
  })

  app.get('/:id/notifications/:notificationId/attempts', async (c) => {
    const submerchantId = await requireDeveloperAccount(c)
    const scope = await attemptsScope(
      db(c),
      c.req.param('id'),
      c.req.param('notificationId'),
      submerchantId,
    )
    return runList(c, db(c), attemptsList, scope)
  })

  return app
}
