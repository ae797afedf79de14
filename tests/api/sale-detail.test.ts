import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { ApiKey } from '@/api/schema/developer'
import { BalanceTransaction, Sale } from '@/api/schema/sales'
import { PartialTerminal } from '@/api/schema/terminals'
import { Client, errorBody } from './auth-harness'
import { clientFor, seededApp, type SeededApp } from './helpers/app'
import { exactly } from './helpers/exactly'
import { firstRow, SEED_SUBMERCHANTS, TEST_API_KEY_TOKEN } from './helpers/db'

const CITY = SEED_SUBMERCHANTS.cityCabs
const AIRPORT = SEED_SUBMERCHANTS.airportExpress
const NORTH = SEED_SUBMERCHANTS.northFleet

let ctx: SeededApp
let viewer: Client

beforeAll(async () => {
  ctx = await seededApp()
  viewer = await clientFor(ctx.app, 'viewer@example.com', CITY)
})
afterAll(async () => {
  await ctx.database.close()
})

const saleOf = (submerchantId: string) =>
  firstRow<{ id: string; amount: number; balance_transaction_id: string; terminal_id: string }>(
    ctx.database,
    `select id, amount, balance_transaction_id, terminal_id from sales
     where submerchant_id = $1 and terminal_id is not null order by id limit 1`,
    [submerchantId],
  )

describe('GET /v1/sales/{id}', () => {
  it('returns the perspective account sale, exactly a Sale matching the row', async () => {
    const row = await saleOf(CITY)
    const res = await viewer.request('GET', `/v1/sales/${row.id}`, { perspective: CITY })
    expect(res.status).toBe(200)
    const sale = exactly<Sale>(Sale, await res.json())
    expect(sale).toMatchObject({
      id: row.id,
      amount: row.amount,
      balanceTransactionId: row.balance_transaction_id,
      terminalId: row.terminal_id,
    })
    expect(sale.amount).toBe(sale.saleAmount + sale.gratuityAmount)
    // The same item the list gives.
    const list = await viewer.request('GET', `/v1/sales?id=${row.id}`, { perspective: CITY })
    expect(await list.json()).toEqual([sale])
  })

  it("answers 404 for another account's sale and an unknown id; 401 without a session", async () => {
    const other = await saleOf(AIRPORT)
    const res = await viewer.request('GET', `/v1/sales/${other.id}`, { perspective: CITY })
    expect(res.status).toBe(404)
    expect(await errorBody(res)).toMatchObject({ code: 'not_found', message: 'Sale not found' })
    expect((await viewer.request('GET', '/v1/sales/sale_nope', { perspective: CITY })).status).toBe(
      404,
    )
    expect((await new Client(ctx.app).request('GET', `/v1/sales/${other.id}`)).status).toBe(401)
  })

  it('is reachable with an API key holding sales:read, for its own account only', async () => {
    const own = await saleOf(CITY)
    const headers = { Authorization: `Bearer ${TEST_API_KEY_TOKEN}` }
    expect((await ctx.app.request(`/v1/sales/${own.id}`, { headers })).status).toBe(200)
    const other = await saleOf(AIRPORT)
    expect((await ctx.app.request(`/v1/sales/${other.id}`, { headers })).status).toBe(404)
  })
})

describe('GET /v1/balance-transactions/{id}', () => {
  it("gives the sale's fee and net amount", async () => {
    const row = await saleOf(CITY)
    const res = await viewer.request(
      'GET',
      `/v1/balance-transactions/${row.balance_transaction_id}`,
      {
        perspective: CITY,
      },
    )
    expect(res.status).toBe(200)
    const btx = exactly<BalanceTransaction>(BalanceTransaction, await res.json())
    expect(btx).toMatchObject({ id: row.balance_transaction_id, sourceId: row.id, type: 'sale' })
    expect(btx.amount).toBe(row.amount)
    expect(btx.feeAmount).toBeGreaterThan(0)
    expect(btx.netAmount).toBe(btx.amount - btx.feeAmount)
  })

  it("answers 404 for another account's, and 403 to an API key without balanceTransactions:read", async () => {
    const other = await saleOf(AIRPORT)
    const res = await viewer.request(
      'GET',
      `/v1/balance-transactions/${other.balance_transaction_id}`,
      { perspective: CITY },
    )
    expect(res.status).toBe(404)
    const own = await saleOf(CITY)
    const keyed = await ctx.app.request(`/v1/balance-transactions/${own.balance_transaction_id}`, {
      headers: { Authorization: `Bearer ${TEST_API_KEY_TOKEN}` },
    })
    expect(keyed.status).toBe(403)
    expect(await errorBody(keyed)).toMatchObject({ code: 'insufficient_permissions' })
  })
})

