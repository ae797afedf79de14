import { type } from 'arktype'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { Sale } from '@/api/schema/sales'
import { queryRows } from '../../server/db/client'
import { Client } from './auth-harness'
import { clientFor, seededApp, type SeededApp } from './helpers/app'
import { SEED_SUBMERCHANTS } from './helpers/db'

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

describe('GET /v1/sales', () => {
  it('needs a session', async () => {
    const res = await new Client(ctx.app).request('GET', `/v1/sales?submerchantId=${CITY}`)
    expect(res.status).toBe(401)
  })

  it('refuses a submerchantId other than the perspective', async () => {
    const res = await owner.request('GET', `/v1/sales?submerchantId=${AIRPORT}`, {
      perspective: CITY,
    })
    expect(res.status).toBe(403)
  })

  it('refuses a perspective the user does not belong to', async () => {
    const res = await owner.request(
      'GET',
      `/v1/sales?submerchantId=${SEED_SUBMERCHANTS.northFleet}`,
      {
        perspective: SEED_SUBMERCHANTS.northFleet,
      },
    )
    expect(res.status).toBe(403)
  })

  it('serialises every item exactly as the Sale schema', async () => {
    const res = await owner.request('GET', `/v1/sales?submerchantId=${CITY}&limit=100`, {
      perspective: CITY,
    })
    expect(res.status).toBe(200)
    const body = (await res.json()) as unknown[]
    expect(body).toHaveLength(100)
    for (const item of body) {
      const parsed = Sale.onUndeclaredKey('reject')(item)
      if (parsed instanceof type.errors) throw new Error(parsed.summary)
      expect(parsed.amount).toBe(parsed.saleAmount + parsed.gratuityAmount)
    }
  })

  it('never exposes more than the last four card digits', async () => {
    const res = await owner.request('GET', '/v1/sales?limit=100', { perspective: CITY })
    const items = (await res.json()) as Array<Record<string, unknown>>
    expect(items.every((s) => /^\d{4}$/.test(String(s.panLastFour)))).toBe(true)
    // Ids are hex hashes; every other value must hold no card-number-length digit run.
    const idKeys = ['id', 'balanceTransactionId', 'receiptId', 'intentId', 'terminalId']
    for (const item of items) {
      const rest = Object.entries(item).filter(([key]) => !idKeys.includes(key))
      expect(JSON.stringify(rest)).not.toMatch(/\d{13,19}/)
    }
  })

  it('lists the sales of one terminal inside the perspective account', async () => {
    const [terminal] = await queryRows<{ terminal_id: string; n: number }>(
      ctx.database,
      `select terminal_id, count(*)::int as n from sales where submerchant_id = $1 and terminal_id is not null
       group by terminal_id order by n desc limit 1`,
      [CITY],
    )
    const res = await owner.request(
      'GET',
      `/v1/sales?terminalId=${terminal!.terminal_id}&limit=100`,
      {
        perspective: CITY,
      },
    )
    expect(res.status).toBe(200)
    expect(Number(res.headers.get('total-count'))).toBe(terminal!.n)
    const items = (await res.json()) as Array<{ terminalId: string }>
    expect(items.every((s) => s.terminalId === terminal!.terminal_id)).toBe(true)
  })

  it("does not reveal another account's terminal sales", async () => {
    const [terminal] = await queryRows<{ terminal_id: string }>(
      ctx.database,
      'select terminal_id from sales where submerchant_id = $1 and terminal_id is not null limit 1',
      [AIRPORT],
    )
    const res = await owner.request('GET', `/v1/sales?terminalId=${terminal!.terminal_id}`, {
      perspective: CITY,
    })
    expect(res.status).toBe(200)
    expect(res.headers.get('total-count')).toBe('0')
    expect(await res.json()).toEqual([])
  })

  it('serves the test-sale picker query', async () => {
    const res = await owner.request(
      'GET',
      '/v1/sales?limit=10&fields=id,retrievalReferenceNumber,capturedAt&sort=-capturedAt',
      { perspective: CITY },
    )
    expect(res.status).toBe(200)
    const items = (await res.json()) as Array<Record<string, string>>
    expect(items).toHaveLength(10)
    expect(items.every((s) => s.id?.startsWith('sale_'))).toBe(true)
  })

  it('filters by card type, last four and serial number', async () => {
    const [sample] = await queryRows<{
      pan_last_four: string
      terminal_serial_number: string
      card_type: string
    }>(
      ctx.database,
      'select pan_last_four, terminal_serial_number, card_type from sales where submerchant_id = $1 and terminal_serial_number is not null limit 1',
      [CITY],
    )
    const query = `panLastFour=${sample!.pan_last_four}&terminalSerialNumber=${sample!.terminal_serial_number}&cardType=${sample!.card_type}`
    const res = await owner.request('GET', `/v1/sales?${query}`, { perspective: CITY })
    const items = (await res.json()) as Array<Record<string, string>>
    expect(items.length).toBeGreaterThan(0)
    expect(
      items.every(
        (s) =>
          s.panLastFour === sample!.pan_last_four &&
          s.terminalSerialNumber === sample!.terminal_serial_number &&
          s.cardType === sample!.card_type,
      ),
    ).toBe(true)
  })

  it('lets a viewer read sales too', async () => {
    const viewer = await clientFor(ctx.app, 'viewer@example.com', CITY)
    const res = await viewer.request('GET', '/v1/sales?limit=1', { perspective: CITY })
    expect(res.status).toBe(200)
  })
})
