import { Hono } from 'hono'
import type { AppEnv } from '../context'
import { clockRoutes } from './clock'
import { errorIngestRoutes } from './errors'
import { memoryRoutes } from './memory'
import { outboxRoutes } from './outbox'
import { receiptKeySandboxRoutes } from './receipt-keys'
import { statusRoutes } from './status'
import { worldRoutes } from './world-routes'

// Sandbox-only controls, mounted at /sandbox when SANDBOX_CONTROLS=1.
export function sandboxRoutes(): Hono<AppEnv> {
  const app = new Hono<AppEnv>()
  app.route('/clock', clockRoutes())
  app.route('/outbox', outboxRoutes())
  app.route('/status', statusRoutes())
  app.route('/errors', errorIngestRoutes())
  app.route('/memory', memoryRoutes())
  app.route('/world', worldRoutes())
  app.route('/receipt-keys', receiptKeySandboxRoutes())
  return app
}
