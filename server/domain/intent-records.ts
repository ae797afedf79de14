// A payment link's row and what every other intent module builds on: its statuses, log lines,
// pay-page path, the API's Intent and the list resource. Imports no other intent module.
import { eq, getTableColumns } from 'drizzle-orm'
import {
  CAPTURE_MODES,
  FINAL_INTENT_STATUSES,
  INTENT_STATUSES,
  type Intent,
  type IntentStatus,
} from '@/api/schema/intents'
import type { EventType } from '@/api/schema/event-values'
import type { Db } from '../db/client'
import { recordEvent } from './events'
import { intentSearchText, intents } from '../db/schema/core'
import type { AccountListResource } from '../lib/account-scope'
import {
  boolFilter,
  enumFilter,
  intFilter,
  stringFilter,
  timeRangeFilter,
} from '../lib/list-engine'

export type IntentRow = typeof intents.$inferSelect

const FINAL = new Set<string>(FINAL_INTENT_STATUSES)
export const isFinal = (status: string) => FINAL.has(status)

// Authorised money waits for capture (or cancel/reset); only the other open statuses expire.
export const EXPIRES_UNLESS = 'authorized_pending_capture'

// `[2026-11-23T10:15:00Z] Payment authorised`: the log lines the detail page shows.
export function logLine(at: Date, text: string): string {
  return `[${at.toISOString().slice(0, 19)}Z] ${text}`
}

export function payPath(intentId: string): string {
  return `/pay/${encodeURIComponent(intentId)}`
}

// The API's Intent; the pay-page link is made absolute on the configured public origin.
export function serializeIntent(row: IntentRow, origin: string): Intent {
  return {
    id: row.id,
    submerchantId: row.submerchantId,
    amount: row.amount,
    currency: row.currency,
    status: row.status as IntentStatus,
    statusIsFinal: row.statusIsFinal,
    captureMode: row.captureMode,
    captureAmount: row.captureAmount,
    reference: row.reference,
    description: row.description,
    customerName: row.customerName,
    customerPhoneNumber: row.customerPhoneNumber,
    customerEmailAddress: row.customerEmailAddress,
    customerSmsSent: row.customerSmsSent,
    customerEmailSent: row.customerEmailSent,
    customerIpAddress: row.customerIpAddress,
    customerDeviceInfo: row.customerDeviceInfo,
    createdAt: row.createdAt.toISOString(),
    createdBy: row.createdBy,
    succeededAt: row.succeededAt?.toISOString() ?? null,
    authorizedAt: row.authorizedAt?.toISOString() ?? null,
    expiresAt: row.expiresAt?.toISOString() ?? null,
    clientAccessUrl: new URL(row.clientAccessPath, origin).toString(),
    // The portal draws the QR from clientAccessUrl (qrcode); the sandbox stores no image.
    clientAccessQrCode: null,
    saleId: row.saleId,
    logs: row.logs,
  }
}

// GET /v1/intents: filters on reference, amount and status, createdAt and succeededAt, and q.
export function intentsList(origin: string): AccountListResource<IntentRow> {
  return {
    table: intents,
    account: intents.submerchantId,
    noun: 'payment links',
    columns: getTableColumns(intents),
    serialize: (row) => serializeIntent(row, origin),
    fields: Object.keys(serializeIntent(SAMPLE_ROW, 'http://x')),
    filters: {
      submerchantId: stringFilter(intents.submerchantId),
      id: stringFilter(intents.id),
      reference: stringFilter(intents.reference),
      status: enumFilter(intents.status, INTENT_STATUSES),
      statusIsFinal: boolFilter(intents.statusIsFinal),
      captureMode: enumFilter(intents.captureMode, CAPTURE_MODES),
      amount: intFilter(intents.amount, { range: true }),
      currency: stringFilter(intents.currency),
      saleId: stringFilter(intents.saleId),
      createdAt: timeRangeFilter(intents.createdAt),
      succeededAt: timeRangeFilter(intents.succeededAt),
      expiresAt: timeRangeFilter(intents.expiresAt),
    },
    sortable: {
      createdAt: intents.createdAt,
      amount: intents.amount,
      status: intents.status,
      reference: intents.reference,
      customerName: intents.customerName,
      succeededAt: intents.succeededAt,
      expiresAt: intents.expiresAt,
      id: intents.id,
    },
    defaultSort: '-createdAt',
    tieBreaker: intents.id,
    q: [
      intents.reference,
      intents.customerName,
      intents.description,
      intents.customerEmailAddress,
      intents.customerPhoneNumber,
      intents.id,
    ],
    qText: intentSearchText(intents),
  }
}

const SAMPLE_ROW: IntentRow = {
  id: 'int_x',
  submerchantId: 'sub_x',
  amount: 0,
  currency: 'GBP',
  status: 'created',
  statusIsFinal: false,
  captureMode: 'automatic',
  captureAmount: null,
  reference: null,
  description: null,
  customerName: null,
  customerPhoneNumber: null,
  customerEmailAddress: null,
  customerSmsSent: false,
  customerEmailSent: false,
  customerIpAddress: null,
  customerDeviceInfo: null,
  customerCountryCode: null,
  customerPostcode: null,
  brandIdentifier: null,
  createdAt: new Date(0),
  createdBy: 'usr_x',
  updatedAt: new Date(0),
  succeededAt: null,
  authorizedAt: null,
  expiresAt: null,
  clientAccessPath: '/pay/int_x',
  saleId: null,
  logs: [],
  cardLastFour: null,
  cardScheme: null,
}

// The event of each status a link can move to (docs/events.md#event-types).
const STATUS_EVENTS: Partial<Record<string, EventType>> = {
  authorized_pending_capture: 'intent.authorized',
  succeeded: 'intent.succeeded',
  payment_declined: 'intent.payment_declined',
  expired: 'intent.expired',
  cancelled: 'intent.cancelled',
}

// Records the event of the link's new status, if it has one, in the change's transaction.
export async function recordIntentEvent(
  tx: Db,
  row: IntentRow,
  ctx: { origin: string; now: Date },
): Promise<void> {
  const type = STATUS_EVENTS[row.status]
  if (!type) return
  await recordEvent(tx, {
    submerchantId: row.submerchantId,
    type,
    data: serializeIntent(row, ctx.origin),
    now: ctx.now,
  })
}

export async function setIntent(tx: Db, id: string, next: Partial<IntentRow>): Promise<IntentRow> {
  const [row] = await tx.update(intents).set(next).where(eq(intents.id, id)).returning()
  if (!row) throw new Error('intent update returned no row')
  return row
}
