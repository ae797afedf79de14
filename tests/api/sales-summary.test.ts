import { type } from 'arktype'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { SALE_METHODS } from '@/api/schema/sale-values'
import { SalesSummary } from '@/api/schema/sales-summary'
import { SUMMARY_GROUP_BYS, type SummaryGroupBy } from '@/api/schema/sales-summary-values'
import { Client } from './auth-harness'
import { clientFor, seededApp, type SeededApp } from './helpers/app'
import { queryRows } from '../../server/db/client'
import { SEED_SUBMERCHANTS } from './helpers/db'

const CITY = SEED_SUBMERCHANTS.cityCabs
const NORTH = SEED_SUBMERCHANTS.northFleet
const ZONE = 'Europe/London'

let ctx: SeededApp
let owner: Client

beforeAll(async () => {
  ctx = await seededApp()
  owner = await clientFor(ctx.app, 'owner@example.com', CITY)
})
afterAll(async () => {
  await ctx.database.close()
})

interface ListedSale {
  id: string
  amount: number
  saleAmount: number
  gratuityAmount: number
  capturedAt: string
  terminalId: string | null
  cardScheme: string
  method: string
  cardType: string
  balanceTransactionId: string | null
}

function summaryPath(groupBy: string, gte: string, lt: string, extra = '', zone = ZONE): string {
  const range = `capturedAt[$gte]=${encodeURIComponent(gte)}&capturedAt[$lt]=${encodeURIComponent(lt)}`
  return `/v1/sales/summary?submerchantId=${CITY}&${range}&groupBy=${groupBy}&timezone=${zone}${extra}`
}

async function summary(client: Client, path: string, perspective = CITY) {
  const res = await client.request('GET', path, { perspective })
  expect(res.status, path).toBe(200)
  const parsed = SalesSummary.onUndeclaredKey('reject')(await res.json())
  if (parsed instanceof type.errors) throw new Error(parsed.summary)
  return parsed
}

// Every page of GET /v1/sales over the same range (and filters).
async function listedSales(gte: string, lt: string, extra = ''): Promise<ListedSale[]> {
  const all: ListedSale[] = []
  for (let offset = 0; ; offset += 100) {
    const res = await owner.request(
      'GET',
      `/v1/sales?capturedAt[$gte]=${encodeURIComponent(gte)}&capturedAt[$lt]=${encodeURIComponent(lt)}${extra}&limit=100&offset=${offset}`,
      { perspective: CITY },
    )
    const page = (await res.json()) as ListedSale[]
    all.push(...page)
    if (page.length < 100) return all
  }
}

// The key a sale should land in, worked out here independently of the server's SQL.
function expectedKey(groupBy: SummaryGroupBy, sale: ListedSale, zone = ZONE): string | null {
  const local = (at: string, options: Intl.DateTimeFormatOptions) =>
    new Intl.DateTimeFormat('en-CA', { timeZone: zone, hourCycle: 'h23', ...options }).format(
      new Date(at),
    )
  switch (groupBy) {
    case 'day':
      return local(sale.capturedAt, { year: 'numeric', month: '2-digit', day: '2-digit' })
    case 'hour': {
      const day = local(sale.capturedAt, { year: 'numeric', month: '2-digit', day: '2-digit' })
      const hour = local(sale.capturedAt, { hour: '2-digit' })
      const offset = local(sale.capturedAt, { timeZoneName: 'longOffset' }).replace(/^.*GMT/, '')
      return `${day}T${hour}:00${offset === '' ? '+00:00' : offset}`
    }
    case 'weekday': {
      const name = local(sale.capturedAt, { weekday: 'short' })
      return String(['Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat', 'Sun'].indexOf(name) + 1)
    }
    case 'terminal':
      return sale.terminalId
    case 'cardScheme':
      return sale.cardScheme
    case 'method':
      return sale.method
    case 'cardType':
      return sale.cardType
  }
}

// The last Sunday of a month, as the UTC instant of 01:00 (when the UK clocks change).
function clockChange(year: number, month: number): Date {
  const last = new Date(Date.UTC(year, month + 1, 0, 1))
  last.setUTCDate(last.getUTCDate() - last.getUTCDay())
  return last
}

// The most recent change of the given month (2 = March, 9 = October) before the seed's today.
function lastChange(month: number): Date {
  const now = new Date()
  const thisYear = clockChange(now.getUTCFullYear(), month)
  return thisYear < now ? thisYear : clockChange(now.getUTCFullYear() - 1, month)
}

