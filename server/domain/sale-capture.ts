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
      feeAmount: fee,
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
