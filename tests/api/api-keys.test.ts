import { type } from 'arktype'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { ApiKey } from '@/api/schema/developer'
import { queryRows } from '../../server/db/client'
import { Client, errorBody } from './auth-harness'
import { clientFor, seededApp, type SeededApp } from './helpers/app'
import { firstRow, SEED_SUBMERCHANTS, SEED_USERS } from './helpers/db'

const CITY = SEED_SUBMERCHANTS.cityCabs
const AIRPORT = SEED_SUBMERCHANTS.airportExpress

let ctx: SeededApp
let owner: Client

beforeAll(async () => {
  ctx = await seededApp()
  owner = await clientFor(ctx.app, 'owner@example.com', CITY)
})
afterAll(async () => {
  await ctx.database.close()
})

async function createKey(json: Record<string, unknown>): Promise<ApiKey> {
  const res = await owner.request('POST', '/v1/api-keys', {
    json: { submerchantId: CITY, ...json },
    perspective: CITY,
  })
  expect(res.status).toBe(201)
  const parsed = ApiKey.onUndeclaredKey('reject')(await res.json())
  if (parsed instanceof type.errors) throw new Error(parsed.summary)
  return parsed
}

const bearer = (token: string, path: string, init: RequestInit = {}) =>
  ctx.app.request(path, {
    ...init,
    headers: { Authorization: `Bearer ${token}`, ...(init.headers as Record<string, string>) },
  })

