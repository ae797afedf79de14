import { randomBytes } from 'node:crypto'
import { and, eq, getTableColumns, lte, sql } from 'drizzle-orm'
import type { AnyPgColumn } from 'drizzle-orm/pg-core'
import {
  FINAL_INTENT_STATUSES,
  INTENT_STATUSES,
  CAPTURE_MODES,
  type CapturePayload,
  type CustomerNotificationPayload,
  type Intent,
  type IntentCreatePayload,
  type IntentStatus,
  type IntentUpdatePayload,
} from '@/api/schema/intents'
import { parseExpiry } from '@/lib/expiry'
import { formatMoney } from '@/lib/money'
import {
  cannotResendMessage,
  DELETABLE_STATUSES,
  jobNumberProblems,
  PAYMENT_LINK_MESSAGES,
} from '@/lib/payment-link-rules'
import type { Db } from '../db/client'
import { intentSearchText, intents, operators, submerchants } from '../db/schema/core'
import { badRequest, conflict, HttpError, notFound, type FieldError } from '../errors'
import type { AccountListResource } from '../lib/account-scope'
import { intFilter, stringFilter } from '../lib/list-engine'
import { addOutboxMessage } from '../sandbox/outbox'
import { captureIntentSale } from './intent-payments'

export type IntentRow = typeof intents.$inferSelect

export const CUSTOMER_NOTIFICATION_KIND = 'customer_notification'

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

// The §3 Intent; the pay-page link is made absolute on the configured public origin.
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

const ts = (column: AnyPgColumn) => ({ column, type: 'timestamp', eq: false, range: true }) as const

// §7 GET /v1/intents: filters on reference, amount and status, createdAt and succeededAt, and q.
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
      status: { column: intents.status, type: 'enum', values: INTENT_STATUSES },
      statusIsFinal: { column: intents.statusIsFinal, type: 'bool' },
      captureMode: { column: intents.captureMode, type: 'enum', values: CAPTURE_MODES },
      amount: intFilter(intents.amount, { range: true }),
      currency: stringFilter(intents.currency),
      saleId: stringFilter(intents.saleId),
      createdAt: ts(intents.createdAt),
      succeededAt: ts(intents.succeededAt),
      expiresAt: ts(intents.expiresAt),
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

/**
 * The sandbox clock's expiry: links past `expiresAt` that can still expire become `expired`, with
 * a log line stamped at the expiry itself. Run before an account's links are read or changed.
 */
export async function expireDueIntents(
  db: Db,
  scope: { submerchantId: string; intentId?: string },
  now: Date,
): Promise<void> {
  await db
    .update(intents)
    .set({
      status: 'expired',
      statusIsFinal: true,
      updatedAt: sql`${intents.expiresAt}`,
      logs: sql`${intents.logs} || jsonb_build_array('[' || to_char(${intents.expiresAt} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS"Z"') || '] Payment link expired')`,
    })
    .where(
      and(
        eq(intents.submerchantId, scope.submerchantId),
        scope.intentId ? eq(intents.id, scope.intentId) : undefined,
        sql`not ${intents.statusIsFinal}`,
        sql`${intents.status} <> ${EXPIRES_UNLESS}`,
        lte(intents.expiresAt, now),
      ),
    )
}

export interface IntentScope {
  intentId: string
  submerchantId: string
}

export async function findOwnIntent(db: Db, scope: IntentScope, now: Date): Promise<IntentRow> {
  await expireDueIntents(db, scope, now)
  const [row] = await db
    .select()
    .from(intents)
    .where(and(eq(intents.id, scope.intentId), eq(intents.submerchantId, scope.submerchantId)))
  if (!row) throw notFound('Payment link not found')
  return row
}

// The row locked for this transaction, expired first if its time has come.
export async function lockIntent(tx: Db, scope: IntentScope, now: Date): Promise<IntentRow> {
  const [row] = await tx
    .select()
    .from(intents)
    .where(and(eq(intents.id, scope.intentId), eq(intents.submerchantId, scope.submerchantId)))
    .for('update')
  if (!row) throw notFound('Payment link not found')
  if (
    row.expiresAt &&
    row.expiresAt <= now &&
    !row.statusIsFinal &&
    row.status !== EXPIRES_UNLESS
  ) {
    await expireDueIntents(tx, scope, now)
    return (await tx.select().from(intents).where(eq(intents.id, row.id)))[0] ?? row
  }
  return row
}

// 409 with a sentence naming the action and the status that forbids it.
export function wrongState(action: string, status: string): HttpError {
  return conflict(
    `Cannot ${action} a payment link when status is '${status}'`,
    'intent_invalid_state',
  )
}

function refuse(errors: FieldError[]): never {
  throw badRequest(errors[0]?.messages[0] ?? 'Invalid request', errors)
}

interface Merchant {
  name: string
  brandName: string
}

async function merchantOf(db: Db, submerchantId: string): Promise<Merchant> {
  const [row] = await db
    .select({ name: submerchants.name, brandName: operators.brandName })
    .from(submerchants)
    .innerJoin(operators, eq(operators.id, submerchants.operatorId))
    .where(eq(submerchants.id, submerchantId))
  return row ?? { name: 'Your driver', brandName: 'Sandbox Pay' }
}

