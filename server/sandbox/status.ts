import { type } from 'arktype'
import { eq } from 'drizzle-orm'
import { Hono } from 'hono'
import type { AppEnv } from '../context'
import type { Db } from '../db/client'
import { absoluteUrl } from '../lib/public-url'
import { sandboxSettings } from '../db/schema/platform'
import { publicCors } from '../middleware/cors'
import { parseJsonBody } from '../middleware/validate'

export const StatusIndicator = type("'none' | 'minor' | 'major' | 'critical'")
export type StatusIndicator = typeof StatusIndicator.infer

// Statuspage's own wording for each indicator.
const DESCRIPTIONS: Record<StatusIndicator, string> = {
  none: 'All Systems Operational',
  minor: 'Minor Service Outage',
  major: 'Partial System Outage',
  critical: 'Major Service Outage',
}

const StatusUpdate = type({ indicator: StatusIndicator, 'description?': '0 < string <= 200' })
const StoredStatus = type({ indicator: StatusIndicator, description: 'string' })
type StoredStatus = typeof StoredStatus.infer

const STATUS_KEY = 'status'

async function readStatus(db: Db): Promise<{ status: StoredStatus; updatedAt: Date | null }> {
  const [row] = await db.select().from(sandboxSettings).where(eq(sandboxSettings.key, STATUS_KEY))
  const stored = row ? StoredStatus(row.value) : null
  if (!row || !stored || stored instanceof type.errors) {
    return { status: { indicator: 'none', description: DESCRIPTIONS.none }, updatedAt: null }
  }
  return { status: stored, updatedAt: row.updatedAt }
}

export function statusRoutes(): Hono<AppEnv> {
  const app = new Hono<AppEnv>()

  // Polled by the portal from any origin, without credentials (Statuspage v2 shape).
  app.use('/api/*', publicCors())
  app.get('/api/v2/status.json', async (c) => {
    const { db, clock } = c.get('deps')
    const { status, updatedAt } = await readStatus(db.db)
    c.header('Cache-Control', 'no-cache')
    return c.json({
      page: {
        id: 'sandbox',
        name: 'Sandbox',
        url: absoluteUrl(c, '/'),
        updated_at: (updatedAt ?? clock.now()).toISOString(),
      },
      status,
    })
  })

  app.post('/', async (c) => {
    const input = await parseJsonBody(c, StatusUpdate)
    const { db, clock } = c.get('deps')
    const value = {
      indicator: input.indicator,
      description: input.description ?? DESCRIPTIONS[input.indicator],
    }
    const now = clock.now()
    await db.db
      .insert(sandboxSettings)
      .values({ key: STATUS_KEY, value, updatedAt: now })
      .onConflictDoUpdate({ target: sandboxSettings.key, set: { value, updatedAt: now } })
    return c.json({ status: value })
  })

  return app
}
