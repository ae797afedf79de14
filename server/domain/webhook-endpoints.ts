// Webhook endpoints (docs/api.md#developer-tools): the list, create, enable, soft delete and their
// signing secrets. Their notifications are in webhook-notifications.ts, the delivery attempts in
// webhook-attempts.ts.
import { randomBytes } from 'node:crypto'
import { and, eq, getTableColumns, isNull, type SQL } from 'drizzle-orm'
import type {
  WebhookEndpoint,
  WebhookEndpointCreatePayload,
  WebhookEvent,
} from '@/api/schema/developer'
import type { Db } from '../db/client'
import { webhookEndpoints, webhookNotifications } from '../db/schema/core'
import { badRequest, notFound } from '../errors'
import { newId } from '../auth/random'
import type { AccountListResource } from '../lib/account-scope'
import { stringFilter } from '../lib/list-engine'

type EndpointRow = typeof webhookEndpoints.$inferSelect

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
export async function ownEndpoint(db: Db, id: string, submerchantId: string): Promise<EndpointRow> {
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

// The endpoint records its creator: it receives only the events they may see in the account, and
// nothing once they have left it (docs/events.md#who-sees-what).
export async function createWebhookEndpoint(
  db: Db,
  payload: WebhookEndpointCreatePayload,
  now: Date,
  createdByUserId: string,
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
      createdByUserId,
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
