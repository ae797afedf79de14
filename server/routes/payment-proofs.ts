import { Hono } from 'hono'
import type { AppEnv } from '../context'
import { proofOfOwnSale, proofPath } from '../domain/payment-proofs'
import { publishedReceiptKeys } from '../domain/receipt-keys'
import { absoluteUrl } from '../lib/public-url'
import { requirePerspective } from '../middleware/perspective'

// GET /v1/sales/{id}/proof: the sale's signed proof of payment (docs/api.md#payment-proofs), for a
// sale of the perspective account; another account's sale is 404.
export function paymentProofRoutes(): Hono<AppEnv> {
  const app = new Hono<AppEnv>()
  app.get('/:id/proof', async (c) => {
    const submerchantId = requirePerspective(c)
    const { db, clock } = c.get('deps')
    const proof = await proofOfOwnSale(db.db, c.req.param('id'), submerchantId, clock.now())
    return c.json({ token: proof.token, url: absoluteUrl(c, proofPath(proof.token)) })
  })
  return app
}

// GET /.well-known/receipt-keys.json: public, so any app can check a proof; read again whenever
// online (the portal's service worker keeps the last answer for offline checks).
export function receiptKeyRoutes(): Hono<AppEnv> {
  const app = new Hono<AppEnv>()
  app.get('/receipt-keys.json', async (c) => {
    const { db, clock } = c.get('deps')
    c.header('Cache-Control', 'no-cache')
    c.header('Access-Control-Allow-Origin', '*')
    return c.json(await publishedReceiptKeys(db.db, clock.now()))
  })
  return app
}
