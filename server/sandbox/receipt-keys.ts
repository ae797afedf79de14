import { Hono } from 'hono'
import type { AppEnv } from '../context'
import { rotateReceiptKeys } from '../domain/receipt-keys'
import { requireNoInput } from '../middleware/validate'

// POST /sandbox/receipt-keys/rotation: a new payment-proof signing key from now on; the old one
// stays published for 400 days, so the proofs it signed still check (docs/sandbox.md).
export function receiptKeySandboxRoutes(): Hono<AppEnv> {
  const app = new Hono<AppEnv>()
  app.post('/rotation', async (c) => {
    await requireNoInput(c)
    const { db, clock } = c.get('deps')
    return c.json(await rotateReceiptKeys(db.db, clock.now()), 201)
  })
  return app
}
