import { Hono } from 'hono'
import type { AppEnv } from '../context'
import { payoutsList } from '../domain/payouts'
import { runAccountList } from '../lib/account-scope'

export function payoutRoutes(): Hono<AppEnv> {
  const app = new Hono<AppEnv>()

  // §7 GET /v1/payouts?submerchantId={id}: the perspective account's payouts, §6 payout rule applied.
  app.get('/', (c) => runAccountList(c, payoutsList, { rule: 'canViewPayouts' }))

  return app
}
