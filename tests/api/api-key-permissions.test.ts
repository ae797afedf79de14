// Issue 18: the API-key permission table, generated from the app's own routes. A /v1 route without
// a row fails here; every row is checked with a key lacking its permission (403 naming it) and a
// key holding only it (never refused for permissions).
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { API_KEY_PERMISSIONS, type ApiKey } from '@/api/schema/developer'
import { isPublicRoute } from '../../server/middleware/auth'
import { API_KEY_ROUTE_PERMISSIONS, routeKey } from '../../server/middleware/api-key-permissions'
import type { Client } from './auth-harness'
import { clientFor, seededApp, type SeededApp } from './helpers/app'
import { firstRow, SEED_SUBMERCHANTS } from './helpers/db'

const CITY = SEED_SUBMERCHANTS.cityCabs

let ctx: SeededApp
let owner: Client
let idsBySegment: Record<string, string> = {}
const tokens = new Map<string, string>()

beforeAll(async () => {
  ctx = await seededApp()
  owner = await clientFor(ctx.app, 'owner@example.com', CITY)
  const one = async (table: string) =>
    (
      await firstRow<{ id: string }>(
        ctx.database,
        `select id from ${table} where submerchant_id = $1 order by id limit 1`,
        [CITY],
      )
    ).id
  idsBySegment = {
    submerchants: CITY,
    sales: await one('sales'),
    'webhook-endpoints': await one('webhook_endpoints'),
  }
})
afterAll(async () => {
  await ctx.database.close()
})

// A key of City Cabs made by its owner through the API, cached by its permission list.
async function keyWith(permissions: string[]): Promise<string> {
  const name = permissions.join(',')
  const cached = tokens.get(name)
  if (cached) return cached
  const res = await owner.request('POST', '/v1/api-keys', {
    json: { submerchantId: CITY, name: 'generated', permissions },
    perspective: CITY,
  })
  expect(res.status).toBe(201)
  const token = ((await res.json()) as ApiKey).token!
  tokens.set(name, token)
  return token
}

function v1Routes(): { method: string; path: string; key: string }[] {
  const seen = new Map<string, { method: string; path: string; key: string }>()
  for (const route of ctx.app.routes) {
    if (route.method === 'ALL' || !route.path.startsWith('/v1/')) continue
    const key = routeKey(route.method, route.path)
    if (!seen.has(key)) seen.set(key, { method: route.method, path: route.path, key })
  }
  return [...seen.values()]
}

function concrete(path: string): string {
  const segments = path.split('/')
  return segments
    .map((s, i) => (s.startsWith(':') ? (idsBySegment[segments[i - 1] ?? ''] ?? 'x') : s))
    .join('/')
}

async function callWith(token: string, method: string, path: string) {
  const res = await ctx.app.request(concrete(path), {
    method,
    headers: {
      Authorization: `Bearer ${token}`,
      ...(method === 'GET' || method === 'DELETE' ? {} : { 'Content-Type': 'application/json' }),
    },
    body: method === 'GET' || method === 'DELETE' ? undefined : '{}',
  })
  const body = (await res.json().catch(() => ({}))) as { code?: string; message?: string }
  return { status: res.status, ...body }
}

describe('API key permission table', () => {
  it('has a row for every /v1 route of the app', () => {
    const missing = v1Routes()
      .map((r) => r.key)
      .filter((key) => !Object.hasOwn(API_KEY_ROUTE_PERMISSIONS, key))
    expect(missing).toEqual([])
  })

  it('names only permissions', () => {
    for (const permission of Object.values(API_KEY_ROUTE_PERMISSIONS)) {
      if (permission !== null) expect(API_KEY_PERMISSIONS).toContain(permission)
    }
  })

  it('refuses a key without the permission and lets one with it through, route by route', async () => {
    for (const route of v1Routes()) {
      const permission = API_KEY_ROUTE_PERMISSIONS[route.key]
      const label = route.key
      if (permission === undefined) continue
      if (permission === null) {
        if (isPublicRoute(route.method, concrete(route.path))) continue
        const all = await callWith(await keyWith(API_KEY_PERMISSIONS), route.method, route.path)
        expect([all.status, all.code], label).toEqual([403, 'api_key_not_permitted'])
        continue
      }
      const others = API_KEY_PERMISSIONS.filter((p) => p !== permission)
      const without = await callWith(await keyWith(others), route.method, route.path)
      expect([without.status, without.message], label).toEqual([
        403,
        `Missing permission: ${permission}`,
      ])
      const withIt = await callWith(await keyWith([permission]), route.method, route.path)
      expect(withIt.status, `${label} → ${withIt.status} ${withIt.message}`).not.toBe(403)
      expect(withIt.status, label).toBeLessThan(500)
    }
  })
})
