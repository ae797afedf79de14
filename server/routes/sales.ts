import { Hono } from 'hono'
import type { AppEnv } from '../context'
import { findOwnSale, salesList } from '../domain/sales'
import { runAccountList } from '../lib/account-scope'
import { requirePerspective } from '../middleware/perspective'

export function salesRoutes(): Hono<AppEnv> {
  const app = new Hono<AppEnv>()

  // GET /v1/sales: the perspective account's sales, optionally of one of its terminals (a
  // terminal's sales are part of the terminal pages, so the terminal rule (docs/roles.md#terminals) applies to them).
  app.get('/', (c) =>
    runAccountList(
      c,
      salesList,
      c.req.query('terminalId') === undefined ? {} : { rule: 'canViewTerminals' },
    ),
  )

  // GET /v1/sales/{id}: the sale detail, scoped to the perspective account.
  app.get('/:id', async (c) => {
    const submerchantId = requirePerspective(c)
    return c.json(await findOwnSale(c.get('deps').db.db, c.req.param('id'), submerchantId))
  })

  return app
}