describe('GET /v1/sales/summary', () => {
  const lt = new Date(Date.UTC(new Date().getUTCFullYear(), new Date().getUTCMonth(), 1))
  const gte = new Date(lt.getTime() - 62 * 86_400_000)
  const range = { gte: gte.toISOString(), lt: lt.toISOString() }

  it('sums to the sales list over the same range, for every grouping', async () => {
    const sales = await listedSales(range.gte, range.lt)
    expect(sales.length).toBeGreaterThan(50)
    const fees = await ctx.database.db.query.balanceTransactions.findMany({
      where: (bt, { eq }) => eq(bt.submerchantId, CITY),
    })
    const feeOf = new Map(fees.map((bt) => [bt.id, bt]))
    for (const groupBy of SUMMARY_GROUP_BYS) {
      const body = await summary(owner, summaryPath(groupBy, range.gte, range.lt))
      expect(body.groupBy).toBe(groupBy)
      const expected = new Map<
        string | null,
        { count: number; amount: number; fee: number; last: string }
      >()
      for (const sale of sales) {
        const key = expectedKey(groupBy, sale)
        const bucket = expected.get(key) ?? { count: 0, amount: 0, fee: 0, last: '' }
        bucket.count += 1
        bucket.amount += sale.amount
        bucket.fee += feeOf.get(sale.balanceTransactionId ?? '')?.feeAmount ?? 0
        if (sale.capturedAt > bucket.last) bucket.last = sale.capturedAt
        expected.set(key, bucket)
      }
      const nonEmpty = body.buckets.filter((b) => b.count > 0)
      expect(nonEmpty.length, groupBy).toBe(expected.size)
      for (const bucket of nonEmpty) {
        const want = expected.get(bucket.key)
        expect(want, `${groupBy} ${bucket.key}`).toBeDefined()
        expect(bucket.count, `${groupBy} ${bucket.key}`).toBe(want?.count)
        expect(bucket.amount, `${groupBy} ${bucket.key}`).toBe(want?.amount)
        expect(bucket.feeAmount, `${groupBy} ${bucket.key}`).toBe(want?.fee)
        expect(bucket.saleAmount + bucket.gratuityAmount).toBe(bucket.amount)
        expect(bucket.netAmount).toBe(bucket.amount - bucket.feeAmount)
        expect(bucket.lastCapturedAt, `${groupBy} ${bucket.key}`).toBe(want?.last)
      }
      for (const empty of body.buckets.filter((b) => b.count === 0)) {
        expect(empty.lastCapturedAt).toBeNull()
      }
    }
  })

  it('lists every day of the range, in order, with or without sales', async () => {
    const body = await summary(owner, summaryPath('day', range.gte, range.lt))
    const keys = body.buckets.map((b) => b.key)
    expect(keys.length).toBeGreaterThanOrEqual(62)
    expect(keys).toEqual([...keys].sort())
    expect(new Set(keys).size).toBe(keys.length)
  })

  it('counts the refunds completed in the range as their own totals', async () => {
    const body = await summary(owner, summaryPath('method', range.gte, range.lt))
    const refunds = await ctx.database.db.query.balanceTransactions.findMany({
      where: (bt, { and, eq, gte, lt }) =>
        and(
          eq(bt.submerchantId, CITY),
          eq(bt.type, 'refund'),
          gte(bt.createdAt, new Date(range.gte)),
          lt(bt.createdAt, new Date(range.lt)),
        ),
    })
    expect(body.refunds).toEqual({
      count: refunds.length,
      amount: refunds.reduce((sum, bt) => sum - bt.amount, 0),
    })
    // With a sale filter only its sales' refunds count: the methods' refunds add up to the whole.
    const year = new Date(lt.getTime() - 399 * 86_400_000).toISOString()
    const whole = await summary(owner, summaryPath('method', year, range.lt))
    expect(whole.refunds.count).toBeGreaterThan(0)
    const byMethod = await Promise.all(
      SALE_METHODS.map((method) =>
        summary(owner, summaryPath('method', year, range.lt, `&method=${method}`)),
      ),
    )
    expect(byMethod.reduce((sum, b) => sum + b.refunds.count, 0)).toBe(whole.refunds.count)
    expect(byMethod.reduce((sum, b) => sum + b.refunds.amount, 0)).toBe(whole.refunds.amount)
  })

  it('gives a clock-change day 25 hours in autumn and 23 in spring, every sale in one', async () => {
    for (const [month, hours] of [
      [9, 25],
      [2, 23],
    ] as const) {
      const change = lastChange(month)
      // The local day around the change: from the midnight before to the midnight after.
      const start = new Date(change.getTime() - (month === 9 ? 2 : 1) * 3_600_000)
      const end = new Date(start.getTime() + hours * 3_600_000)
      const byHour = await summary(
        owner,
        summaryPath('hour', start.toISOString(), end.toISOString()),
      )
      expect(byHour.buckets, `month ${month}`).toHaveLength(hours)
      const byDay = await summary(owner, summaryPath('day', start.toISOString(), end.toISOString()))
      expect(byDay.buckets).toHaveLength(1)
      const sales = await listedSales(start.toISOString(), end.toISOString())
      const count = (b: { buckets: { count: number }[] }) =>
        b.buckets.reduce((sum, bucket) => sum + bucket.count, 0)
      expect(count(byHour)).toBe(sales.length)
      expect(count(byDay)).toBe(sales.length)
      if (month === 9) {
        const repeated = byHour.buckets.map((b) => b.key).filter((k) => k?.includes('T01:00'))
        expect(repeated).toEqual([
          `${byDay.buckets[0]?.key}T01:00+01:00`,
          `${byDay.buckets[0]?.key}T01:00+00:00`,
        ])
      }
    }
  })

  it('applies the sales filters', async () => {
    const all = await summary(owner, summaryPath('method', range.gte, range.lt))
    const pos = await summary(owner, summaryPath('cardScheme', range.gte, range.lt, '&method=pos'))
    const posTotal = all.buckets.find((b) => b.key === 'pos')
    expect(pos.buckets.reduce((sum, b) => sum + b.count, 0)).toBe(posTotal?.count)
  })

  it('keeps to the perspective account and the terminal rule', async () => {
    const anonymous = await new Client(ctx.app).request(
      'GET',
      summaryPath('day', range.gte, range.lt),
    )
    expect(anonymous.status).toBe(401)
    const other = await owner.request(
      'GET',
      summaryPath('day', range.gte, range.lt).replace(CITY, SEED_SUBMERCHANTS.airportExpress),
      { perspective: CITY },
    )
    expect(other.status).toBe(403)
    const northRange = `capturedAt[$gte]=${range.gte}&capturedAt[$lt]=${range.lt}`
    for (const email of ['manager@example.com', 'viewer@example.com']) {
      const client = await clientFor(ctx.app, email, NORTH)
      const get = (query: string) =>
        client.request('GET', `/v1/sales/summary?${northRange}&${query}`, { perspective: NORTH })
      for (const query of ['groupBy=terminal', 'groupBy=day&terminalId=trm_any']) {
        const res = await get(query)
        expect(res.status, `${email} ${query}`).toBe(403)
        expect(await res.json()).toMatchObject({ message: 'Not permitted to view this data.' })
      }
      expect((await get('groupBy=day')).status).toBe(200)
      expect((await get('groupBy=cardScheme')).status).toBe(200)
    }
  })

  it('refuses bad input with 400', async () => {
    const tenYears = new Date(lt.getTime() - 3650 * 86_400_000).toISOString()
    for (const path of [
      summaryPath('vehicle', range.gte, range.lt),
      summaryPath('day', range.lt, range.gte),
      summaryPath('day', range.gte, range.gte),
      summaryPath('day', tenYears, range.lt),
      summaryPath('day', range.gte, range.lt, '', 'Mars/Olympus'),
      summaryPath('day', range.gte, range.lt, '&limit=10'),
      summaryPath('day', range.gte, range.lt, '&method=cash'),
      `/v1/sales/summary?groupBy=day`,
      `/v1/sales/summary?capturedAt[$gte]=${range.gte}&capturedAt[$lt]=${range.lt}`,
    ]) {
      const res = await owner.request('GET', path, { perspective: CITY })
      expect(res.status, path).toBe(400)
      expect(await res.json(), path).toMatchObject({ code: 'invalid_query' })
    }
  })
})