describe('API keys', () => {
  it('returns the token once; the store keeps its hash and the list never shows it', async () => {
    const key = await createKey({ name: ' Dispatch ', permissions: ['sales:read'] })
    expect(key).toMatchObject({ name: 'Dispatch', isEnabled: true, lastSeenAt: null })
    expect(key.permissions).toEqual(['sales:read'])
    expect(key.token).toMatch(/^sk_sandbox_[0-9a-f]{16}_[0-9a-f]{48}$/)
    // The public identifier is recognisable in the token.
    expect(key.token).toContain(key.identifier.slice(3))
    const stored = await firstRow<{ token_hash: string }>(
      ctx.database,
      'select token_hash from api_keys where id = $1',
      [key.id],
    )
    expect(stored.token_hash).toMatch(/^[0-9a-f]{64}$/)
    expect(stored.token_hash).not.toContain(key.token!.slice(11))
    const list = await owner.request('GET', '/v1/api-keys?limit=100', { perspective: CITY })
    expect(list.status).toBe(200)
    const text = await list.text()
    expect(text).toContain(key.id)
    expect(text).not.toContain(key.token!)
    const single = await owner.request('GET', `/v1/api-keys/${key.id}`, { perspective: CITY })
    expect(await single.text()).not.toContain(key.token!)
  })

  it('keeps no token for replays: a retry with its Idempotency-Key has the key without it', async () => {
    const send = () =>
      owner.request('POST', '/v1/api-keys', {
        json: { submerchantId: CITY, name: 'Retried', permissions: ['sales:read'] },
        perspective: CITY,
        headers: { 'Idempotency-Key': 'api-key-retried' },
      })
    const first = await send()
    expect(first.status).toBe(201)
    const created = (await first.json()) as ApiKey
    expect(created.token).toMatch(/^sk_sandbox_/)
    const retry = await send()
    expect(retry.status).toBe(201)
    expect(retry.headers.get('Idempotent-Replayed')).toBe('true')
    const replayed = (await retry.json()) as ApiKey
    expect(replayed).toEqual({ ...created, token: undefined })
    expect('token' in replayed).toBe(false)
    const kept = await firstRow<{ body: string }>(
      ctx.database,
      "select convert_from(decode(response_body, 'base64'), 'UTF8') as body from idempotency_records where key = $1",
      ['api-key-retried'],
    )
    expect(kept.body).toContain(created.id)
    expect(kept.body).not.toContain(created.token!.slice(11))
    // Still the one key, and its token still works.
    expect((await bearer(created.token!, '/v1/sales?limit=1')).status).toBe(200)
  })

  it('needs at least one known permission and the perspective account', async () => {
    const none = await owner.request('POST', '/v1/api-keys', {
      json: { submerchantId: CITY, permissions: [] },
      perspective: CITY,
    })
    expect(none.status).toBe(400)
    expect((await errorBody(none)).message).toBe('Select at least one permission')
    const unknown = await owner.request('POST', '/v1/api-keys', {
      json: { submerchantId: CITY, permissions: ['sales:delete'] },
      perspective: CITY,
    })
    expect(unknown.status).toBe(400)
    const other = await owner.request('POST', '/v1/api-keys', {
      json: { submerchantId: AIRPORT, permissions: ['sales:read'] },
      perspective: CITY,
    })
    expect(other.status).toBe(403)
  })

  it('is a real credential: works without CSRF, checked per route, own account only', async () => {
    const key = await createKey({ permissions: ['sales:read'] })
    const token = key.token!
    const sales = await bearer(token, '/v1/sales?limit=1')
    expect(sales.status).toBe(200)
    const missing = await bearer(token, '/v1/webhook-endpoints')
    expect(missing.status).toBe(403)
    expect(await errorBody(missing)).toMatchObject({
      message: 'Missing permission: webhookEndpoints:read',
      code: 'insufficient_permissions',
    })
    const foreign = await bearer(token, '/v1/sales?limit=1', {
      headers: { 'Token-Perspective': AIRPORT },
    })
    expect(foreign.status).toBe(403)
    const airportSale = await firstRow<{ id: string }>(
      ctx.database,
      'select id from sales where submerchant_id = $1 limit 1',
      [AIRPORT],
    )
    expect((await bearer(token, `/v1/sales/${airportSale.id}`)).status).toBe(404)
    // Writes need no X-Requested-With with a key.
    const writer = await createKey({ permissions: ['webhookEndpoints:create'] })
    const created = await bearer(writer.token!, '/v1/webhook-endpoints', {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({
        submerchantId: CITY,
        url: 'https://example.com/hook',
        events: ['sale.created'],
      }),
    })
    expect(created.status).toBe(201)
  })

  it('disables and enables: a disabled key is 401, the answer is the updated key', async () => {
    const key = await createKey({ permissions: ['sales:read'] })
    const off = await owner.request('PATCH', `/v1/api-keys/${key.id}`, {
      json: { isEnabled: false },
      perspective: CITY,
    })
    expect(off.status).toBe(200)
    expect(await off.json()).toMatchObject({ id: key.id, isEnabled: false })
    const refused = await bearer(key.token!, '/v1/sales?limit=1')
    expect(refused.status).toBe(401)
    expect((await errorBody(refused)).message).toBe('API key is disabled')
    await owner.request('PATCH', `/v1/api-keys/${key.id}`, {
      json: { isEnabled: true },
      perspective: CITY,
    })
    expect((await bearer(key.token!, '/v1/sales?limit=1')).status).toBe(200)
    const bad = await owner.request('PATCH', `/v1/api-keys/${key.id}`, {
      json: { isEnabled: 'no' },
      perspective: CITY,
    })
    expect(bad.status).toBe(400)
  })

  it('records lastSeenAt at most once a minute', async () => {
    const key = await createKey({ permissions: ['sales:read'] })
    const seen = async () =>
      (
        await queryRows<{ last_seen_at: Date | null }>(
          ctx.database,
          'select last_seen_at from api_keys where id = $1',
          [key.id],
        )
      )[0]!.last_seen_at
    await bearer(key.token!, '/v1/sales?limit=1')
    const first = await seen()
    expect(first).not.toBeNull()
    ctx.clock.advance(30)
    await bearer(key.token!, '/v1/sales?limit=1')
    expect(await seen()).toEqual(first)
    ctx.clock.advance(31)
    await bearer(key.token!, '/v1/sales?limit=1')
    expect(new Date((await seen())!).getTime()).toBeGreaterThan(new Date(first!).getTime())
  })
  it('answers for its own account only: another account of its creator is 404, as if unknown', async () => {
    const key = await createKey({ permissions: ['users:read', 'submerchants:read'] })
    const own = await bearer(key.token!, `/v1/submerchants/${CITY}/users/current`)
    expect(own.status).toBe(200)
    expect(await own.json()).toMatchObject({ submerchantId: CITY, submerchantRole: 'owner' })
    // The key's creator is an owner of Airport Express too; the key is not.
    for (const path of [
      `/v1/submerchants/${AIRPORT}`,
      `/v1/submerchants/${AIRPORT}/users/current`,
      `/v1/submerchants/${AIRPORT}/users/${SEED_USERS.owner}`,
    ]) {
      const foreign = await bearer(key.token!, path)
      expect(foreign.status, path).toBe(404)
      expect(await foreign.text(), path).not.toContain(AIRPORT)
    }
  })

  it('stops working once its creator has left the account', async () => {
    const manager = await clientFor(ctx.app, 'manager@example.com', CITY)
    const res = await manager.request('POST', '/v1/api-keys', {
      json: { submerchantId: CITY, permissions: ['sales:read', 'balanceTransactions:read'] },
      perspective: CITY,
    })
    expect(res.status).toBe(201)
    const { token } = (await res.json()) as { token: string }
    expect((await bearer(token, '/v1/sales?limit=1')).status).toBe(200)
    const removed = await owner.request(
      'DELETE',
      `/v1/submerchants/${CITY}/users/${SEED_USERS.manager}`,
      { perspective: CITY },
    )
    expect(removed.status).toBe(204)
    for (const path of ['/v1/sales?limit=1', '/v1/balance-transactions?limit=1']) {
      const refused = await bearer(token, path)
      expect(refused.status, path).toBe(401)
      expect(await errorBody(refused)).toMatchObject({
        message: 'API key is no longer valid: its creator is not a member of the account',
        code: 'api_key_creator_left',
      })
    }
  })
})
