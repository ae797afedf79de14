// The simulated payment world behind the pay page (SANDBOX.md): Stripe's test cards decide the
// outcome; success writes the sale, its balance transaction (with the fee) and a receipt.
import { randomBytes, randomInt } from 'node:crypto'
import { eq } from 'drizzle-orm'
import type { CardScheme } from '@/api/schema/sale-values'
import type { Db } from '../db/client'
import { balanceTransactions, intents, receipts, sales } from '../db/schema/core'
import { newId } from '../auth/random'
import { recordEvent } from './events'
import { lockIntent, logLine, serializeIntent, type IntentRow } from './intents'
import { serializeSale } from './sales'

export type CardOutcome = 'succeed' | 'decline' | 'challenge'

export interface TestCard {
  outcome: CardOutcome
  scheme: CardScheme
  label: string
}

// Stripe's test numbers (https://docs.stripe.com/testing), the ones the pay page lists.
export const TEST_CARDS: Readonly<Record<string, TestCard>> = {
  '4242424242424242': { outcome: 'succeed', scheme: 'visa', label: 'Succeeds' },
  '5555555555554444': { outcome: 'succeed', scheme: 'mastercard', label: 'Succeeds (Mastercard)' },
  '4000000000000002': { outcome: 'decline', scheme: 'visa', label: 'Declined' },
  '4000002760003184': { outcome: 'challenge', scheme: 'visa', label: '3-D Secure challenge' },
}

export interface CardDetails {
  lastFour: string
  scheme: CardScheme
  outcome: CardOutcome
}

export type CardCheck =
  | { ok: true; card: CardDetails }
  | { ok: false; field: 'cardNumber' | 'expiry' | 'cvc'; message: string }

function luhn(digits: string): boolean {
  let sum = 0
  for (let i = 0; i < digits.length; i++) {
    let d = Number(digits[digits.length - 1 - i])
    if (i % 2 === 1) d = d * 2 > 9 ? d * 2 - 9 : d * 2
    sum += d
  }
  return sum % 10 === 0
}

// The card form's checks; only the last four and the scheme leave this function.
export function checkCard(
  input: { cardNumber: string; expiry: string; cvc: string },
  now: Date,
): CardCheck {
  const digits = input.cardNumber.replace(/[\s-]/g, '')
  if (!/^\d{12,19}$/.test(digits) || !luhn(digits)) {
    return { ok: false, field: 'cardNumber', message: 'Your card number is incorrect.' }
  }
  const test = TEST_CARDS[digits]
  if (!test) {
    return {
      ok: false,
      field: 'cardNumber',
      message: 'This is the sandbox: use one of the test cards listed below.',
    }
  }
  const expiry = /^(\d{2})\s*\/\s*(\d{2})$/.exec(input.expiry.trim())
  const month = Number(expiry?.[1])
  const year = 2000 + Number(expiry?.[2])
  const endOfMonth = Date.UTC(year, month, 1)
  if (!expiry || month < 1 || month > 12 || endOfMonth <= now.getTime()) {
    return { ok: false, field: 'expiry', message: "Your card's expiry date is incorrect." }
  }
  if (!/^\d{3,4}$/.test(input.cvc.trim())) {
    return { ok: false, field: 'cvc', message: "Your card's security code is incorrect." }
  }
  return {
    ok: true,
    card: { lastFour: digits.slice(-4), scheme: test.scheme, outcome: test.outcome },
  }
}

// The seed's fee rule for an ecommerce consumer credit card in the UK: 1.7 % + 20p.
export function saleFee(amount: number, scheme: CardScheme): number {
  const rate = scheme === 'american_express' ? 290 : 170
  return Math.round((amount * rate) / 10_000) + 20
}

function retrievalReferenceNumber(now: Date): string {
  const start = Date.UTC(now.getUTCFullYear(), 0, 0)
  const day = Math.floor((now.getTime() - start) / 86_400_000)
  const digits = String(randomInt(0, 100_000_000)).padStart(8, '0')
  return `${String(now.getUTCFullYear()).slice(-1)}${String(day).padStart(3, '0')}${digits}`
}

