// The notifications of a webhook endpoint (docs/api.md#developer-tools): the history list, the test
// notification and resends. Recording events as notifications is domain/events.ts; sending them is
// server/webhooks/delivery.ts.
import { and, eq, getTableColumns, inArray } from 'drizzle-orm'
import type {
  TestNotificationPayload,
  WebhookEvent,
  WebhookNotification,
} from '@/api/schema/developer'
import type { Db } from '../db/client'
import { webhookNotifications } from '../db/schema/core'
import { badRequest, conflict, notFound } from '../errors'
import { stringFilter, type ListResource } from '../lib/list-engine'
import { notificationRow } from './events'
import { findOwnSale } from './sales'
import { ownEndpoint, WEBHOOK_ERRORS } from './webhook-endpoints'

type NotificationRow = typeof webhookNotifications.$inferSelect

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

// A notification of this endpoint; another endpoint's, or none, is 404.
export async function assertEndpointNotification(
  db: Db,
  endpointId: string,
  notificationId: string,
): Promise<void> {
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
