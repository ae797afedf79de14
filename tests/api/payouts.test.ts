import { type } from 'arktype'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { Payout } from '@/api/schema/payouts'
import { queryRows } from '../../server/db/client'
import { Client, errorBody } from './auth-harness'
import { clientFor, seededApp, type SeededApp } from './helpers/app'
import { SEED_SUBMERCHANTS } from './helpers/db'

const CITY = SEED_SUBMERCHANTS.cityCabs
const HARBOUR = SEED_SUBMERCHANTS.harbourCars

let ctx: SeededApp

beforeAll(async () => {
  ctx = await seededApp()
})
afterAll(async () => {
  await ctx.database.close()
})

async function list(client: Client, submerchantId: string, query = '') {
  return client.request('GET', `/v1/payouts?submerchantId=${submerchantId}${query}`, {
    perspective: submerchantId,
  })
}

describe('GET /v1/payouts', () => {
  it('needs a session', async () => {
    const res = await new Client(ctx.app).request('GET', `/v1/payouts?submerchantId=${CITY}`)
    expect(res.status).toBe(401)
  })

  it('lists the account payouts newest first, each exactly a Payout, with the total', async () => {
    const owner = await clientFor(ctx.app, 'owner@example.com', CITY)
    const res = await list(owner, CITY, '&limit=100')
    expect(res.status).toBe(200)
    const body = (await res.json()) as unknown[]
    const [{ count }] = (await queryRows(
      ctx.database,
      'select count(*)::int as count from payouts where submerchant_id = $1',
      [CITY],
    )) as [{ count: number }]
    expect(count).toBeGreaterThan(0)
    expect(res.headers.get('Total-Count')).toBe(String(count))
    expect(body).toHaveLength(Math.min(100, count))
    const dates: string[] = []
    for (const item of body) {
      const parsed = Payout.onUndeclaredKey('reject')(item)
      if (parsed instanceof type.errors) throw new Error(parsed.summary)
      dates.push(parsed.createdAt)
    }
    expect([...dates].sort().reverse()).toEqual(dates)
  })

  it('gives the latest payout with sort, limit and fields', async () => {
    const viewer = await clientFor(ctx.app, 'viewer@example.com', CITY)
    const res = await list(viewer, CITY, '&sort=-createdAt&limit=1&fields=id,amount,status')
    expect(res.status).toBe(200)
    const body = (await res.json()) as Array<Record<string, unknown>>
    expect(body).toHaveLength(1)
    expect(Object.keys(body[0] ?? {}).sort()).toEqual(['amount', 'id', 'status'])
    const [latest] = (await queryRows(
      ctx.database,
      'select id from payouts where submerchant_id = $1 order by created_at desc, id desc limit 1',
      [CITY],
    )) as [{ id: string }]
    expect(body[0]?.id).toBe(latest.id)
  })

  it('applies §6: managers and viewers of a payout-restricted account get 403', async () => {
    for (const email of ['manager@example.com', 'viewer@example.com']) {
      const client = await clientFor(ctx.app, email, HARBOUR)
      const res = await list(client, HARBOUR)
      expect(res.status, email).toBe(403)
      expect(await errorBody(res)).toMatchObject({
        code: 'insufficient_role',
        message: 'Not permitted to view this data.',
      })
    }
    const owner = await clientFor(ctx.app, 'owner@example.com', HARBOUR)
    expect((await list(owner, HARBOUR)).status).toBe(200)
  })

  it('refuses another account than the perspective and bad queries with 4xx', async () => {
    const owner = await clientFor(ctx.app, 'owner@example.com', CITY)
    const other = await owner.request('GET', `/v1/payouts?submerchantId=${HARBOUR}`, {
      perspective: CITY,
    })
    expect(other.status).toBe(403)
    for (const query of ['&status=lost', '&sort=-nope', '&limit=1000', '&createdAt[$gte]=soon']) {
      const res = await list(owner, CITY, query)
      expect(res.status, query).toBe(400)
    }
  })
})
