import { type } from 'arktype'
import { parse } from 'csv-parse/sync'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { SalesSummary } from '@/api/schema/sales-summary'
import { TaxYearSummary } from '@/api/schema/tax-year'
import { londonMidnight, nextDate, taxQuarters, taxYearLabel, taxYearOf } from '@/lib/tax-year'
import type { TaxYearPeriods } from '@/api/schema/tax-year-values'
import { queryRows } from '../../server/db/client'
import { Client } from './auth-harness'
import { clientFor, seededApp, type SeededApp } from './helpers/app'
import { SEED_SUBMERCHANTS, TEST_API_KEY_TOKEN } from './helpers/db'

const CITY = SEED_SUBMERCHANTS.cityCabs
const NORTH = SEED_SUBMERCHANTS.northFleet

let ctx: SeededApp
let owner: Client
const current = taxYearOf(new Date())
const last = current - 1

// Sales made at the instants where a London date, a quarter or a tax year turns: both clock changes
// of last tax year (01:00 UTC), the first hour after each, the quarter ends (23:00 UTC in summer,
// 00:00 in winter) and 5/6 April, each a millisecond before and at the turn.
function edges(startYear: number): string[] {
  const next = startYear + 1
  const lastSunday = (year: number, month: number) => {
    const end = new Date(Date.UTC(year, month + 1, 0, 1))
    end.setUTCDate(end.getUTCDate() - end.getUTCDay())
    return end
  }
  const turns = [
    londonMidnight(`${startYear}-04-06`),
    londonMidnight(`${startYear}-07-06`),
    londonMidnight(`${startYear}-10-06`),
    londonMidnight(`${next}-01-06`),
    londonMidnight(`${next}-04-06`),
    londonMidnight(`${startYear}-07-01`),
    londonMidnight(`${startYear}-10-01`),
    londonMidnight(`${next}-01-01`),
    londonMidnight(`${next}-04-01`),
    lastSunday(startYear, 9),
    lastSunday(next, 2),
  ]
  return turns.flatMap((at) => [
    new Date(+at - 1).toISOString(),
    at.toISOString(),
    new Date(+at + 30 * 60_000).toISOString(),
  ])
}

beforeAll(async () => {
  ctx = await seededApp()
  owner = await clientFor(ctx.app, 'owner@example.com', CITY)
  const run = (text: string, params: unknown[] = []) => queryRows(ctx.database, text, params)
  // Copies of a seeded sale (with its fee) at each edge, and of a refund's balance transaction at
  // some of them, so refunds fall on both sides of the turns too.
  for (const [index, at] of [...edges(last), ...edges(current)].entries()) {
    await run(
      `insert into sales select (jsonb_populate_record(null::sales, to_jsonb(s) || jsonb_build_object(
         'id', 'sale_edge_' || $2::text, 'captured_at', $3::timestamptz,
         'amount', 1000 + $2::int, 'sale_amount', 900 + $2::int, 'gratuity_amount', 100,
         'fee_amount', 17))).*
       from sales s where s.submerchant_id = $1 order by s.id limit 1`,
      [CITY, index, at],
    )
    if (index % 3 !== 1) {
      await run(
        `insert into balance_transactions select (jsonb_populate_record(null::balance_transactions,
           to_jsonb(b) || jsonb_build_object('id', 'btx_edge_' || $2::text, 'created_at', $3::timestamptz,
           'amount', -(200 + $2::int), 'net_amount', -(200 + $2::int)))).*
         from balance_transactions b where b.submerchant_id = $1 and b.type = 'refund' order by b.id limit 1`,
        [CITY, index, at],
      )
    }
  }
})
afterAll(async () => {
  await ctx.database.close()
})

async function taxYear(
  client: Client,
  label: string,
  periods: TaxYearPeriods = 'standard',
  perspective: string = CITY,
) {
  const res = await client.request('GET', `/v1/tax-years/${label}/summary?periods=${periods}`, {
    perspective,
  })
  expect(res.status, label).toBe(200)
  const parsed = TaxYearSummary.onUndeclaredKey('reject')(await res.json())
  if (parsed instanceof type.errors) throw new Error(parsed.summary)
  return parsed
}

// GET /v1/sales/summary over the London dates, added up.
async function salesSummaryOf(
  startDate: string,
  endDate: string,
  perspective: string = CITY,
  client = owner,
) {
  const gte = londonMidnight(startDate).toISOString()
  const lt = londonMidnight(nextDate(endDate)).toISOString()
  const res = await client.request(
    'GET',
    `/v1/sales/summary?capturedAt[$gte]=${encodeURIComponent(gte)}&capturedAt[$lt]=${encodeURIComponent(lt)}&groupBy=method`,
    { perspective },
  )
  expect(res.status).toBe(200)
  const body = SalesSummary.assert(await res.json())
  const sum = (pick: (b: (typeof body.buckets)[number]) => number) =>
    body.buckets.reduce((total, b) => total + pick(b), 0)
  return {
    count: sum((b) => b.count),
    amount: sum((b) => b.amount),
    tips: sum((b) => b.gratuityAmount),
    fees: sum((b) => b.feeAmount),
    refunds: body.refunds.amount,
  }
}

