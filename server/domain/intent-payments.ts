// The simulated payment world behind the pay pages: the card's outcome (a test card's, see
// sandbox/test-cards.ts) declines, challenges or authorises; authorised automatic links become a
// sale at once (sale-capture.ts).
import { eq } from 'drizzle-orm'
import type { CardScheme } from '@/api/schema/sale-values'
import type { Db } from '../db/client'
import { intents } from '../db/schema/core'
import { lockIntent } from './intent-locks'
import { logLine, recordIntentEvent, setIntent, type IntentRow } from './intent-records'
import { captureIntentSale } from './sale-capture'

export type CardOutcome = 'succeed' | 'decline' | 'challenge'

export interface CardDetails {
  lastFour: string
  scheme: CardScheme
  outcome: CardOutcome
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
async function lockPublic(
  tx: Db,
  intentId: string,
  ctx: { origin: string; now: Date },
): Promise<IntentRow | null> {
  const [found] = await tx
    .select({ submerchantId: intents.submerchantId })
    .from(intents)
    .where(eq(intents.id, intentId))
  if (!found) return null
  return lockIntent(tx, { intentId, submerchantId: found.submerchantId }, ctx)
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
    await recordIntentEvent(tx, intent, { origin, now })
    return { outcome: 'authorized', intent }
  }
  const authorized = await setIntent(tx, row.id, {
    status: 'authorized_pending_capture',
    authorizedAt: now,
    updatedAt: now,
  })
  await recordIntentEvent(tx, authorized, { origin, now })
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
  await recordIntentEvent(tx, intent, { origin, now })
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
    const row = await lockPublic(tx, intentId, { origin, now })
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
      await recordIntentEvent(tx, intent, { origin, now })
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
  const { now, origin } = input
  return db.transaction(async (tx) => {
    const row = await lockPublic(tx, intentId, { origin, now })
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
    return authorize(tx, passed, now, origin)
  })
}