// The summary read from the hourly and daily totals where it can be (server/db/schema/rollups.ts),
// checked against the sales themselves: ranges that start and end inside an hour, zones whose
// offset is or is not whole hours, the filters the totals hold, and after sales change.
describe('GET /v1/sales/summary from the hourly and daily totals', () => {
  const end = Date.UTC(new Date().getUTCFullYear(), new Date().getUTCMonth(), 1)
  const iso = (at: number) => new Date(at).toISOString()
  // 62 days, from 17 minutes past an hour to 43 minutes before one; then, around two of its sales,
  // three hours and a bit, and less than an hour.
  const ranges = [{ gte: iso(end - 62 * 86_400_000 + 1_043_456), lt: iso(end - 2_590_000) }]
  beforeAll(async () => {
    const [first] = ranges
    const sales = await listedSales(first?.gte ?? '', first?.lt ?? '')
    const around = (index: number, before: number, after: number) => {
      const at = Date.parse(sales[index]?.capturedAt ?? '')
      return { gte: iso(at - before), lt: iso(at + after) }
    }
    ranges.push(around(5, 4_380_000, 7_620_000), around(20, 600_000, 2_100_000))
  })
  const zones = ['Europe/London', 'America/New_York', 'Asia/Kolkata', 'UTC']
  const filters = ['', '&cardScheme=visa', '&method=pos&cardType=debit']

  async function expectSummaryOfSales(gte: string, lt: string, zone: string, extra: string) {
    const sales = await listedSales(gte, lt, extra)
    for (const groupBy of SUMMARY_GROUP_BYS) {
      const label = `${groupBy} ${zone} ${extra} ${gte}…${lt}`
      const body = await summary(owner, summaryPath(groupBy, gte, lt, extra, zone))
      const expected = new Map<string | null, { count: number; amount: number; last: string }>()
      for (const sale of sales) {
        const key = expectedKey(groupBy, sale, zone)
        const bucket = expected.get(key) ?? { count: 0, amount: 0, last: '' }
        bucket.count += 1
        bucket.amount += sale.amount
        if (sale.capturedAt > bucket.last) bucket.last = sale.capturedAt
        expected.set(key, bucket)
      }
      const got = body.buckets
        .filter((b) => b.count > 0)
        .map((b) => [b.key, { count: b.count, amount: b.amount, last: b.lastCapturedAt }])
      expect(new Map(got as [string | null, unknown][]), label).toEqual(expected)
    }
  }

  it('matches the sales one by one, in every zone and with the filters the totals hold', async () => {
    for (const { gte, lt } of ranges) {
      expect((await listedSales(gte, lt)).length, `${gte}…${lt}`).toBeGreaterThan(0)
      for (const zone of zones) await expectSummaryOfSales(gte, lt, zone, '')
      for (const extra of filters.slice(1)) await expectSummaryOfSales(gte, lt, ZONE, extra)
    }
  })

  it('keeps the totals right as sales are added, changed and deleted', async () => {
    const run = (text: string, params: unknown[] = []) => queryRows(ctx.database, text, params)
    // Every total equal to the sales it stands for, and no total without sales.
    const drift = async () => {
      const [row] = await queryRows<{ n: number }>(
        ctx.database,
        `with truth as (
           select s.submerchant_id, p.span, date_trunc(p.span, s.captured_at, 'UTC') as period_start,
             s.card_scheme, s.method, s.card_type, count(*)::int as count, sum(s.amount)::bigint as amount,
             sum(s.sale_amount)::bigint as sale_amount, sum(s.gratuity_amount)::bigint as gratuity_amount,
             coalesce(sum(s.fee_amount), 0)::bigint as fee_amount, max(s.captured_at) as last_captured_at
           from sales s cross join (values ('hour'), ('day')) as p(span) group by 1, 2, 3, 4, 5, 6),
         kept as (
           select submerchant_id, span, period_start, card_scheme, method, card_type, count, amount,
             sale_amount, gratuity_amount, fee_amount, last_captured_at from sales_rollups)
         select ((select count(*) from (select * from truth except select * from kept) as a)
           + (select count(*) from (select * from kept except select * from truth) as b))::int as n`,
      )
      return row?.n
    }
    expect(await drift()).toBe(0)
    const [range] = ranges
    if (!range) throw new Error('no range')
    const inRange = `submerchant_id = '${CITY}' and captured_at >= '${range.gte}' and captured_at < '${range.lt}'`
    // Added: copies of 30 sales, 37 minutes later (some in another hour), in one statement.
    await run(
      `insert into sales select (jsonb_populate_record(null::sales, to_jsonb(s) || jsonb_build_object(
         'id', s.id || '_again', 'captured_at', s.captured_at + interval '37 minutes'))).*
       from sales s where ${inRange} order by s.captured_at limit 30`,
    )
    expect(await drift()).toBe(0)
    // Changed: amounts, a scheme and a capture time; and a change of nothing the totals count.
    await run(
      `update sales set amount = amount + 125, sale_amount = sale_amount + 125, card_scheme = 'visa'
       where id in (select id from sales where id like '%_again' order by id limit 10)`,
    )
    await run(
      `update sales set captured_at = captured_at - interval '5 hours'
       where id in (select id from sales where id like '%_again' order by id desc limit 5)`,
    )
    await run(`update sales set payout_id = null where ${inRange}`)
    expect(await drift()).toBe(0)
    // Deleted: the latest sale of the range (its hour and day find their latest capture again)
    // and a few others.
    await run(
      `delete from sales where id in (select id from sales where ${inRange} order by captured_at desc limit 1)`,
    )
    await run(
      `delete from sales where id in (select id from sales where id like '%_again' limit 12)`,
    )
    expect(await drift()).toBe(0)
    for (const zone of ['Europe/London', 'Asia/Kolkata']) {
      await expectSummaryOfSales(range.gte, range.lt, zone, '')
    }
    await expectSummaryOfSales(range.gte, range.lt, ZONE, '&cardScheme=visa')
  })
})
