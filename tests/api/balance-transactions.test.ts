import { type } from 'arktype'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { BalanceTransaction } from '@/api/schema/sales'
import { Client, errorBody } from './auth-harness'
import { clientFor, seededApp, type SeededApp } from './helpers/app'
import { firstRow, SEED_SUBMERCHANTS, TEST_API_KEY_TOKEN } from './helpers/db'

const CITY = SEED_SUBMERCHANTS.cityCabs
const AIRPORT = SEED_SUBMERCHANTS.airportExpress

let ctx: SeededApp
let viewer: Client

beforeAll(async () => {
  ctx = await seededApp()
  viewer = await clientFor(ctx.app, 'viewer@example.com', CITY)
})
afterAll(async () => {
  await ctx.database.close()
})

function parseAll(body: unknown): BalanceTransaction[] {
  if (!Array.isArray(body)) throw new Error('expected an array')
  return body.map((item) => {
    const parsed = BalanceTransaction.onUndeclaredKey('reject')(item)
    if (parsed instanceof type.errors) throw new Error(parsed.summary)
    return parsed
  })
}

// The export's month: the busiest whole month of the seed for City Cabs.
async function monthWithSales() {
  const row = await firstRow<{ gte: string; lt: string; sales: string }>(
    ctx.database,
    `select to_char(date_trunc('month', captured_at), 'YYYY-MM-DD"T"HH24:MI:SS"Z"') as gte,
            to_char(date_trunc('month', captured_at) + interval '1 month', 'YYYY-MM-DD"T"HH24:MI:SS"Z"') as lt,
            count(*)::text as sales
     from sales where submerchant_id = $1
     group by 1, 2 order by count(*) desc limit 1`,
    [CITY],
  )
  return { gte: row.gte, lt: row.lt, sales: Number(row.sales) }
}

function query(params: Record<string, string | number>): string {
  return new URLSearchParams(
    Object.entries(params).map(([k, v]) => [k, String(v)] as [string, string]),
  ).toString()
}

describe('GET /v1/balance-transactions', () => {
  it('lists the sale transactions of a createdAt range in pages, matching the sales one for one', async () => {
    const month = await monthWithSales()
    const base = { 'createdAt[$gte]': month.gte, 'createdAt[$lt]': month.lt, type: 'sale' }
    const seen: BalanceTransaction[] = []
    for (let offset = 0; ; offset += 100) {
      const res = await viewer.request(
        'GET',
        `/v1/balance-transactions?${query({ ...base, offset, limit: 100 })}`,
        { perspective: CITY },
      )
      expect(res.status).toBe(200)
      expect(res.headers.get('Total-Count')).toBe(String(month.sales))
      const page = parseAll(await res.json())
      seen.push(...page)
      if (page.length < 100) break
    }
    expect(seen).toHaveLength(month.sales)
    expect(new Set(seen.map((btx) => btx.id)).size).toBe(month.sales)
    for (const btx of seen) {
      expect(btx.type).toBe('sale')
      expect(btx.netAmount).toBe(btx.amount - btx.feeAmount)
      expect(btx.createdAt >= month.gte && btx.createdAt < month.lt).toBe(true)
    }
    // Newest first by default, like the sales list.
    const dates = seen.map((btx) => btx.createdAt)
    expect(dates).toEqual([...dates].sort().reverse())

    // Every sale of the range has its transaction (sourceId = sale id, id = balanceTransactionId).
    const sales = await firstRow<{ ids: string[] }>(
      ctx.database,
      `select array_agg(id || '/' || balance_transaction_id) as ids from sales
       where submerchant_id = $1 and captured_at >= $2 and captured_at < $3`,
      [CITY, month.gte, month.lt],
    )
    expect(new Set(seen.map((btx) => `${btx.sourceId}/${btx.id}`))).toEqual(new Set(sales.ids))
  })

  it('is scoped to the perspective account and refuses another submerchantId', async () => {
    const res = await viewer.request('GET', '/v1/balance-transactions?limit=100', {
      perspective: CITY,
    })
    expect(res.status).toBe(200)
    const other = await firstRow<{ id: string }>(
      ctx.database,
      'select id from balance_transactions where submerchant_id = $1 limit 1',
      [AIRPORT],
    )
    const byId = await viewer.request('GET', `/v1/balance-transactions?id=${other.id}`, {
      perspective: CITY,
    })
    expect(parseAll(await byId.json())).toEqual([])
    const foreign = await viewer.request(
      'GET',
      `/v1/balance-transactions?submerchantId=${AIRPORT}`,
      { perspective: CITY },
    )
    expect(foreign.status).toBe(403)
    expect((await new Client(ctx.app).request('GET', '/v1/balance-transactions')).status).toBe(401)
  })

  it('refuses bad filters with 400 invalid_query', async () => {
    for (const q of [
      'type=fee',
      'limit=101',
      'createdAt=2026-01-01',
      'createdAt[$gte]=yesterday',
      'payoutId=pay_1',
      'sort=feeAmount',
    ]) {
      const res = await viewer.request('GET', `/v1/balance-transactions?${q}`, {
        perspective: CITY,
      })
      expect(res.status, q).toBe(400)
      expect(await errorBody(res)).toMatchObject({ code: 'invalid_query' })
    }
  })

  it('needs balanceTransactions:read for an API key', async () => {
    const res = await ctx.app.request('/v1/balance-transactions?type=sale', {
      headers: { Authorization: `Bearer ${TEST_API_KEY_TOKEN}` },
    })
    expect(res.status).toBe(403)
    expect(await errorBody(res)).toMatchObject({ code: 'insufficient_permissions' })
  })
})
