import type { ReceiptAdvice, ReceiptAdvicePayload } from '@/api/schema/receipts'
import { formatMoney } from '@/lib/money'
import type { Db } from '../db/client'
import { notFound } from '../errors'
import { proofOfSale, proofPath } from './payment-proofs'
import { addOutboxMessage } from '../sandbox/outbox'
import { findReceipt, formatReceiptTime, type ReceiptView } from '../sandbox/receipt-page'

export const RECEIPT_ADVICE_KIND = 'receipt_advice'

// A receipt of the account; another account's receipt is the same 404 as a missing one.
export async function findAccountReceipt(
  db: Db,
  receiptId: string,
  submerchantId: string,
): Promise<ReceiptView> {
  const receipt = await findReceipt(db, receiptId)
  if (!receipt || receipt.submerchantId !== submerchantId) throw notFound('Receipt not found')
  return receipt
}

// "Sends" the receipt link (docs/sandbox-decisions.md#receipts): one outbox message naming merchant, total and time.
export async function sendReceiptAdvice(
  db: Db,
  receipt: ReceiptView,
  payload: ReceiptAdvicePayload,
  opts: { receiptUrl: string; linkTo: (path: string) => string; now: Date },
): Promise<ReceiptAdvice> {
  const url = opts.receiptUrl
  const total = formatMoney(receipt.amount, receipt.currency)
  const when = formatReceiptTime(receipt.capturedAt)
  // The signed proof the customer can show a driver (docs/api.md#payment-proofs).
  const proof = await proofOfSale(db, receipt.saleId, opts.now)
  const proofUrl = proof ? opts.linkTo(proofPath(proof.token)) : null
  const text = `${receipt.merchantName}: your receipt for ${total} on ${when}: ${url}${
    proofUrl ? `\nProof of payment to show your driver: ${proofUrl}` : ''
  }`
  const recipient = payload.channel === 'sms' ? payload.phoneNumber : payload.emailAddress
  await addOutboxMessage(db, {
    channel: payload.channel,
    kind: RECEIPT_ADVICE_KIND,
    recipient,
    subject: payload.channel === 'email' ? `Your receipt from ${receipt.merchantName}` : null,
    body: payload.channel === 'email' ? `${text}\n\nSent by ${receipt.brandName}.` : text,
    metadata: {
      receiptId: receipt.receiptId,
      saleId: receipt.saleId,
      submerchantId: receipt.submerchantId,
      brand: payload.brand,
      receiptUrl: url,
      proofUrl,
      receiptHost: receipt.receiptHost,
    },
    createdAt: opts.now,
  })
  return payload.channel === 'sms'
    ? { channel: 'sms', phoneNumber: payload.phoneNumber, brand: payload.brand }
    : { channel: 'email', emailAddress: payload.emailAddress, brand: payload.brand }
}
