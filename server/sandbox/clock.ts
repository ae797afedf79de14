import { type } from 'arktype'
import { Hono } from 'hono'
import type { AppEnv } from '../context'
import { parseJsonBody } from '../middleware/validate'

// Forward only, at most ten years per call: enough for every expiry and retry schedule.
const ClockAdvance = type({ advanceSeconds: '0 <= number <= 315360000' })

export function clockRoutes(): Hono<AppEnv> {
  const app = new Hono<AppEnv>()
  app.get('/', (c) => c.json({ now: c.get('deps').clock.now().toISOString() }))
  app.post('/', async (c) => {
    const { advanceSeconds } = await parseJsonBody(c, ClockAdvance)
    const { clock } = c.get('deps')
    if (clock.advanceShared) await clock.advanceShared(advanceSeconds)
    else clock.advance(advanceSeconds)
    return c.json({ now: clock.now().toISOString() })
  })
  return app
}
