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

// One payout-area resource of the perspective account, behind the §6 payout rule.
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

  // §7 GET /v1/payouts?submerchantId={id}: the perspective account's payouts, §6 payout rule applied.
  app.get('/', (c) => runAccountList(c, payoutsList, { rule: 'canViewPayouts' }))

  // §7 GET /v1/payouts/{payoutId}.
  app.route('/', payoutDetailRoute(findOwnPayout))

  return app
}

// §7 GET /v1/bank-accounts/{id}: where a payout went.
export const bankAccountRoutes = () => payoutDetailRoute(findOwnBankAccount)

// §7 GET /v1/payout-cards/{id}: where an instant payout went.
export const payoutCardRoutes = () => payoutDetailRoute(findOwnPayoutCard)
