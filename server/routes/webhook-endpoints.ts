import { Hono, type Context } from 'hono'
import {
  ResendNotificationsPayload,
  TestNotificationPayload,
  ToggleEnabledPayload,
  WebhookEndpointCreatePayload,
} from '@/api/schema/developer'
import type { WebhookEndpoint } from '@/api/schema/developer'
import type { ActivityAction, ActivityChange } from '@/api/schema/team'
import type { AppEnv } from '../context'
import { requireEventAccess } from '../auth/access'
import type { Db } from '../db/client'
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
import { diffFields } from '../domain/activity'
import { audited } from '../lib/activity'
import { addressGuardOf } from '../lib/delivery-kit'
import { requirePublicUrl } from '../lib/public-address'
import { runAccountList } from '../lib/account-scope'
import { assertPayloadAccount, requireDeveloperAccount } from '../lib/developer-access'
import { runList } from '../lib/list-engine'
import { requireAuth } from '../middleware/auth'
import { parseJsonBody } from '../middleware/validate'

// The endpoint by its name or URL, never its signing secret.
const endpointObject = (endpoint: { id: string; name: string | null; url: string }) => ({
  type: 'webhook_endpoint' as const,
  id: endpoint.id,
  label: endpoint.name ?? endpoint.url,
})

// A change of one endpoint with its activity row, in one transaction.
function auditedEndpoint<T>(
  c: Context<AppEnv>,
  action: ActivityAction,
  submerchantId: string,
  work: (tx: Db) => Promise<T>,
  changes: (before: WebhookEndpoint, result: T) => ActivityChange[] = () => [],
): Promise<T> {
  const id = c.req.param('id') ?? ''
  return audited(
    c,
    async (tx) => {
      const before = await findOwnWebhookEndpoint(tx, id, submerchantId)
      return { before, result: await work(tx) }
    },
    ({ before, result }) => ({
      action,
      object: endpointObject(before),
      changes: changes(before, result),
    }),
  ).then(({ result }) => result)
}

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
    await requireEventAccess(c, payload.events)
    await requirePublicUrl(payload.url, 'url', addressGuardOf(c.get('deps')))
    const { userId } = requireAuth(c)
    const endpoint = await audited(
      c,
      (tx) => createWebhookEndpoint(tx, payload, now(c), userId),
      (created) => ({
        action: 'webhook_endpoint.created',
        object: endpointObject(created),
        changes: [{ field: 'events', before: null, after: created.events.join(', ') }],
      }),
    )
    return c.json(endpoint, 201)
  })

  app.get('/:id', async (c) => {
    const submerchantId = await requireDeveloperAccount(c)
    return c.json(await findOwnWebhookEndpoint(db(c), c.req.param('id'), submerchantId))
  })

  app.patch('/:id', async (c) => {
    const submerchantId = await requireDeveloperAccount(c)
    const { isEnabled } = await parseJsonBody(c, ToggleEnabledPayload)
    if (isEnabled) {
      // Turning deliveries back on is held to the rules of a new endpoint.
      const current = await findOwnWebhookEndpoint(db(c), c.req.param('id'), submerchantId)
      await requireEventAccess(c, current.events)
      await requirePublicUrl(current.url, 'url', addressGuardOf(c.get('deps')))
    }
    const action = isEnabled ? 'webhook_endpoint.enabled' : 'webhook_endpoint.disabled'
    const endpoint = await auditedEndpoint(
      c,
      action,
      submerchantId,
      (tx) => setWebhookEndpointEnabled(tx, c.req.param('id'), submerchantId, isEnabled),
      (before, after) => diffFields(before, after, ['isEnabled']),
    )
    return c.json(endpoint)
  })

  app.delete('/:id', async (c) => {
    const submerchantId = await requireDeveloperAccount(c)
    await auditedEndpoint(c, 'webhook_endpoint.deleted', submerchantId, (tx) =>
      deleteWebhookEndpoint(tx, c.req.param('id'), submerchantId, now(c)),
    )
    return c.body(null, 204)
  })

  // Beyond the calls of docs/api.md#developer-tools: a new secret, the old one valid alongside it for 24 h (docs/sandbox-decisions.md).
  app.post('/:id/signing-secret-rotations', async (c) => {
    const submerchantId = await requireDeveloperAccount(c)
    const endpoint = await auditedEndpoint(c, 'webhook_endpoint.rotated', submerchantId, (tx) =>
      rotateSigningSecret(tx, c.req.param('id'), submerchantId, now(c)),
    )
    return c.json(endpoint, 201)
  })

  app.post('/:id/test-notifications', async (c) => {
    const submerchantId = await requireDeveloperAccount(c)
    const payload = await parseJsonBody(c, TestNotificationPayload)
    const notification = await auditedEndpoint(
      c,
      'webhook_endpoint.test_sent',
      submerchantId,
      (tx) => createTestNotification(tx, c.req.param('id'), submerchantId, payload, now(c)),
      (_before, sent) => [{ field: 'event', before: null, after: sent.event }],
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
    const resent = await auditedEndpoint(
      c,
      'webhook_endpoint.resent',
      submerchantId,
      (tx) => resendNotifications(tx, c.req.param('id'), submerchantId, notificationIds, now(c)),
      (_before, sent) => [{ field: 'notifications', before: null, after: sent.length }],
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
