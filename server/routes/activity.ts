import { Hono } from 'hono'
import type { AppEnv } from '../context'
import { accessForRequest } from '../auth/access'
import { activityList, ownActivity } from '../domain/activity'
import { runAccountList } from '../lib/account-scope'
import { requireAuth } from '../middleware/auth'

// GET /v1/activity: the account's activity log on the list engine; owners see every row, managers their own (docs/roles.md#activity).
export function activityRoutes(): Hono<AppEnv> {
  const app = new Hono<AppEnv>()
  app.get('/', async (c) => {
    const all = (await accessForRequest(c)).canViewAllActivity
    return runAccountList(c, activityList, {
      rule: 'canViewActivity',
      where: all ? undefined : ownActivity(requireAuth(c).userId),
    })
  })
  return app
}
