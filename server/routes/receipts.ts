import { Hono } from 'hono'
import { ReceiptAdvicePayload, type ReceiptAdvice } from '@/api/schema/receipts'
import { formatMoney } from '@/lib/money'
import type { AppEnv } from '../context'
import { absoluteUrl } from '../lib/public-url'
import { notFound } from '../errors'
import { parseJsonBody } from '../middleware/validate'
import { addOutboxMessage } from '../sandbox/outbox'
import { findReceipt, formatReceiptTime, receiptPath } from '../sandbox/receipt-page'
import { requirePerspective } from '../middleware/perspective'

export const RECEIPT_ADVICE_KIND = 'receipt_advice'

export function receiptRoutes(): Hono<AppEnv> {
  const app = new Hono<AppEnv>()

  // §7 POST /v1/receipts/{receiptId}/advice: "sends" the receipt link to the outbox.
  app.post('/:receiptId/advice', async (c) => {
    const submerchantId = requirePerspective(c)
    const { db, clock } = c.get('deps')
    const receipt = await findReceipt(db.db, c.req.param('receiptId'))
    if (!receipt || receipt.submerchantId !== submerchantId) throw notFound('Receipt not found')
    const payload = await parseJsonBody(c, ReceiptAdvicePayload)

    const url = absoluteUrl(c, receiptPath(receipt.receiptId))
    const total = formatMoney(receipt.amount, receipt.currency)
    const when = formatReceiptTime(receipt.capturedAt)
    const text = `${receipt.merchantName}: your receipt for ${total} on ${when}: ${url}`
    const recipient = payload.channel === 'sms' ? payload.phoneNumber : payload.emailAddress
    await addOutboxMessage(db.db, {
      channel: payload.channel,
      kind: RECEIPT_ADVICE_KIND,
      recipient,
      subject: payload.channel === 'email' ? `Your receipt from ${receipt.merchantName}` : null,
      body: payload.channel === 'email' ? `${text}\n\nSent by ${receipt.brandName}.` : text,
      metadata: {
        receiptId: receipt.receiptId,
        saleId: receipt.saleId,
        submerchantId,
        brand: payload.brand,
        receiptUrl: url,
        receiptHost: receipt.receiptHost,
      },
      createdAt: clock.now(),
    })

    const advice: ReceiptAdvice =
      payload.channel === 'sms'
        ? { channel: 'sms', phoneNumber: payload.phoneNumber, brand: payload.brand }
        : { channel: 'email', emailAddress: payload.emailAddress, brand: payload.brand }
    return c.json(advice, 201)
  })

  return app
}
