import { randomBytes } from 'node:crypto'
import { and, eq, getTableColumns, inArray, isNull, type SQL } from 'drizzle-orm'
import type {
  TestNotificationPayload,
  WebhookAttempt,
  WebhookEndpoint,
  WebhookEndpointCreatePayload,
  WebhookEvent,
  WebhookNotification,
} from '@/api/schema/developer'
import type { Db } from '../db/client'
import { webhookAttempts, webhookEndpoints, webhookNotifications } from '../db/schema/core'
import { badRequest, conflict, notFound } from '../errors'
import { newId } from '../auth/random'
import type { AccountListResource } from '../lib/account-scope'
import { stringFilter, type ListResource } from '../lib/list-engine'
import { notificationRow } from './events'
import { findOwnSale } from './sales'

type EndpointRow = typeof webhookEndpoints.$inferSelect
type NotificationRow = typeof webhookNotifications.$inferSelect
type AttemptRow = typeof webhookAttempts.$inferSelect

export const WEBHOOK_ERRORS = {
  endpointNotFound: 'Webhook endpoint not found',
  notificationNotFound: 'Notification not found',
  endpointDisabled: 'The endpoint is disabled',
  saleRequired: 'A sale must be selected',
  httpOnly: 'Only http and https URLs are accepted',
} as const

// After a rotation the previous secret keeps signing (a second v1=) for this long.
export const SECRET_OVERLAP_MS = 24 * 3600_000

const newSigningSecret = () => `whsec_${randomBytes(24).toString('hex')}`

// The Webhook endpoint (docs/entities.md#developer-tools), without its signing secret (returned on creation and rotation only).
export function serializeWebhookEndpoint(row: EndpointRow): WebhookEndpoint {
  return {
    id: row.id,
    submerchantId: row.submerchantId,
    name: row.name,
    url: row.url,
    events: row.events as WebhookEvent[],
    isEnabled: row.isEnabled,
    createdAt: row.createdAt.toISOString(),
  }
}

const endpointColumns = getTableColumns(webhookEndpoints)

// GET /v1/webhook-endpoints: the account's endpoints that are not deleted.
export const webhookEndpointsList: AccountListResource<EndpointRow> = {
  table: webhookEndpoints,
  account: webhookEndpoints.submerchantId,
  noun: 'webhook endpoints',
  columns: endpointColumns,
  serialize: serializeWebhookEndpoint,
  fields: ['id', 'submerchantId', 'name', 'url', 'events', 'isEnabled', 'createdAt'],
  filters: {
    submerchantId: stringFilter(webhookEndpoints.submerchantId),
    id: stringFilter(webhookEndpoints.id),
    isEnabled: { column: webhookEndpoints.isEnabled, type: 'bool' },
  },
  sortable: { createdAt: webhookEndpoints.createdAt, name: webhookEndpoints.name },
  defaultSort: '-createdAt',
  tieBreaker: webhookEndpoints.id,
}

export const notDeleted: SQL = isNull(webhookEndpoints.deletedAt)

// An endpoint of the account that is not deleted; anything else is the same 404.
async function ownEndpoint(db: Db, id: string, submerchantId: string): Promise<EndpointRow> {
  const [row] = await db
    .select()
    .from(webhookEndpoints)
    .where(
      and(
        eq(webhookEndpoints.id, id),
        eq(webhookEndpoints.submerchantId, submerchantId),
        notDeleted,
      ),
    )
  if (!row) throw notFound(WEBHOOK_ERRORS.endpointNotFound)
  return row
}

export async function findOwnWebhookEndpoint(db: Db, id: string, submerchantId: string) {
  return serializeWebhookEndpoint(await ownEndpoint(db, id, submerchantId))
}

// Deliveries are plain HTTP(S) POSTs; other schemes are refused with a field error.
function assertHttpUrl(url: string): void {
  let protocol = ''
  try {
    protocol = new URL(url).protocol
  } catch {
    // The schema already refused unparsable URLs.
  }
  if (protocol !== 'http:' && protocol !== 'https:') {
    throw badRequest(WEBHOOK_ERRORS.httpOnly, [
      { field: 'url', messages: [WEBHOOK_ERRORS.httpOnly] },
    ])
  }
}

