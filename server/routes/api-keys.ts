import { and, eq } from 'drizzle-orm'
import { Hono } from 'hono'
import type { ApiKey } from '@/api/schema/developer'
import type { AppEnv } from '../context'
import { apiKeys } from '../db/schema/core'
import { notFound } from '../errors'
import { requirePerspective } from '../middleware/perspective'

type ApiKeyRow = typeof apiKeys.$inferSelect

// The §3 API key for display: never the token (only its hash is stored) and never the hash.
export function serializeApiKey(row: ApiKeyRow): ApiKey {
  return {
    id: row.id,
    submerchantId: row.submerchantId,
    name: row.name,
    identifier: row.identifier,
    isEnabled: row.isEnabled,
    lastSeenAt: row.lastSeenAt?.toISOString() ?? null,
    permissions: row.permissions,
    createdAt: row.createdAt.toISOString(),
  }
}

export function apiKeyRoutes(): Hono<AppEnv> {
  const app = new Hono<AppEnv>()

  // §7 GET /v1/api-keys/{id}: names the key behind an api_ createdBy; any member of the account may look.
  app.get('/:id', async (c) => {
    const submerchantId = requirePerspective(c)
    const [row] = await c
      .get('deps')
      .db.db.select()
      .from(apiKeys)
      .where(and(eq(apiKeys.id, c.req.param('id')), eq(apiKeys.submerchantId, submerchantId)))
    if (!row) throw notFound('API key not found')
    return c.json(serializeApiKey(row))
  })

  return app
}
