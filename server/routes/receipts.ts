import { Hono } from 'hono'
import { ReceiptAdvicePayload } from '@/api/schema/receipts'
import type { AppEnv } from '../context'
import { findAccountReceipt, sendReceiptAdvice } from '../domain/receipts'
import { audited } from '../lib/activity'
import { absoluteUrl } from '../lib/public-url'
import { parseJsonBody } from '../middleware/validate'
import { requirePerspective } from '../middleware/perspective'
import { receiptPath } from '../sandbox/receipt-page'

export function receiptRoutes(): Hono<AppEnv> {
  const app = new Hono<AppEnv>()

  // POST /v1/receipts/{receiptId}/advice: "sends" the receipt link to the outbox.
  app.post('/:receiptId/advice', async (c) => {
    const submerchantId = requirePerspective(c)
    const { db, clock } = c.get('deps')
    const receipt = await findAccountReceipt(db.db, c.req.param('receiptId'), submerchantId)
    const payload = await parseJsonBody(c, ReceiptAdvicePayload)
    const receiptUrl = absoluteUrl(c, receiptPath(receipt.receiptId))
    const now = clock.now()
    // The row names the sale and the channel, never the customer's number or address.
    const advice = await audited(
      c,
      (tx) =>
        sendReceiptAdvice(tx, receipt, payload, {
          receiptUrl,
          linkTo: (path) => absoluteUrl(c, path),
          now,
        }),
      (sent) => ({
        action: 'receipt.sent',
        object: {
          type: 'sale',
          id: receipt.saleId,
          label: `by ${sent.channel === 'sms' ? 'SMS' : 'email'}`,
        },
      }),
    )
    return c.json(advice, 201)
  })

  return app
}
