import { Hono } from 'hono'
import type { AppEnv } from '../context'
import { findOwnApiKey } from '../domain/api-keys'
import { requirePerspective } from '../middleware/perspective'

export function apiKeyRoutes(): Hono<AppEnv> {
  const app = new Hono<AppEnv>()

  // §7 GET /v1/api-keys/{id}: names the key behind an api_ createdBy; any member of the account may look.
  app.get('/:id', async (c) => {
    const submerchantId = requirePerspective(c)
    return c.json(await findOwnApiKey(c.get('deps').db.db, c.req.param('id'), submerchantId))
  })

  return app
}
