import { Hono } from 'hono'
import { MarkReadPayload } from '@/api/schema/events'
import { visibleEventTypes } from '@/policy/access'
import type { AppEnv } from '../context'
import { accessSubjectFor } from '../auth/access'
import {
  eventsList,
  eventsOfTypes,
  markAllRead,
  markRead,
  notificationFeed,
  typesForApiKey,
  type FeedScope,
} from '../domain/event-feed'
import { openEventStream } from '../events/stream'
import { runAccountList } from '../lib/account-scope'
import { refuseQuery } from '../lib/whole-list'
import { requireAuth } from '../middleware/auth'
import { requirePerspective } from '../middleware/perspective'
import { parseJsonBody } from '../middleware/validate'
import type { Context } from 'hono'

// The types the caller may see in the perspective account (docs/events.md#who-sees-what); for an
// API key, only those whose objects it may read.
async function visibleTypes(c: Context<AppEnv>) {
  const types = visibleEventTypes(await accessSubjectFor(c))
  const auth = requireAuth(c)
  return auth.via === 'api_key' ? typesForApiKey(types, auth.apiKeyPermissions ?? []) : types
}

// GET /v1/events (the list) and GET /v1/events/stream (Server-Sent Events), docs/events.md#api.
export function eventRoutes(): Hono<AppEnv> {
  const app = new Hono<AppEnv>()
  app.get('/', async (c) => {
    requirePerspective(c)
    return runAccountList(c, eventsList, { where: eventsOfTypes(await visibleTypes(c)) })
  })
  app.get('/stream', (c) => openEventStream(c))
  return app
}

async function feedScope(c: Context<AppEnv>): Promise<FeedScope> {
  const submerchantId = requirePerspective(c)
  return { userId: requireAuth(c).userId, submerchantId, types: await visibleTypes(c) }
}

// The bell: GET /v1/notifications and marking read (docs/events.md#api).
export function notificationRoutes(): Hono<AppEnv> {
  const app = new Hono<AppEnv>()
  app.get('/', async (c) => {
    refuseQuery(c, ['submerchantId'])
    return c.json(await notificationFeed(c.get('deps').db, await feedScope(c)))
  })
  app.put('/read', async (c) => {
    const { upTo } = await parseJsonBody(c, MarkReadPayload)
    const deps = c.get('deps')
    return c.json(await markAllRead(deps.db, await feedScope(c), upTo, deps.clock.now()))
  })
  app.put('/:eventId/read', async (c) => {
    const deps = c.get('deps')
    const scope = await feedScope(c)
    return c.json(await markRead(deps.db, scope, c.req.param('eventId'), deps.clock.now()))
  })
  return app
}
