// Web Push (docs/events.md#push): the server's VAPID key and the signed-in person's device
// subscriptions. People only: an API key has no device (its row in api-key-permissions.ts is null).
import { Hono, type Context } from 'hono'
import { PushSubscriptionPayload } from '@/api/schema/events'
import type { AppEnv } from '../context'
import {
  checkSubscriptionInput,
  deletePushSubscription,
  listPushSubscriptions,
  savePushSubscription,
} from '../domain/push-subscriptions'
import { refuseQuery, sendAll } from '../lib/whole-list'
import { callerDeviceId, requireAuth } from '../middleware/auth'
import { parseJsonBody } from '../middleware/validate'
import { vapidKeysOf } from '../push/vapid'

const db = (c: Context<AppEnv>) => c.get('deps').db.db

// Mounted at /v1: the key and the subscriptions are two resources of one feature.
export function pushRoutes(): Hono<AppEnv> {
  const app = new Hono<AppEnv>()

  app.get('/push/vapid-public-key', async (c) => {
    requireAuth(c)
    refuseQuery(c)
    const { publicKey } = await vapidKeysOf(c.get('deps').db, c.get('deps').clock.now())
    return c.json({ publicKey })
  })

  app.get('/push-subscriptions', async (c) => {
    const { userId } = requireAuth(c)
    refuseQuery(c)
    return sendAll(c, await listPushSubscriptions(db(c), userId))
  })

  app.post('/push-subscriptions', async (c) => {
    const { userId } = requireAuth(c)
    const payload = await parseJsonBody(c, PushSubscriptionPayload)
    const deps = c.get('deps')
    await checkSubscriptionInput(payload, deps)
    // The device this session signed in on: a password change elsewhere removes the subscription.
    const deviceId = await callerDeviceId(c)
    const saved = await savePushSubscription(db(c), { userId, deviceId }, payload, deps.clock.now())
    return c.json(saved, 201)
  })

  app.delete('/push-subscriptions/:id', async (c) => {
    const { userId } = requireAuth(c)
    await deletePushSubscription(db(c), userId, c.req.param('id'))
    return c.body(null, 204)
  })

  return app
}