// Every page of GET /v1/sales over the London dates, added up.
async function listedSums(
  startDate: string,
  endDate: string,
  perspective: string = CITY,
  client = owner,
) {
  const gte = encodeURIComponent(londonMidnight(startDate).toISOString())
  const lt = encodeURIComponent(londonMidnight(nextDate(endDate)).toISOString())
  let count = 0
  let amount = 0
  let tips = 0
  for (let offset = 0; ; offset += 100) {
    const res = await client.request(
      'GET',
      `/v1/sales?capturedAt[$gte]=${gte}&capturedAt[$lt]=${lt}&limit=100&offset=${offset}&fields=amount,gratuityAmount`,
      { perspective },
    )
    expect(res.status).toBe(200)
    const page = (await res.json()) as { amount: number; gratuityAmount: number }[]
    count += page.length
    for (const sale of page) {
      amount += sale.amount
      tips += sale.gratuityAmount
    }
    if (page.length < 100) return { count, amount, tips }
  }
}

describe('GET /v1/tax-years/{taxYear}/summary', () => {
  for (const periods of ['standard', 'calendar'] as const) {
    it(`matches the sales summary and the sales list in every ${periods} quarter`, async () => {
      for (const year of [last, current]) {
        const body = await taxYear(owner, taxYearLabel(year), periods)
        expect(
          body.quarters.map(({ startDate, endDate, deadline }) => ({
            startDate,
            endDate,
            deadline,
          })),
        ).toEqual(
          taxQuarters(year, periods).map(({ startDate, endDate, deadline }) => ({
            startDate,
            endDate,
            deadline,
          })),
        )
        let salesAmount = 0
        for (const quarter of body.quarters) {
          const started = londonMidnight(quarter.startDate) <= new Date()
          const summary = await salesSummaryOf(quarter.startDate, quarter.endDate)
          const listed = await listedSums(quarter.startDate, quarter.endDate)
          expect(quarter.salesCount).toBe(started ? summary.count : 0)
          expect(quarter.salesAmount).toBe(started ? summary.amount : 0)
          expect(quarter.tipsAmount).toBe(started ? summary.tips : 0)
          expect(quarter.cardFees).toBe(started ? summary.fees : 0)
          expect(quarter.refundsAmount).toBe(started ? summary.refunds : 0)
          expect(quarter.disputesAmount).toBe(0)
          expect(quarter.income).toBe(quarter.salesAmount - quarter.refundsAmount)
          if (started)
            expect(listed).toEqual({
              count: summary.count,
              amount: summary.amount,
              tips: summary.tips,
            })
          salesAmount += quarter.salesAmount
          expect(quarter.cumulative.salesAmount).toBe(salesAmount)
        }
        const sumOf = (pick: (q: (typeof body.quarters)[number]) => number) =>
          body.quarters.reduce((total, q) => total + pick(q), 0)
        expect(body.totals).toEqual({
          salesCount: sumOf((q) => q.salesCount),
          salesAmount: sumOf((q) => q.salesAmount),
          tipsAmount: sumOf((q) => q.tipsAmount),
          refundsAmount: sumOf((q) => q.refundsAmount),
          disputesAmount: 0,
          income: sumOf((q) => q.income),
          cardFees: sumOf((q) => q.cardFees),
        })
        expect(body.quarters[3]?.cumulative).toEqual({
          salesAmount: body.totals.salesAmount,
          tipsAmount: body.totals.tipsAmount,
          refundsAmount: body.totals.refundsAmount,
          disputesAmount: 0,
          income: body.totals.income,
          cardFees: body.totals.cardFees,
        })
      }
    })
  }

  it('puts each edge sale in the quarter of its London date', async () => {
    const body = await taxYear(owner, taxYearLabel(last))
    const before = await taxYear(owner, taxYearLabel(last - 1))
    const edgeSales = await queryRows<{ at: Date | string; amount: number }>(
      ctx.database,
      `select captured_at as at, amount from sales where id like 'sale_edge_%'`,
    )
    const inYear = (startYear: number) =>
      edgeSales.filter((sale) => taxYearOf(new Date(sale.at)) === startYear)
    // 5 April 23:59:59.999 London is last year's; 6 April 00:00 is this year's.
    const april = londonMidnight(`${last + 1}-04-06`)
    expect(taxYearOf(+april - 1)).toBe(last)
    expect(taxYearOf(april)).toBe(current)
    expect(inYear(last).length).toBeGreaterThan(20)
    expect(body.totals.salesCount).toBe((await salesSummaryOf(body.startDate, body.endDate)).count)
    expect(before.startDate).toBe(`${last - 1}-04-06`)
    expect(body.startDate).toBe(`${last}-04-06`)
    expect(body.endDate).toBe(`${last + 1}-04-05`)
  })

  it('lets a viewer of a terminal-restricted account read the year their sales list shows', async () => {
    const viewer = await clientFor(ctx.app, 'viewer@example.com', NORTH)
    const body = await taxYear(viewer, taxYearLabel(last), 'standard', NORTH)
    for (const quarter of body.quarters) {
      const listed = await listedSums(quarter.startDate, quarter.endDate, NORTH, viewer)
      expect({
        count: quarter.salesCount,
        amount: quarter.salesAmount,
        tips: quarter.tipsAmount,
      }).toEqual(listed)
    }
    const other = await viewer.request(
      'GET',
      `/v1/tax-years/${taxYearLabel(last)}/summary?submerchantId=${CITY}`,
      { perspective: NORTH },
    )
    expect(other.status).toBe(403)
  })

  it('refuses bad input with 400 naming the field', async () => {
    const cases: [string, string][] = [
      [`/v1/tax-years/2026-28/summary`, 'taxYear'],
      [`/v1/tax-years/1999-00/summary`, 'taxYear'],
      [`/v1/tax-years/${taxYearLabel(current - 7)}/summary`, 'taxYear'],
      [`/v1/tax-years/${taxYearLabel(current + 2)}/summary`, 'taxYear'],
      [`/v1/tax-years/2026/summary`, 'taxYear'],
      [`/v1/tax-years/${taxYearLabel(current)}/summary?periods=monthly`, 'periods'],
      [
        `/v1/tax-years/${taxYearLabel(current)}/summary?periods=standard&periods=calendar`,
        'periods',
      ],
      [`/v1/tax-years/${taxYearLabel(current)}/summary?groupBy=day`, 'groupBy'],
      [`/v1/tax-years/${taxYearLabel(current)}/records?periods=standard`, 'periods'],
      [`/v1/tax-years/2026-28/records`, 'taxYear'],
    ]
    for (const [path, field] of cases) {
      const res = await owner.request('GET', path, { perspective: CITY })
      expect(res.status, path).toBe(400)
      const body = (await res.json()) as { code: string; errors: { field: string }[] }
      expect(body.code).toBe('invalid_query')
      expect(
        body.errors.map((e) => e.field),
        path,
      ).toContain(field)
    }
    // The edges of what is answered: six years back and the next one.
    for (const year of [current - 6, current + 1]) {
      const body = await taxYear(owner, taxYearLabel(year))
      if (year > current) expect(body.totals.salesCount).toBe(0)
    }
  })
})