/**
 * The sale of a paid link: an ecommerce sale of `amount`, its balance transaction with the fee,
 * and a receipt. Runs inside the caller's transaction, which also moves the intent.
 */
export async function captureIntentSale(
  tx: Db,
  row: IntentRow,
  amount: number,
  now: Date,
): Promise<typeof sales.$inferSelect> {
  const scheme = row.cardScheme ?? 'visa'
  const saleId = newId('sale')
  const balanceTransactionId = newId('btx')
  // A receipt id is a capability URL (no login): random.
  const receiptId = `rcp_${randomBytes(12).toString('hex')}`
  const fee = saleFee(amount, scheme)
  const [sale] = await tx
    .insert(sales)
    .values({
      id: saleId,
      submerchantId: row.submerchantId,
      amount,
      saleAmount: amount,
      gratuityAmount: 0,
      currency: row.currency,
      method: 'ecommerce',
      panLastFour: row.cardLastFour ?? '4242',
      authCode: randomBytes(3).toString('hex').toUpperCase(),
      cardScheme: scheme,
      cardIsCommercial: false,
      cardType: 'credit',
      cardIsPrepaid: false,
      cardCountryCode: 'GB',
      cardCountryIsInEEA: false,
      capturedAt: now,
      retrievalReferenceNumber: retrievalReferenceNumber(now),
      balanceTransactionId,
      receiptId,
      intentId: row.id,
      externalReference: row.reference,
    })
    .returning()
  if (!sale) throw new Error('sale insert returned no row')
  await tx.insert(balanceTransactions).values({
    id: balanceTransactionId,
    submerchantId: row.submerchantId,
    sourceId: saleId,
    type: 'sale',
    amount,
    feeAmount: fee,
    netAmount: amount - fee,
    currency: row.currency,
    createdAt: now,
  })
  await tx
    .insert(receipts)
    .values({ id: receiptId, saleId, submerchantId: row.submerchantId, createdAt: now })
  // Webhook deliveries commit or roll back with the sale.
  await recordEvent(tx, {
    submerchantId: row.submerchantId,
    type: 'sale.created',
    data: serializeSale(sale),
    now,
  })
  return sale
}

// §3 webhook event intent.authorized, with the intent as the API would answer it.
async function recordAuthorized(tx: Db, row: IntentRow, origin: string, now: Date) {
  await recordEvent(tx, {
    submerchantId: row.submerchantId,
    type: 'intent.authorized',
    data: serializeIntent(row, origin),
    now,
  })
}

export async function setIntent(tx: Db, id: string, next: Partial<IntentRow>): Promise<IntentRow> {
  const [row] = await tx.update(intents).set(next).where(eq(intents.id, id)).returning()
  if (!row) throw new Error('intent update returned no row')
  return row
}

// The statuses a customer can pay from (error: the last attempt failed; they may try again).
export const PAYABLE_STATUSES: readonly string[] = ['created', 'pending', 'error']

export interface Customer {
  ipAddress: string | null
  deviceInfo: string | null
}

export type PayResult =
  | { outcome: 'succeeded' | 'authorized' | 'declined' | 'challenge'; intent: IntentRow }
  // Not payable (paid, cancelled, expired, declined, or waiting for 3-D Secure): nothing changed.
  | { outcome: 'unavailable'; intent: IntentRow }

// The row by its capability id, locked and expired if due; null when unknown.
async function lockPublic(tx: Db, intentId: string, now: Date): Promise<IntentRow | null> {
  const [found] = await tx
    .select({ submerchantId: intents.submerchantId })
    .from(intents)
    .where(eq(intents.id, intentId))
  if (!found) return null
  return lockIntent(tx, { intentId, submerchantId: found.submerchantId }, now)
}