describe('GET /v1/api-keys/{id}', () => {
  it('shows the display fields, never the token or its hash', async () => {
    const key = await firstRow<{ id: string; name: string | null }>(
      ctx.database,
      'select id, name from api_keys where submerchant_id = $1 order by created_at limit 1',
      [CITY],
    )
    const res = await viewer.request('GET', `/v1/api-keys/${key.id}`, { perspective: CITY })
    expect(res.status).toBe(200)
    const body = (await res.json()) as Record<string, unknown>
    const parsed = exactly<ApiKey>(ApiKey, body)
    expect(parsed).toMatchObject({ id: key.id, name: key.name, submerchantId: CITY })
    expect(Object.keys(body)).not.toContain('token')
    expect(Object.keys(body)).not.toContain('tokenHash')
    expect(JSON.stringify(body)).not.toContain(TEST_API_KEY_TOKEN)
  })

  it("answers 404 for another account's key; API keys cannot call it", async () => {
    const other = await firstRow<{ id: string }>(
      ctx.database,
      'select id from api_keys where submerchant_id <> $1 order by id limit 1',
      [CITY],
    )
    expect(
      (await viewer.request('GET', `/v1/api-keys/${other.id}`, { perspective: CITY })).status,
    ).toBe(404)
    const keyed = await ctx.app.request(`/v1/api-keys/${other.id}`, {
      headers: { Authorization: `Bearer ${TEST_API_KEY_TOKEN}` },
    })
    expect(keyed.status).toBe(403)
    expect(await errorBody(keyed)).toMatchObject({ code: 'api_key_not_permitted' })
  })
})

describe('GET /v1/terminals/{id}', () => {
  it('narrows to fields=serialNumber,id,customReference', async () => {
    const row = await saleOf(CITY)
    const res = await viewer.request(
      'GET',
      `/v1/terminals/${row.terminal_id}?fields=serialNumber,id,customReference`,
      { perspective: CITY },
    )
    expect(res.status).toBe(200)
    const body = (await res.json()) as Record<string, unknown>
    expect(Object.keys(body).sort()).toEqual(['customReference', 'id', 'serialNumber'])
    exactly<PartialTerminal>(PartialTerminal, body)
    expect(body.id).toBe(row.terminal_id)
    const full = await viewer.request('GET', `/v1/terminals/${row.terminal_id}`, {
      perspective: CITY,
    })
    const terminal = (await full.json()) as Record<string, unknown>
    expect(terminal).toMatchObject(body)
    expect(terminal.currentAllocation).toMatchObject({ submerchantId: CITY })
  })

  it('refuses unknown fields or parameters (400) and other accounts’ terminals (404)', async () => {
    const row = await saleOf(CITY)
    for (const query of ['?fields=serialNumber,secret', '?limit=1', '?fields=']) {
      const res = await viewer.request('GET', `/v1/terminals/${row.terminal_id}${query}`, {
        perspective: CITY,
      })
      expect(res.status, query).toBe(400)
      expect(await errorBody(res)).toMatchObject({ code: 'invalid_query' })
    }
    const other = await saleOf(AIRPORT)
    const res = await viewer.request('GET', `/v1/terminals/${other.terminal_id}`, {
      perspective: CITY,
    })
    expect(res.status).toBe(404)
  })

  it('applies the role rule: managers and viewers of a terminal-restricted account get 403', async () => {
    const row = await saleOf(NORTH)
    const manager = await clientFor(ctx.app, 'manager@example.com', NORTH)
    const res = await manager.request('GET', `/v1/terminals/${row.terminal_id}`, {
      perspective: NORTH,
    })
    expect(res.status).toBe(403)
    expect(await errorBody(res)).toMatchObject({ message: 'Not permitted to view this data.' })
  })
})
