import { Hono } from 'hono'
import type { AppEnv } from '../context'
import { requireAccess } from '../auth/access'
import {
  findOwnBankAccount,
  findOwnPayout,
  findOwnPayoutCard,
  payoutsList,
} from '../domain/payouts'
import type { Db } from '../db/client'
import { runAccountList } from '../lib/account-scope'
import { requirePerspective } from '../middleware/perspective'

// One payout-area resource of the perspective account, behind the payout rule (docs/roles.md#payouts).
function payoutDetailRoute<T>(find: (db: Db, id: string, submerchantId: string) => Promise<T>) {
  const app = new Hono<AppEnv>()
  app.get('/:id', async (c) => {
    const submerchantId = requirePerspective(c)
    await requireAccess(c, 'canViewPayouts')
    return c.json(await find(c.get('deps').db.db, c.req.param('id'), submerchantId))
  })
  return app
}

export function payoutRoutes(): Hono<AppEnv> {
  const app = new Hono<AppEnv>()

  // GET /v1/payouts?submerchantId={id}: the perspective account's payouts, the payout rule (docs/roles.md#payouts) applied.
  app.get('/', (c) => runAccountList(c, payoutsList, { rule: 'canViewPayouts' }))

  // GET /v1/payouts/{payoutId}.
  app.route('/', payoutDetailRoute(findOwnPayout))

  return app
}

// GET /v1/bank-accounts/{id}: where a payout went.
export const bankAccountRoutes = () => payoutDetailRoute(findOwnBankAccount)

// GET /v1/payout-cards/{id}: where an instant payout went.
export const payoutCardRoutes = () => payoutDetailRoute(findOwnPayoutCard)
