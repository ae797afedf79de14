import { Hono } from 'hono'
import type { AppEnv } from '../context'
import { findOwnBalanceTransaction } from '../domain/balance-transactions'
import { requirePerspective } from '../middleware/perspective'

export function balanceTransactionRoutes(): Hono<AppEnv> {
  const app = new Hono<AppEnv>()

  // §7 GET /v1/balance-transactions/{id}: the sale detail's fee and net, own account only.
  app.get('/:id', async (c) => {
    const submerchantId = requirePerspective(c)
    const db = c.get('deps').db.db
    return c.json(await findOwnBalanceTransaction(db, c.req.param('id'), submerchantId))
  })

  return app
}