type Channel = 'sms' | 'email'

// "Sends" the pay link by SMS and/or email (to the sandbox outbox) and records it on the row.
async function notifyCustomer(
  db: Db,
  row: IntentRow,
  channels: readonly Channel[],
  opts: { origin: string; now: Date },
): Promise<Pick<IntentRow, 'customerSmsSent' | 'customerEmailSent' | 'logs'>> {
  const merchant = await merchantOf(db, row.submerchantId)
  const url = new URL(row.clientAccessPath, opts.origin).toString()
  const amount = formatMoney(row.amount, row.currency)
  const what = row.description ? ` for ${row.description}` : ''
  const text = `${merchant.name} asks you to pay ${amount}${what}. Pay securely here: ${url}`
  const logs = [...row.logs]
  let { customerSmsSent, customerEmailSent } = row
  for (const channel of channels) {
    const recipient = channel === 'sms' ? row.customerPhoneNumber : row.customerEmailAddress
    if (!recipient) continue
    await addOutboxMessage(db, {
      channel,
      kind: CUSTOMER_NOTIFICATION_KIND,
      recipient,
      subject: channel === 'email' ? `Payment request from ${merchant.name}` : null,
      body: channel === 'email' ? `${text}\n\nSent by ${merchant.brandName}.` : text,
      metadata: {
        intentId: row.id,
        submerchantId: row.submerchantId,
        clientAccessUrl: url,
        amount: row.amount,
        currency: row.currency,
      },
      createdAt: opts.now,
    })
    if (channel === 'sms') customerSmsSent = true
    else customerEmailSent = true
    logs.push(logLine(opts.now, `Customer notified by ${channel === 'sms' ? 'SMS' : 'email'}`))
  }
  return { customerSmsSent, customerEmailSent, logs }
}

const blankToNull = (value: string | null | undefined) => (value?.trim() ? value.trim() : null)

export interface CreateIntentInput {
  submerchantId: string
  payload: IntentCreatePayload
  createdBy: string
  requiresJobNumber: boolean
  origin: string
  now: Date
}

// §7 POST /v1/intents: validated by the §5 rules, notified at once when asked.
export async function createIntent(db: Db, input: CreateIntentInput): Promise<Intent> {
  const { payload, now } = input
  const errors: FieldError[] = []
  if (input.requiresJobNumber) {
    for (const problem of jobNumberProblems(payload)) {
      errors.push({ field: problem.field, messages: [problem.message] })
    }
  }
  const expiry = parseExpiry(payload.expiryNaturalLanguage, now)
  if (!expiry.ok) errors.push({ field: 'expiryNaturalLanguage', messages: [expiry.message] })
  if (errors.length > 0 || !expiry.ok) refuse(errors)

  const id = `int_${randomBytes(12).toString('hex')}`
  return db.transaction(async (tx) => {
    const [created] = await tx
      .insert(intents)
      .values({
        id,
        submerchantId: input.submerchantId,
        amount: payload.saleAmount,
        currency: payload.currency,
        status: 'created',
        statusIsFinal: false,
        captureMode: payload.captureMode ?? 'automatic',
        reference: blankToNull(payload.reference),
        description: blankToNull(payload.description),
        customerName: blankToNull(payload.customerName),
        customerPhoneNumber: payload.customerPhoneNumber ?? null,
        customerEmailAddress: payload.customerEmailAddress ?? null,
        customerCountryCode: payload.customerAddress?.countryCode ?? 'GB',
        customerPostcode: blankToNull(payload.customerAddress?.postcode)?.toUpperCase() ?? null,
        brandIdentifier: payload.brandIdentifier ?? null,
        createdAt: now,
        createdBy: input.createdBy,
        updatedAt: now,
        expiresAt: expiry.expiresAt,
        clientAccessPath: payPath(id),
        logs: [logLine(now, 'Payment link created')],
      })
      .returning()
    if (!created) throw new Error('intent insert returned no row')
    const channels: Channel[] = []
    if (payload.sendCustomerSms) channels.push('sms')
    if (payload.sendCustomerEmail) channels.push('email')
    if (channels.length === 0) return serializeIntent(created, input.origin)
    const sent = await notifyCustomer(tx, created, channels, { origin: input.origin, now })
    const [row] = await tx.update(intents).set(sent).where(eq(intents.id, id)).returning()
    return serializeIntent(row ?? created, input.origin)
  })
}

interface ChangeContext {
  origin: string
  now: Date
}

async function change(
  db: Db,
  scope: IntentScope,
  ctx: ChangeContext,
  apply: (row: IntentRow, tx: Db) => Promise<Partial<IntentRow>>,
): Promise<Intent> {
  return db.transaction(async (tx) => {
    const row = await lockIntent(tx, scope, ctx.now)
    const next = await apply(row, tx)
    const [updated] = await tx
      .update(intents)
      .set({ ...next, updatedAt: ctx.now })
      .where(eq(intents.id, row.id))
      .returning()
    if (!updated) throw new Error('intent update returned no row')
    return serializeIntent(updated, ctx.origin)
  })
}

