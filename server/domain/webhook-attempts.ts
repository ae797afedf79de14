// The delivery attempts of one notification (docs/api.md#developer-tools): what was sent and what
// came back. server/webhooks/delivery.ts records them.
import { eq, getTableColumns } from 'drizzle-orm'
import type { WebhookAttempt } from '@/api/schema/developer'
import type { Db } from '../db/client'
import { webhookAttempts } from '../db/schema/core'
import type { ListResource } from '../lib/list-engine'
import { ownEndpoint } from './webhook-endpoints'
import { assertEndpointNotification } from './webhook-notifications'

type AttemptRow = typeof webhookAttempts.$inferSelect

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
  await assertEndpointNotification(db, endpointId, notificationId)
  return eq(webhookAttempts.notificationId, notificationId)
}