export async function createWebhookEndpoint(
  db: Db,
  payload: WebhookEndpointCreatePayload,
  now: Date,
): Promise<WebhookEndpoint> {
  assertHttpUrl(payload.url)
  const signingSecret = newSigningSecret()
  const [row] = await db
    .insert(webhookEndpoints)
    .values({
      id: newId('whe'),
      submerchantId: payload.submerchantId,
      name: payload.name?.trim() || null,
      url: payload.url,
      events: [...new Set(payload.events)],
      isEnabled: payload.isEnabled ?? true,
      signingSecret,
      createdAt: now,
    })
    .returning()
  return { ...serializeWebhookEndpoint(row!), signingSecret }
}

export async function setWebhookEndpointEnabled(
  db: Db,
  id: string,
  submerchantId: string,
  isEnabled: boolean,
): Promise<WebhookEndpoint> {
  await ownEndpoint(db, id, submerchantId)
  const [row] = await db
    .update(webhookEndpoints)
    .set({ isEnabled })
    .where(eq(webhookEndpoints.id, id))
    .returning()
  return serializeWebhookEndpoint(row!)
}

// Soft delete (the history stays for the record); pending deliveries stop at once.
export async function deleteWebhookEndpoint(
  db: Db,
  id: string,
  submerchantId: string,
  now: Date,
): Promise<void> {
  await db.transaction(async (tx) => {
    await ownEndpoint(tx, id, submerchantId)
    await tx
      .update(webhookEndpoints)
      .set({ deletedAt: now, isEnabled: false })
      .where(eq(webhookEndpoints.id, id))
    await tx
      .update(webhookNotifications)
      .set({ nextAttemptAt: null })
      .where(eq(webhookNotifications.endpointId, id))
  })
}

// A new signing secret; the old one keeps signing alongside it for SECRET_OVERLAP_MS.
export async function rotateSigningSecret(
  db: Db,
  id: string,
  submerchantId: string,
  now: Date,
): Promise<WebhookEndpoint> {
  const current = await ownEndpoint(db, id, submerchantId)
  const signingSecret = newSigningSecret()
  const [row] = await db
    .update(webhookEndpoints)
    .set({
      signingSecret,
      previousSigningSecret: current.signingSecret,
      previousSigningSecretExpiresAt: new Date(now.getTime() + SECRET_OVERLAP_MS),
    })
    .where(eq(webhookEndpoints.id, id))
    .returning()
  return { ...serializeWebhookEndpoint(row!), signingSecret }
}

// The secrets that sign a delivery now: the current one, and a rotated-out one inside its overlap.
export function signingSecretsAt(
  row: Pick<
    EndpointRow,
    'signingSecret' | 'previousSigningSecret' | 'previousSigningSecretExpiresAt'
  >,
  now: Date,
): string[] {
  const expires = row.previousSigningSecretExpiresAt
  return row.previousSigningSecret && expires && expires > now
    ? [row.signingSecret, row.previousSigningSecret]
    : [row.signingSecret]
}

export function serializeNotification(row: NotificationRow): WebhookNotification {
  return {
    id: row.id,
    endpointId: row.endpointId,
    event: row.event as WebhookEvent,
    hasSucceeded: row.hasSucceeded,
    attemptCount: row.attemptCount,
    createdAt: row.createdAt.toISOString(),
  }
}

// Test notification (docs/api.md#developer-tools): one delivery of the chosen sale to this endpoint only.
export async function createTestNotification(
  db: Db,
  endpointId: string,
  submerchantId: string,
  payload: TestNotificationPayload,
  now: Date,
): Promise<WebhookNotification> {
  const endpoint = await ownEndpoint(db, endpointId, submerchantId)
  if (!endpoint.isEnabled) throw conflict(WEBHOOK_ERRORS.endpointDisabled, 'endpoint_disabled')
  if (!payload.saleId) {
    const message = WEBHOOK_ERRORS.saleRequired
    throw badRequest(message, [{ field: 'saleId', messages: [message] }])
  }
  const sale = await findOwnSale(db, payload.saleId, submerchantId)
  const [row] = await db
    .insert(webhookNotifications)
    .values(notificationRow(endpointId, { submerchantId, type: payload.event, data: sale, now }))
    .returning()
  return serializeNotification(row!)
}

