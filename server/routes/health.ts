import { Hono } from 'hono'
import type { AppEnv } from '../context'
import { databaseReady } from '../domain/readiness'

// Probes for a load balancer (docs/sandbox.md#many-servers): /healthz says the process answers;
// /readyz says it should get traffic: the database answers with this build's migrations applied,
// and the server is not draining for a shutdown.
export function healthRoutes() {
  const app = new Hono<AppEnv>()
  // Mounted at the root: the header is set per probe, not for every path of the app.
  const noStore = { 'Cache-Control': 'no-store' }
  app.get('/healthz', (c) => c.json({ status: 'ok' }, 200, noStore))
  app.get('/readyz', async (c) => {
    const { db, lifecycle } = c.get('deps')
    if (lifecycle?.draining) return c.json({ status: 'draining' }, 503, noStore)
    if (!(await databaseReady(db))) {
      return c.json({ status: 'database_unavailable' }, 503, noStore)
    }
    return c.json({ status: 'ready' }, 200, noStore)
  })
  return app
}
