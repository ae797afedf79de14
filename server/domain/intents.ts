// The payment-link commands of the API: create, edit, cancel, reset, capture and delete.
import { randomBytes } from 'node:crypto'
import { eq } from 'drizzle-orm'
import type {
  CapturePayload,
  Intent,
  IntentCreatePayload,
  IntentUpdatePayload,
} from '@/api/schema/intents'
import { parseExpiry } from '@/lib/expiry'
import { formatMoney } from '@/lib/money'
import { DELETABLE_STATUSES, jobNumberProblems } from '@/lib/payment-link-rules'
import type { Db } from '../db/client'
import { intents } from '../db/schema/core'
import { badRequest, type FieldError } from '../errors'
import {
  changeIntent,
  lockIntent,
  refuseFields,
  wrongState,
  type ChangeContext,
  type IntentScope,
} from './intent-locks'
import { notifyCustomer, type Channel } from './intent-notifications'
import { logLine, payPath, serializeIntent, type IntentRow } from './intent-records'
import { captureIntentSale } from './sale-capture'

const blankToNull = (value: string | null | undefined) => (value?.trim() ? value.trim() : null)

export interface CreateIntentInput {
  submerchantId: string
  payload: IntentCreatePayload
  createdBy: string
  requiresJobNumber: boolean
  origin: string
  now: Date
}

// POST /v1/intents: validated by docs/validation.md#payment-link-create, notified at once when asked.
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
  if (errors.length > 0 || !expiry.ok) refuseFields(errors)

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

// PATCH /v1/intents/{id}: only while created.
export function updateIntent(
  db: Db,
  scope: IntentScope,
  input: ChangeContext & { payload: IntentUpdatePayload; requiresJobNumber: boolean },
): Promise<Intent> {
  const { payload } = input
  if (input.requiresJobNumber) {
    const problems = jobNumberProblems(payload, { partial: true })
    if (problems.length > 0)
      refuseFields(problems.map((p) => ({ field: p.field, messages: [p.message] })))
  }
  return changeIntent(db, scope, input, async (row) => {
    if (row.status !== 'created') throw wrongState('edit', row.status)
    const next: Partial<IntentRow> = { amount: payload.saleAmount }
    if (payload.currency !== undefined) next.currency = payload.currency
    if (payload.description !== undefined) next.description = blankToNull(payload.description)
    if (payload.reference !== undefined) next.reference = blankToNull(payload.reference)
    if (payload.customerName !== undefined) next.customerName = blankToNull(payload.customerName)
    return { ...next, logs: [...row.logs, logLine(input.now, 'Payment link updated')] }
  })
}

// PUT /v1/intents/{id}/cancellation: any open link (an authorisation is released).
export function cancelIntent(db: Db, scope: IntentScope, ctx: ChangeContext): Promise<Intent> {
  return changeIntent(db, scope, ctx, async (row) => {
    if (row.statusIsFinal) throw wrongState('cancel', row.status)
    return {
      status: 'cancelled',
      statusIsFinal: true,
      logs: [...row.logs, logLine(ctx.now, 'Payment link cancelled')],
    }
  })
}

// PUT /v1/intents/{id}/reset: back to created while not final, so the customer can pay again.
export function resetIntent(db: Db, scope: IntentScope, ctx: ChangeContext): Promise<Intent> {
  return changeIntent(db, scope, ctx, async (row) => {
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

// PUT /v1/intents/{id}/authorization/capture: only authorised manual links, at most the intent amount.
export function captureIntent(
  db: Db,
  scope: IntentScope,
  input: ChangeContext & { payload: CapturePayload },
): Promise<Intent> {
  return changeIntent(db, scope, input, async (row, tx) => {
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

// DELETE /v1/intents/{id}: only cancelled, expired or declined links.
export async function deleteIntent(db: Db, scope: IntentScope, ctx: ChangeContext): Promise<void> {
  await db.transaction(async (tx) => {
    const row = await lockIntent(tx, scope, ctx)
    if (!(DELETABLE_STATUSES as readonly string[]).includes(row.status)) {
      throw wrongState('delete', row.status)
    }
    await tx.delete(intents).where(eq(intents.id, row.id))
  })
}
