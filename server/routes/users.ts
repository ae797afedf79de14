import { Hono } from 'hono'
import { UpdateUserPayload } from '@/api/schema/users'
import type { AppEnv } from '../context'
import { getUser, serializeUser, updateNames } from '../domain/users'
import { requireAuth, requireSelf } from '../middleware/auth'
import { parseJsonBody } from '../middleware/validate'

export function userRoutes(): Hono<AppEnv> {
  const app = new Hono<AppEnv>()

  app.get('/current', async (c) => {
    const auth = requireAuth(c)
    return c.json(serializeUser(await getUser(c.get('deps').db.db, auth.userId)))
  })

  // PATCH /v1/users/{id} with firstName, lastName (lengths, docs/validation.md#profile); the email stays read-only.
  app.patch('/:id', async (c) => {
    const user = await requireSelf(c, c.req.param('id'))
    const input = await parseJsonBody(c, UpdateUserPayload)
    const { db, clock } = c.get('deps')
    return c.json(serializeUser(await updateNames(db.db, user, input, clock.now())))
  })

  return app
}
