// A paid link becomes a sale: the ecommerce sale, its balance transaction with the fee, and a
// receipt, written inside the caller's transaction.
import { randomBytes, randomInt } from 'node:crypto'
import type { CardScheme } from '@/api/schema/sale-values'
import type { Db } from '../db/client'
import { balanceTransactions, receipts, sales } from '../db/schema/core'
import { newId } from '../auth/random'
import { recordEvent } from './events'
import type { IntentRow } from './intent-records'
import { serializeSale } from './sales'

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

// What differs between a paid link's sale and a terminal's.
export interface NewSale {
  submerchantId: string
  amount: number
  gratuityAmount: number
  currency: string
  method: 'ecommerce' | 'pos' | 'softpos'
  cardScheme: CardScheme
  panLastFour: string
  cardType?: 'credit' | 'debit' | 'prepaid'
  terminal?: { id: string; serialNumber: string }
  intent?: { id: string; reference: string | null }
  // Held back from payouts, with the reason and the sentence the sale page shows.
  withheld?: { reason: string; message: string }
}

// Why the sandbox holds a sale back (the seed and the simulated traffic use the same reasons).
export const WITHHELD_REASONS: readonly { reason: string; message: string }[] = [
  { reason: 'suspected_fraud', message: 'This sale is under review by our risk team.' },
  {
    reason: 'identity_verification_required',
    message: 'We need to verify your identity before paying out this sale.',
  },
  {
    reason: 'chargeback_risk',
    message: 'The card issuer has flagged this sale; funds are held pending review.',
  },
]

/**
 * A captured sale: the sale, its balance transaction with the fee, and a receipt, written inside
 * the caller's transaction with the event sale.created (and sale.withheld when it is held back),
 * so webhooks and live screens commit or roll back with the sale.
 */
export async function insertSale(
  tx: Db,
  input: NewSale,
  now: Date,
): Promise<typeof sales.$inferSelect> {
  const saleId = newId('sale')
  const balanceTransactionId = newId('btx')
  // A receipt id is a capability URL (no login): random.
  const receiptId = `rcp_${randomBytes(12).toString('hex')}`
  const fee = saleFee(input.amount, input.cardScheme)
  const [sale] = await tx
    .insert(sales)
    .values({
      id: saleId,
      submerchantId: input.submerchantId,
      amount: input.amount,
      saleAmount: input.amount - input.gratuityAmount,
      gratuityAmount: input.gratuityAmount,
      currency: input.currency,
      method: input.method,
      panLastFour: input.panLastFour,
      authCode: randomBytes(3).toString('hex').toUpperCase(),
      cardScheme: input.cardScheme,
      cardIsCommercial: false,
      cardType: input.cardType ?? 'credit',
      cardIsPrepaid: input.cardType === 'prepaid',
      cardCountryCode: 'GB',
      cardCountryIsInEEA: false,
      capturedAt: now,
      retrievalReferenceNumber: retrievalReferenceNumber(now),
      balanceTransactionId,
      feeAmount: fee,
      receiptId,
      terminalId: input.terminal?.id ?? null,
      terminalSerialNumber: input.terminal?.serialNumber ?? null,
      intentId: input.intent?.id ?? null,
      externalReference: input.intent?.reference ?? null,
      disbursementWithheld: input.withheld !== undefined,
      disbursementWithheldReason: input.withheld?.reason ?? null,
      disbursementWithheldMessage: input.withheld?.message ?? null,
    })
    .returning()
  if (!sale) throw new Error('sale insert returned no row')
  await tx.insert(balanceTransactions).values({
    id: balanceTransactionId,
    submerchantId: input.submerchantId,
    sourceId: saleId,
    type: 'sale',
    amount: input.amount,
    feeAmount: fee,
    netAmount: input.amount - fee,
    currency: input.currency,
    createdAt: now,
  })
  await tx
    .insert(receipts)
    .values({ id: receiptId, saleId, submerchantId: input.submerchantId, createdAt: now })
  const data = serializeSale(sale)
  await recordEvent(tx, { submerchantId: input.submerchantId, type: 'sale.created', data, now })
  if (input.withheld) {
    await recordEvent(tx, { submerchantId: input.submerchantId, type: 'sale.withheld', data, now })
  }
  return sale
}

/**
 * The sale of a paid link: an ecommerce sale of `amount`. Runs inside the caller's transaction,
 * which also moves the intent.
 */
export function captureIntentSale(
  tx: Db,
  row: IntentRow,
  amount: number,
  now: Date,
): Promise<typeof sales.$inferSelect> {
  return insertSale(
    tx,
    {
      submerchantId: row.submerchantId,
      amount,
      gratuityAmount: 0,
      currency: row.currency,
      method: 'ecommerce',
      cardScheme: row.cardScheme ?? 'visa',
      panLastFour: row.cardLastFour ?? '4242',
      intent: { id: row.id, reference: row.reference },
    },
    now,
  )
}