// Authorisation succeeded: manual links wait for capture, automatic ones become a sale at once.
async function authorize(tx: Db, row: IntentRow, now: Date, origin: string): Promise<PayResult> {
  const card = `${row.cardScheme === 'mastercard' ? 'Mastercard' : 'Visa'} •••• ${row.cardLastFour}`
  if (row.captureMode === 'manual') {
    const intent = await setIntent(tx, row.id, {
      status: 'authorized_pending_capture',
      authorizedAt: now,
      updatedAt: now,
      logs: [...row.logs, logLine(now, `Payment authorised (${card}), awaiting capture`)],
    })
    await recordAuthorized(tx, intent, origin, now)
    return { outcome: 'authorized', intent }
  }
  const authorized = await setIntent(tx, row.id, {
    status: 'authorized_pending_capture',
    authorizedAt: now,
    updatedAt: now,
  })
  await recordAuthorized(tx, authorized, origin, now)
  const sale = await captureIntentSale(tx, row, row.amount, now)
  const intent = await setIntent(tx, row.id, {
    status: 'succeeded',
    statusIsFinal: true,
    authorizedAt: now,
    succeededAt: now,
    captureAmount: row.amount,
    saleId: sale.id,
    updatedAt: now,
    logs: [...row.logs, logLine(now, `Payment authorised and captured (${card})`)],
  })
  return { outcome: 'succeeded', intent }
}

/**
 * The pay page's card submission. One transaction holds the locked row, so two tabs racing can
 * never both pay: the second sees the first one's status and changes nothing.
 */
export function payIntent(
  db: Db,
  intentId: string,
  input: { card: CardDetails; customer: Customer; now: Date; origin: string },
): Promise<PayResult | null> {
  const { card, customer, now, origin } = input
  return db.transaction(async (tx) => {
    const row = await lockPublic(tx, intentId, now)
    if (!row) return null
    if (!PAYABLE_STATUSES.includes(row.status)) return { outcome: 'unavailable', intent: row }
    const attempt = await setIntent(tx, row.id, {
      cardLastFour: card.lastFour,
      cardScheme: card.scheme,
      customerIpAddress: customer.ipAddress,
      customerDeviceInfo: customer.deviceInfo,
      updatedAt: now,
      logs: [...row.logs, logLine(now, 'Customer submitted card details')],
    })
    if (card.outcome === 'decline') {
      const intent = await setIntent(tx, row.id, {
        status: 'payment_declined',
        statusIsFinal: true,
        logs: [
          ...attempt.logs,
          logLine(now, `Payment declined by the card issuer (•••• ${card.lastFour})`),
        ],
      })
      return { outcome: 'declined', intent }
    }
    if (card.outcome === 'challenge') {
      const intent = await setIntent(tx, row.id, {
        status: 'requires_3ds_challenge',
        logs: [...attempt.logs, logLine(now, '3-D Secure challenge started')],
      })
      return { outcome: 'challenge', intent }
    }
    return authorize(tx, attempt, now, origin)
  })
}

// The 3-D Secure challenge page's answer: Complete authorises, Fail lets the customer try again.
export function completeChallenge(
  db: Db,
  intentId: string,
  input: { result: 'complete' | 'fail'; now: Date; origin: string },
): Promise<PayResult | null> {
  const { now } = input
  return db.transaction(async (tx) => {
    const row = await lockPublic(tx, intentId, now)
    if (!row) return null
    if (row.status !== 'requires_3ds_challenge') return { outcome: 'unavailable', intent: row }
    if (input.result === 'fail') {
      const intent = await setIntent(tx, row.id, {
        status: 'error',
        cardLastFour: null,
        cardScheme: null,
        updatedAt: now,
        logs: [...row.logs, logLine(now, '3-D Secure authentication failed')],
      })
      return { outcome: 'declined', intent }
    }
    const passed = await setIntent(tx, row.id, {
      logs: [...row.logs, logLine(now, '3-D Secure authentication completed')],
    })
    return authorize(tx, passed, now, input.origin)
  })
}
