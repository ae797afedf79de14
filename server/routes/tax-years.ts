import { Hono, type Context } from 'hono'
import type { AppEnv } from '../context'
import {
  parseTaxYearQuery,
  recordsFileName,
  taxYearRecords,
  taxYearSummary,
  type TaxYearQuery,
} from '../domain/tax-years'
import { forbidden } from '../errors'
import { requirePerspective } from '../middleware/perspective'

// The perspective account, and the year asked for; another account's submerchantId is 403, as on the sales list.
function readQuery(
  c: Context<AppEnv>,
  withPeriods: boolean,
): { submerchantId: string; query: TaxYearQuery } {
  const submerchantId = requirePerspective(c)
  const query = parseTaxYearQuery(
    c.req.param('taxYear') ?? '',
    new URL(c.req.url).searchParams,
    c.get('deps').clock.now(),
    { withPeriods },
  )
  if (query.submerchantId !== undefined && query.submerchantId !== submerchantId) {
    throw forbidden('You can only list sales of the account in Token-Perspective')
  }
  return { submerchantId, query }
}

// GET /v1/tax-years/{taxYear}/…: the account's sales by tax year (docs/api.md#tax-year). Every member
// may read them, as every member reads the sales list; the year has no per-terminal figure, so the
// terminal rule (docs/roles.md#terminals) has nothing to hide here.
export function taxYearRoutes(): Hono<AppEnv> {
  const app = new Hono<AppEnv>()

  app.get('/:taxYear/summary', async (c) => {
    const { submerchantId, query } = readQuery(c, true)
    const { db, clock } = c.get('deps')
    return c.json(await taxYearSummary(db.db, submerchantId, query, clock.now()))
  })

  // The year's records as CSV, streamed a page at a time.
  app.get('/:taxYear/records', (c) => {
    const { submerchantId, query } = readQuery(c, false)
    const rows = taxYearRecords(c.get('deps').db.db, submerchantId, query.startYear)
    const encoder = new TextEncoder()
    const body = new ReadableStream<Uint8Array>({
      async pull(controller) {
        const next = await rows.next()
        if (next.done) controller.close()
        else controller.enqueue(encoder.encode(next.value))
      },
      async cancel() {
        await rows.return(undefined)
      },
    })
    return c.body(body, 200, {
      'Content-Type': 'text/csv; charset=utf-8',
      'Content-Disposition': `attachment; filename="${recordsFileName(submerchantId, query.startYear)}"`,
    })
  })

  return app
}