const notificationColumns = getTableColumns(webhookNotifications)

// GET …/notifications: the history table, filterable by outcome and date.
export const notificationsList: ListResource<NotificationRow> = {
  table: webhookNotifications,
  columns: notificationColumns,
  serialize: serializeNotification,
  fields: ['id', 'endpointId', 'event', 'hasSucceeded', 'attemptCount', 'createdAt'],
  filters: {
    id: stringFilter(webhookNotifications.id),
    event: {
      column: webhookNotifications.event,
      type: 'enum',
      values: ['sale.created', 'intent.authorized'],
    },
    hasSucceeded: { column: webhookNotifications.hasSucceeded, type: 'bool' },
    createdAt: {
      column: webhookNotifications.createdAt,
      type: 'timestamp',
      eq: false,
      range: true,
    },
  },
  sortable: {
    createdAt: webhookNotifications.createdAt,
    attemptCount: webhookNotifications.attemptCount,
    hasSucceeded: webhookNotifications.hasSucceeded,
  },
  defaultSort: '-createdAt',
  tieBreaker: webhookNotifications.id,
}

// The notifications of an endpoint of the account (deleted endpoints keep no visible history).
export async function notificationsScope(db: Db, endpointId: string, submerchantId: string) {
  await ownEndpoint(db, endpointId, submerchantId)
  return eq(webhookNotifications.endpointId, endpointId)
}

export function serializeAttempt(row: Omit<AttemptRow, 'notificationId'>): WebhookAttempt {
  return {
    id: row.id,
    createdAt: row.createdAt.toISOString(),
    requestUrl: row.requestUrl,
    requestHeaders: row.requestHeaders,
    requestBody: row.requestBody,
    responseStatusCode: row.responseStatusCode,
    responseHeaders: row.responseHeaders,
    responseBody: row.responseBody,
  }
}

const { notificationId: _parent, ...attemptColumns } = getTableColumns(webhookAttempts)

// GET …/attempts with offset, limit=5, sort=createdAt.
export const attemptsList: ListResource<Omit<AttemptRow, 'notificationId'>> = {
  table: webhookAttempts,
  columns: attemptColumns,
  serialize: serializeAttempt,
  fields: Object.keys(attemptColumns),
  filters: {},
  sortable: { createdAt: webhookAttempts.createdAt },
  defaultSort: 'createdAt',
  tieBreaker: webhookAttempts.id,
}

export async function attemptsScope(
  db: Db,
  endpointId: string,
  notificationId: string,
  submerchantId: string,
) {
  await ownEndpoint(db, endpointId, submerchantId)
  const [row] = await db
    .select({ id: webhookNotifications.id })
    .from(webhookNotifications)
    .where(
      and(
        eq(webhookNotifications.id, notificationId),
        eq(webhookNotifications.endpointId, endpointId),
      ),
    )
  if (!row) throw notFound(WEBHOOK_ERRORS.notificationNotFound)
  return eq(webhookAttempts.notificationId, notificationId)
}

/**
 * Resend (single or bulk): each named notification of the endpoint is due again now. A resend is
 * one more attempt; a failure is retried on the schedule only inside the 3-day window of the event.
 */
export async function resendNotifications(
  db: Db,
  endpointId: string,
  submerchantId: string,
  notificationIds: string[],
  now: Date,
): Promise<WebhookNotification[]> {
  return db.transaction(async (tx) => {
    const endpoint = await ownEndpoint(tx, endpointId, submerchantId)
    if (!endpoint.isEnabled) throw conflict(WEBHOOK_ERRORS.endpointDisabled, 'endpoint_disabled')
    const rows = await tx
      .update(webhookNotifications)
      .set({ nextAttemptAt: now })
      .where(
        and(
          eq(webhookNotifications.endpointId, endpointId),
          inArray(webhookNotifications.id, notificationIds),
        ),
      )
      .returning()
    // Any id that is not this endpoint's undoes the whole resend.
    if (rows.length !== new Set(notificationIds).size) {
      throw notFound(WEBHOOK_ERRORS.notificationNotFound)
    }
    return rows.map(serializeNotification)
  })
}
