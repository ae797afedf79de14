import { type } from 'arktype'
import { Hono } from 'hono'
import { SubmerchantId } from '@/api/schema/common'
import type { AppEnv } from '../context'
import { submerchants } from '../db/schema/core'
import { notFound } from '../errors'
import { parseJsonBody, requireNoInput } from '../middleware/validate'
import { eq } from 'drizzle-orm'
import { advanceWorld, failPayout, listTraffic, setTraffic } from './world'

// At most one sale a second, at least one an hour; 0 switches the traffic off.
const TrafficSwitch = type({
  submerchantId: SubmerchantId,
  everySeconds: 'number.integer == 0 | 1 <= number.integer <= 3600',
})

// The sandbox world's controls (docs/sandbox.md#the-world-moves).
export function worldRoutes(): Hono<AppEnv> {
  const app = new Hono<AppEnv>()
  // GET /sandbox/world/traffic: the accounts with traffic switched on.
  app.get('/traffic', async (c) => c.json(await listTraffic(c.get('deps'))))
  // POST /sandbox/world/traffic: a terminal sale every N seconds on the account, or off with 0.
  app.post('/traffic', async (c) => {
    const { submerchantId, everySeconds } = await parseJsonBody(c, TrafficSwitch)
    const deps = c.get('deps')
    const [account] = await deps.db.db
      .select({ id: submerchants.id })
      .from(submerchants)
      .where(eq(submerchants.id, submerchantId))
    if (!account) throw notFound('Account not found')
    const traffic = await setTraffic(deps, submerchantId, everySeconds)
    return c.json({ submerchantId, traffic })
  })
  // POST /sandbox/world/rounds: one round now (tests and demos need not wait for the next second),
  // after any round another server is running.
  app.post('/rounds', async (c) => {
    await requireNoInput(c)
    return c.json(await advanceWorld(c.get('deps'), Math.random, { wait: true }))
  })
  // POST /sandbox/world/payouts/{id}/failure: the bank refuses a pending payout.
  app.post('/payouts/:id/failure', async (c) => {
    await requireNoInput(c)
    return c.json(await failPayout(c.get('deps'), c.req.param('id')))
  })
  return app
}
