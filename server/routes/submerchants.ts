import { Hono } from 'hono'
import type { AppEnv } from '../context'
import {
  findAccountMember,
  findVisibleSubmerchant,
  requireCallerMember,
  serializeMembership,
  submerchantList,
  visibleSubmerchants,
} from '../domain/submerchants'
import { invalidQuery, runList } from '../lib/list-engine'
import { requireAuth } from '../middleware/auth'

// Only `expand=planAttachment` is understood on the detail; anything else is a clear 400.
function parseDetailQuery(params: URLSearchParams): { expandPlan: boolean } {
  let expandPlan = false
  for (const [key, value] of params) {
    if (key !== 'expand') {
      throw invalidQuery([{ field: key, messages: ['is not a known query parameter'] }])
    }
    const parts = value.split(',').map((part) => part.trim())
    if (parts.some((part) => part !== 'planAttachment')) {
      throw invalidQuery([{ field: 'expand', messages: ['must be planAttachment'] }])
    }
    expandPlan = true
  }
  return { expandPlan }
}

export function submerchantRoutes(): Hono<AppEnv> {
  const app = new Hono<AppEnv>()

  app.get('/', async (c) => {
    const db = c.get('deps').db.db
    return runList(c, db, submerchantList, visibleSubmerchants(db, requireAuth(c)))
  })

  app.get('/:id', async (c) => {
    const auth = requireAuth(c)
    const query = parseDetailQuery(new URL(c.req.url).searchParams)
    return c.json(await findVisibleSubmerchant(c.get('deps').db.db, auth, c.req.param('id'), query))
  })

  app.get('/:id/users/current', async (c) => {
    const auth = requireAuth(c)
    const membership = await requireCallerMember(c.get('deps').db.db, auth, c.req.param('id'))
    return c.json(
      serializeMembership({
        id: membership.id,
        userId: auth.userId,
        submerchantId: membership.submerchantId,
        submerchantRole: membership.role,
      }),
    )
  })

  app.get('/:id/users/:userId', async (c) => {
    const auth = requireAuth(c)
    const db = c.get('deps').db.db
    return c.json(await findAccountMember(db, auth, c.req.param('id'), c.req.param('userId')))
  })

  return app
}