describe('GET /v1/tax-years/{taxYear}/records', () => {
  it('is the year as CSV rows that add up to the summary, in date order', async () => {
    const label = taxYearLabel(last)
    const res = await owner.request('GET', `/v1/tax-years/${label}/records`, { perspective: CITY })
    expect(res.status).toBe(200)
    expect(res.headers.get('content-type')).toMatch(/^text\/csv/)
    expect(res.headers.get('content-disposition')).toBe(
      `attachment; filename="tax-year-${label}-${CITY}.csv"`,
    )
    const rows = parse(await res.text(), { bom: true, columns: true }) as Record<string, string>[]
    const summary = await taxYear(owner, label)
    expect(Object.keys(rows[0] ?? {})).toEqual([
      'date',
      'type',
      'description',
      'reference',
      'amount',
      'category',
    ])
    const pence = (text: string) => Math.round(Number(text) * 100)
    const dates = rows.map((row) => row.date ?? '')
    expect(dates).toEqual([...dates].sort())
    expect(dates[0]! >= summary.startDate && dates.at(-1)! <= summary.endDate).toBe(true)
    for (const quarter of summary.quarters) {
      const of = (category: string) =>
        rows.filter(
          (row) =>
            row.category === category &&
            row.date! >= quarter.startDate &&
            row.date! <= quarter.endDate,
        )
      const turnover = of('turnover')
      expect(turnover.length).toBe(quarter.salesCount)
      expect(
        turnover.every((row) => row.type === 'sale' && row.reference?.startsWith('sale_')),
      ).toBe(true)
      expect(turnover.reduce((sum, row) => sum + pence(row.amount!), 0)).toBe(quarter.salesAmount)
      expect(of('financial_charges').reduce((sum, row) => sum - pence(row.amount!), 0)).toBe(
        quarter.cardFees,
      )
      expect(of('refund').reduce((sum, row) => sum - pence(row.amount!), 0)).toBe(
        quarter.refundsAmount,
      )
      expect(of('chargeback')).toEqual([])
    }
    // A card shows only its last four.
    const sales = rows.filter((row) => row.type === 'sale')
    expect(sales.length).toBeGreaterThan(0)
    for (const row of sales)
      expect(row.description).toMatch(/^Card payment, [A-Za-z ]+ ending \d{4}$/)
  })

  it('is read by an API key with sales:read', async () => {
    const res = await ctx.app.request(`/v1/tax-years/${taxYearLabel(current)}/records`, {
      headers: { Authorization: `Bearer ${TEST_API_KEY_TOKEN}`, 'Token-Perspective': CITY },
    })
    expect(res.status).toBe(200)
    const rows = parse(await res.text(), { bom: true, columns: true }) as unknown[]
    const summary = await taxYear(owner, taxYearLabel(current))
    expect(rows.length).toBeGreaterThanOrEqual(summary.totals.salesCount)
  })
})