// §7 PATCH /v1/intents/{id}: only while created.
export function updateIntent(
  db: Db,
  scope: IntentScope,
  input: ChangeContext & { payload: IntentUpdatePayload; requiresJobNumber: boolean },
): Promise<Intent> {
  const { payload } = input
  if (input.requiresJobNumber) {
    const problems = jobNumberProblems(payload, { partial: true })
    if (problems.length > 0)
      refuse(problems.map((p) => ({ field: p.field, messages: [p.message] })))
  }
  return change(db, scope, input, async (row) => {
    if (row.status !== 'created') throw wrongState('edit', row.status)
    const next: Partial<IntentRow> = { amount: payload.saleAmount }
    if (payload.currency !== undefined) next.currency = payload.currency
    if (payload.description !== undefined) next.description = blankToNull(payload.description)
    if (payload.reference !== undefined) next.reference = blankToNull(payload.reference)
    if (payload.customerName !== undefined) next.customerName = blankToNull(payload.customerName)
    return { ...next, logs: [...row.logs, logLine(input.now, 'Payment link updated')] }
  })
}

// §7 PUT …/cancellation: any open link (an authorisation is released).
export function cancelIntent(db: Db, scope: IntentScope, ctx: ChangeContext): Promise<Intent> {
  return change(db, scope, ctx, async (row) => {
    if (row.statusIsFinal) throw wrongState('cancel', row.status)
    return {
      status: 'cancelled',
      statusIsFinal: true,
      logs: [...row.logs, logLine(ctx.now, 'Payment link cancelled')],
    }
  })
}

// §7 PUT …/reset: back to created while not final, so the customer can pay again.
export function resetIntent(db: Db, scope: IntentScope, ctx: ChangeContext): Promise<Intent> {
  return change(db, scope, ctx, async (row) => {
    if (row.statusIsFinal) throw wrongState('reset', row.status)
    const released = row.status === 'authorized_pending_capture' ? '; authorisation released' : ''
    return {
      status: 'created',
      authorizedAt: null,
      cardLastFour: null,
      cardScheme: null,
      logs: [...row.logs, logLine(ctx.now, `Payment link reset${released}`)],
    }
  })
}

// §7 PUT …/authorization/capture: only authorised manual links, at most the intent amount.
export function captureIntent(
  db: Db,
  scope: IntentScope,
  input: ChangeContext & { payload: CapturePayload },
): Promise<Intent> {
  return change(db, scope, input, async (row, tx) => {
    if (row.status !== 'authorized_pending_capture') throw wrongState('capture', row.status)
    const amount = input.payload.amount
    if (amount > row.amount) {
      const message = `Capture amount cannot exceed ${formatMoney(row.amount, row.currency)}`
      throw badRequest(message, [{ field: 'amount', messages: [message] }], 'amount_too_large')
    }
    const sale = await captureIntentSale(tx, row, amount, input.now)
    return {
      status: 'succeeded',
      statusIsFinal: true,
      captureAmount: amount,
      succeededAt: input.now,
      saleId: sale.id,
      logs: [
        ...row.logs,
        logLine(input.now, `Payment captured: ${formatMoney(amount, row.currency)}`),
      ],
    }
  })
}

// §7 DELETE /v1/intents/{id}: only cancelled, expired or declined links.
export async function deleteIntent(db: Db, scope: IntentScope, now: Date): Promise<void> {
  await db.transaction(async (tx) => {
    const row = await lockIntent(tx, scope, now)
    if (!(DELETABLE_STATUSES as readonly string[]).includes(row.status)) {
      throw wrongState('delete', row.status)
    }
    await tx.delete(intents).where(eq(intents.id, row.id))
  })
}

// §7 POST …/customer-notifications: resend by SMS and/or email while not final.
export function resendNotifications(
  db: Db,
  scope: IntentScope,
  input: ChangeContext & { payload: CustomerNotificationPayload },
): Promise<Intent> {
  const { payload } = input
  return change(db, scope, input, async (row, tx) => {
    if (row.statusIsFinal) throw conflict(cannotResendMessage(row.status), 'intent_final')
    const contact = {
      customerPhoneNumber: payload.customerPhoneNumber || row.customerPhoneNumber,
      customerEmailAddress: payload.customerEmailAddress || row.customerEmailAddress,
    }
    const errors: FieldError[] = []
    if (payload.channels.includes('sms') && !contact.customerPhoneNumber) {
      errors.push({ field: 'customerPhoneNumber', messages: [PAYMENT_LINK_MESSAGES.phoneRequired] })
    }
    if (payload.channels.includes('email') && !contact.customerEmailAddress) {
      errors.push({
        field: 'customerEmailAddress',
        messages: [PAYMENT_LINK_MESSAGES.emailRequired],
      })
    }
    if (errors.length > 0) refuse(errors)
    const channels = [...new Set(payload.channels)]
    const sent = await notifyCustomer(tx, { ...row, ...contact }, channels, input)
    return { ...contact, ...sent }
  })
}
