import { Hono } from 'hono'
import type { AppEnv } from '../context'
import { balanceTransactionsList, findOwnBalanceTransaction } from '../domain/balance-transactions'
import { runAccountList } from '../lib/account-scope'
import { requirePerspective } from '../middleware/perspective'

export function balanceTransactionRoutes(): Hono<AppEnv> {
  const app = new Hono<AppEnv>()

  // GET /v1/balance-transactions: the perspective account's, with a createdAt range and type (export fees).
  app.get('/', (c) => runAccountList(c, balanceTransactionsList))

  // GET /v1/balance-transactions/{id}: the sale detail's fee and net, own account only.
  app.get('/:id', async (c) => {
    const submerchantId = requirePerspective(c)
    const db = c.get('deps').db.db
    return c.json(await findOwnBalanceTransaction(db, c.req.param('id'), submerchantId))
  })

  return app
}
