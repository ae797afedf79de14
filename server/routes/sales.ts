import { Hono } from 'hono'
import type { AppEnv } from '../context'
import { requireAccess } from '../auth/access'
import { findOwnSale, salesList } from '../domain/sales'
import { parseSummaryQuery, salesSummary } from '../domain/sales-summary'
import { countSalesFromTotals } from '../domain/sales-totals'
import { forbidden } from '../errors'
import { runAccountList } from '../lib/account-scope'
import { requirePerspective } from '../middleware/perspective'

export function salesRoutes(): Hono<AppEnv> {
  const app = new Hono<AppEnv>()

  // GET /v1/sales: the perspective account's sales, optionally of one of its terminals (a
  // terminal's sales are part of the terminal pages, so the terminal rule (docs/roles.md#terminals) applies to them).
  // A far page counts the list from the kept totals where they hold its filters.
  app.get('/', (c) =>
    runAccountList(c, salesList, {
      ...(c.req.query('terminalId') === undefined ? {} : { rule: 'canViewTerminals' }),
      exactTotal: (parsed, submerchantId) =>
        countSalesFromTotals(c.get('deps').db.db, parsed, submerchantId),
    }),
  )

  // GET /v1/sales/summary: the list's sales grouped (docs/api.md#sales-summary), under the list's
  // rules; per-terminal groups and a terminal filter also need the terminal rule (docs/roles.md#terminals).
  app.get('/summary', async (c) => {
    const submerchantId = requirePerspective(c)
    const query = parseSummaryQuery(new URL(c.req.url).searchParams)
    const asked = query.filters.eq.get('submerchantId')
    if (asked !== undefined && asked !== submerchantId) {
      throw forbidden('You can only list sales of the account in Token-Perspective')
    }
    if (query.groupBy === 'terminal' || query.filters.eq.has('terminalId')) {
      await requireAccess(c, 'canViewTerminals')
    }
    return c.json(await salesSummary(c.get('deps').db.db, submerchantId, query))
  })

  // GET /v1/sales/{id}: the sale detail, scoped to the perspective account.
  app.get('/:id', async (c) => {
    const submerchantId = requirePerspective(c)
    return c.json(await findOwnSale(c.get('deps').db.db, c.req.param('id'), submerchantId))
  })

  return app
}
