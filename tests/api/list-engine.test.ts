import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { queryRows, type Database } from '../../server/db/client'
import { COUNT_COST_LIMIT } from '../../server/lib/list-engine'
import { seed } from '../../server/seed/index'
import type { Client } from './auth-harness'
import { clientFor, seededApp, type SeededApp } from './helpers/app'
import { firstRow, freshDatabase, SEED_SUBMERCHANTS, TEST_SEED } from './helpers/db'
import { createApp } from '../../server/app'
import { createClock } from '../../server/clock'
import { makeDistDir, PORTAL_ORIGIN } from './auth-harness'

const CITY = SEED_SUBMERCHANTS.cityCabs
const OWNER = 'owner@example.com'

let ctx: SeededApp
let client: Client

beforeAll(async () => {
  ctx = await seededApp()
  client = await clientFor(ctx.app, OWNER, CITY)
})
afterAll(async () => {
  await ctx.database.close()
})

const list = (query: string) => client.request('GET', `/v1/sales?${query}`, { perspective: CITY })

interface Item {
  [key: string]: unknown
}
async function items(query: string): Promise<{ rows: Item[]; total: number; approx: string }> {
  const res = await list(query)
  expect(res.status, query).toBe(200)
  return {
    rows: (await res.json()) as Item[],
    total: Number(res.headers.get('total-count')),
    approx: res.headers.get('total-count-is-approximate') ?? '',
  }
}

describe('list grammar: malformed queries are 400 invalid_query', () => {
  const malformed: Array<[string, string]> = [
    ['unknown parameter', 'colour=red'],
    ['unknown operator', 'amount[$gt]=100'],
    ['unknown $ne operator', 'amount[$ne]=100'],
    ['empty operator', 'amount[]=100'],
    ['range on an equality-only field', 'method[$gte]=pos'],
    ['equality on a range-only field', 'capturedAt=2025-01-01'],
    ['range on unknown field', 'colour[$gte]=1'],
    ['bad number', 'amount=abc'],
    ['float number', 'amount=12.5'],
    ['number out of range', 'amount=99999999999'],
    ['bad range number', 'amount[$gte]=1e3'],
    ['negative offset', 'offset=-1'],
    ['non-numeric offset', 'offset=ten'],
    ['huge offset', 'offset=99999999999'],
    ['limit 0', 'limit=0'],
    ['limit above 100', 'limit=101'],
    ['negative limit', 'limit=-5'],
    ['fractional limit', 'limit=2.5'],
    ['empty limit', 'limit='],
    ['bad date', 'capturedAt[$gte]=yesterday'],
    ['impossible date', 'capturedAt[$gte]=2025-13-45'],
    ['date with junk', 'capturedAt[$lt]=2025-01-01T00:00:00Zjunk'],
    ['repeated scalar', 'limit=10&limit=20'],
    ['repeated filter', 'method=pos&method=softpos'],
    ['array-ish junk', 'method[]=pos'],
    ['nested junk', 'method[a][b]=pos'],
    ['bad enum', 'method=cash'],
    ['bad card scheme', 'cardScheme=diners'],
    ['bad boolean', 'disbursementWithheld=yes'],
    ['empty filter value', 'panLastFour='],
    ['unknown sort field', 'sort=colour'],
    ['double-dash sort', 'sort=--capturedAt'],
    ['empty sort', 'sort='],
    ['unknown field in fields', 'fields=id,pan'],
    ['empty field in fields', 'fields=id,,amount'],
    ['fields naming an internal column', 'fields=payoutId'],
    ['q where not supported', 'q=abc'],
    ['reserved word as filter operator', 'limit[$gte]=1'],
    ['over-long value', `externalReference=${'x'.repeat(501)}`],
    ['empty cursor', 'startingAfter='],
    ['over-long cursor', `startingAfter=${'x'.repeat(501)}`],
    ['repeated cursor', 'startingAfter=a&startingAfter=b'],
    ['cursor with an offset', 'startingAfter=sale_x&offset=10'],
    ['cursor on a sort that may be empty', 'startingAfter=sale_x&sort=terminalSerialNumber'],
    ['cursor that is not in the list', 'startingAfter=sale_missing'],
  ]

  it.each(malformed)('%s (%s)', async (_label, query) => {
    const res = await list(query)
    expect(res.status).toBe(400)
    const body = (await res.json()) as { code: string; message: string; errors: unknown[] }
    expect(body.code).toBe('invalid_query')
    expect(body.errors.length).toBeGreaterThan(0)
  })

  it('lists every problem at once with its field', async () => {
    const res = await list('limit=0&offset=-1&colour=red')
    const body = (await res.json()) as { errors: Array<{ field: string; messages: string[] }> }
    expect(body.errors.map((e) => e.field).sort()).toEqual(['colour', 'limit', 'offset'])
    expect(body.errors.every((e) => e.messages.length > 0)).toBe(true)
  })
})

// Checks that neighbours sharing the field's value are in capture-time order (then id) in the
// sort's direction, and returns how many such neighbour pairs there were (so a test can insist on
// having seen ties at all).
function tiesInTimeOrder(rows: Item[], field: string, way: 'ascending' | 'descending'): number {
  let ties = 0
  for (let i = 1; i < rows.length; i++) {
    const [a, b] = [rows[i - 1]!, rows[i]!]
    if (a[field] !== b[field]) continue
    ties++
    const pair = [
      `${String(a.capturedAt)} ${String(a.id)}`,
      `${String(b.capturedAt)} ${String(b.id)}`,
    ]
    expect(pair[0]! < pair[1]! === (way === 'ascending'), `${field} tie ${pair.join(' / ')}`).toBe(
      true,
    )
  }
  return ties
}

describe('list semantics', () => {
  const sql = <T>(text: string, params: unknown[]) => queryRows<T>(ctx.database, text, params)
  const first = <T>(text: string, params: unknown[]) => firstRow<T>(ctx.database, text, params)

  it('defaults to 10 items, newest first, with an exact total', async () => {
    const { rows, total, approx } = await items(`submerchantId=${CITY}`)
    const { n } = await first<{ n: number }>(
      'select count(*)::int as n from sales where submerchant_id = $1',
      [CITY],
    )
    expect(rows).toHaveLength(10)
    expect(total).toBe(n)
    expect(approx).toBe('false')
    const times = rows.map((r) => String(r.capturedAt))
    expect([...times].sort().reverse()).toEqual(times)
  })

  it('pages with offset and limit without overlap', async () => {
    const a = await items('sort=-capturedAt&limit=7&offset=0')
    const b = await items('sort=-capturedAt&limit=7&offset=7')
    const all = await items('sort=-capturedAt&limit=14')
    expect([...a.rows, ...b.rows].map((r) => r.id)).toEqual(all.rows.map((r) => r.id))
  })

  it('gives the exact total on the last page, on an empty result and past the end', async () => {
    const { total } = await items(`submerchantId=${CITY}`)
    const last = await items(`submerchantId=${CITY}&limit=7&offset=${total - 3}`)
    expect(last.rows).toHaveLength(3)
    expect([last.total, last.approx]).toEqual([total, 'false'])
    const none = await items(`submerchantId=${CITY}&cardScheme=american_express&cardType=debit`)
    expect([none.rows.length, none.total, none.approx]).toEqual([0, 0, 'false'])
    const past = await items(`submerchantId=${CITY}&offset=${total + 20}`)
    expect([past.rows.length, past.total]).toEqual([0, total])
  })

  it('counts a full page afresh each time: a sale captured between two asks is in the second total', async () => {
    const query = `submerchantId=${CITY}&cardScheme=visa&limit=2`
    const before = await items(query)
    expect([before.rows.length, before.approx]).toEqual([2, 'false'])
    await sql(
      `insert into sales select (jsonb_populate_record(null::sales,
         to_jsonb(s) || jsonb_build_object('id', 'sale_zz_counted'))).* from sales s where id = $1`,
      [String(before.rows[0]?.id)],
    )
    try {
      const after = await items(query)
      expect([after.total, after.approx]).toEqual([before.total + 1, 'false'])
    } finally {
      await sql(`delete from sales where id = 'sale_zz_counted'`, [])
    }
  })

  it('sorts ascending and descending by amount; equal amounts in capture-time order', async () => {
    const asc = await items('sort=amount&limit=100')
    const amounts = asc.rows.map((r) => Number(r.amount))
    expect([...amounts].sort((x, y) => x - y)).toEqual(amounts)
    expect(tiesInTimeOrder(asc.rows, 'amount', 'ascending')).toBeGreaterThan(0)
    const desc = await items('sort=-amount&limit=5')
    const { max } = await first<{ max: number }>(
      'select max(amount)::int as max from sales where submerchant_id = $1',
      [CITY],
    )
    expect(desc.rows[0]?.amount).toBe(max)
  })

  it.each([
    ['cardScheme', 'ascending'],
    ['-cardScheme', 'descending'],
    ['method', 'ascending'],
    ['-terminalSerialNumber', 'descending'],
    ['gratuityAmount', 'ascending'],
  ] as const)(
    'sort=%s keeps the sales that share a value in capture-time order',
    async (sort, way) => {
      const { rows } = await items(`sort=${sort}&limit=100`)
      const field = sort.replace('-', '')
      const values = rows.map((r) => String(r[field] ?? ''))
      const sorted = [...values].sort()
      expect(values).toEqual(way === 'ascending' ? sorted : sorted.reverse())
      expect(tiesInTimeOrder(rows, field, way)).toBeGreaterThan(0)
    },
  )

  it('filters by equality and counts the matches', async () => {
    const { rows, total } = await items('method=pos&cardScheme=visa&limit=100')
    const { n } = await first<{ n: number }>(
      "select count(*)::int as n from sales where submerchant_id = $1 and method = 'pos' and card_scheme = 'visa'",
      [CITY],
    )
    expect(total).toBe(n)
    expect(rows.every((r) => r.method === 'pos' && r.cardScheme === 'visa')).toBe(true)
  })

  it('applies capturedAt[$gte] inclusive and [$lt] exclusive', async () => {
    const [pick] = await sql<{ captured_at: Date }>(
      'select captured_at from sales where submerchant_id = $1 order by captured_at desc offset 20 limit 1',
      [CITY],
    )
    const at = new Date(pick!.captured_at).toISOString()
    const from = await items(`capturedAt[$gte]=${at}&limit=100&sort=capturedAt`)
    expect(from.rows[0]?.capturedAt).toBe(at)
    expect(from.total).toBe(21)
    const before = await items(`capturedAt[$lt]=${at}&limit=1&sort=-capturedAt`)
    expect(String(before.rows[0]?.capturedAt) < at).toBe(true)
    const day = await items('capturedAt[$gte]=2000-01-01&capturedAt[$lt]=2000-01-02')
    expect(day.total).toBe(0)
    expect(day.rows).toEqual([])
  })

  it('applies integer ranges', async () => {
    const { rows, total } = await items('amount[$gte]=2000&amount[$lt]=2100&limit=100')
    expect(total).toBeGreaterThan(0)
    expect(rows.every((r) => Number(r.amount) >= 2000 && Number(r.amount) < 2100)).toBe(true)
  })

  it('narrows items to the requested fields', async () => {
    const { rows } = await items(
      'limit=10&fields=id,retrievalReferenceNumber,capturedAt&sort=-capturedAt',
    )
    expect(rows).toHaveLength(10)
    for (const row of rows) {
      expect(Object.keys(row).sort()).toEqual(['capturedAt', 'id', 'retrievalReferenceNumber'])
    }
  })

  // A `fields` list on these lists selects only those columns and writes them without the
  // serializer: every field must come out exactly as the whole item has it.
  it.each([
    ['/v1/sales', 'sort=-capturedAt&limit=100&offset=3'],
    ['/v1/sales', 'sort=-cardScheme&limit=100'],
    ['/v1/balance-transactions', 'sort=createdAt&limit=100'],
  ])('%s?%s with every field named gives the whole items', async (path, query) => {
    const get = async (q: string) => {
      const res = await client.request('GET', `${path}?${q}`, { perspective: CITY })
      expect(res.status, q).toBe(200)
      return (await res.json()) as Item[]
    }
    const whole = await get(query)
    const fields = [...new Set(whole.flatMap((item) => Object.keys(item)))]
    expect(fields.length).toBeGreaterThan(7)
    const shuffled = [...fields].reverse()
    const named = await get(`${query}&fields=${shuffled.join(',')}`)
    expect(named).toEqual(whole)
    expect(Object.keys(named[0]!)).toEqual(shuffled)
    const one = await get(`${query}&fields=${fields.at(-1)}`)
    expect(one).toEqual(whole.map((item) => ({ [fields.at(-1)!]: item[fields.at(-1)!] })))
  })

  it('exposes the count headers to browsers', async () => {
    const res = await client.request('GET', '/v1/sales', {
      perspective: CITY,
      headers: { Origin: PORTAL_ORIGIN },
    })
    const exposed = (res.headers.get('access-control-expose-headers') ?? '').toLowerCase()
    expect(exposed).toContain('total-count')
    expect(exposed).toContain('total-count-is-approximate')
  })
})

describe('keyset paging with startingAfter', () => {
  // Every page of a query, each after the last row of the one before.
  async function walk(query: string, limit: number) {
    const pages = [await items(`${query}&limit=${limit}`)]
    for (let last = pages[0]!; last.rows.length === limit;) {
      last = await items(`${query}&limit=${limit}&startingAfter=${String(last.rows.at(-1)?.id)}`)
      pages.push(last)
    }
    return pages
  }

  it.each([
    'sort=capturedAt',
    'sort=-capturedAt',
    'sort=amount',
    'sort=-id',
    'method=pos',
    'sort=-cardScheme',
    'sort=method&cardType=credit',
  ])('gives the same rows in the same order as offset paging (%s)', async (query) => {
    const all = await items(`${query}&limit=100`)
    const ids = (await walk(query, 7)).flatMap((p) => p.rows.map((r) => r.id))
    expect(ids.slice(0, 100)).toEqual(all.rows.map((r) => r.id))
    expect(new Set(ids).size).toBe(all.total)
    expect(ids).toHaveLength(all.total)
  })

  it('walks a dated range to its end; only the first page is counted', async () => {
    const range = 'capturedAt[$gte]=2025-01-01T00:00:00Z&capturedAt[$lt]=2027-01-01T00:00:00Z'
    const first = await items(`${range}&limit=100`)
    const pages = await walk(`${range}&sort=capturedAt`, 100)
    const ids = pages.flatMap((p) => p.rows.map((r) => r.id))
    expect(new Set(ids).size).toBe(ids.length)
    expect(ids).toHaveLength(first.total)
    expect(pages[0]?.approx).toBe('false')
    // A full continuation page is an estimate of what is left; the short last one is exact.
    if (pages.length > 2) expect(pages[1]?.approx).toBe('true')
    expect(pages.at(-1)?.approx).toBe('false')
  })

  it('keeps its place when a sale is captured before the cursor', async () => {
    const first = await items('sort=-capturedAt&limit=5')
    // A copy of the newest sale, a day later: the new top of the list.
    await queryRows(
      ctx.database,
      `insert into sales select (jsonb_populate_record(null::sales, to_jsonb(s) || jsonb_build_object(
         'id', 'sale_zz_new', 'captured_at', s.captured_at + interval '1 day'))).* from sales s where id = $1`,
      [String(first.rows[0]?.id)],
    )
    const next = await items(`sort=-capturedAt&limit=5&startingAfter=${String(first.rows[4]?.id)}`)
    const byOffset = await items('sort=-capturedAt&limit=11')
    expect(next.rows.map((r) => r.id)).toEqual(
      byOffset.rows
        .map((r) => r.id)
        .filter((id) => id !== 'sale_zz_new')
        .slice(5, 10),
    )
  })

  it("cannot start after another account's sale", async () => {
    const [other] = await queryRows<{ id: string }>(
      ctx.database,
      'select id from sales where submerchant_id <> $1 limit 1',
      [CITY],
    )
    const res = await list(`startingAfter=${other?.id ?? 'none'}`)
    expect(res.status).toBe(400)
    expect(((await res.json()) as { errors: { field: string }[] }).errors[0]?.field).toBe(
      'startingAfter',
    )
  })
})

describe('estimated totals above 10,000 rows', () => {
  let big: Database
  let bigClient: Client

  beforeAll(async () => {
    big = await freshDatabase()
    // City Cabs gets 30 % of the sales: comfortably above the exact-count limit.
    await seed(big, { sales: 40_000, seed: 3, now: TEST_SEED.now, reset: true })
    const app = createApp({
      db: big,
      clock: createClock(),
      config: {
        mode: 'test',
        sandboxControls: true,
        corsOrigins: [PORTAL_ORIGIN],
        distDir: makeDistDir(),
        insecureCookies: true,
      },
    })
    bigClient = await clientFor(app, OWNER, CITY)
  }, 180_000)
  afterAll(async () => {
    await big.close()
  })

  it('says the total is approximate and estimates it sensibly', async () => {
    const res = await bigClient.request('GET', `/v1/sales?submerchantId=${CITY}`, {
      perspective: CITY,
    })
    expect(res.status).toBe(200)
    expect(res.headers.get('total-count-is-approximate')).toBe('true')
    const { n } = await firstRow<{ n: number }>(
      big,
      'select count(*)::int as n from sales where submerchant_id = $1',
      [CITY],
    )
    const estimate = Number(res.headers.get('total-count'))
    expect(n).toBeGreaterThan(10_000)
    expect(estimate).toBeGreaterThan(10_000)
    expect(Math.abs(estimate - n) / n).toBeLessThan(0.5)
  })

  it('stays exact when a filter narrows below the limit', async () => {
    const res = await bigClient.request(
      'GET',
      '/v1/sales?method=ecommerce&cardScheme=american_express',
      {
        perspective: CITY,
      },
    )
    const { n } = await firstRow<{ n: number }>(
      big,
      "select count(*)::int as n from sales where submerchant_id = $1 and method = 'ecommerce' and card_scheme = 'american_express'",
      [CITY],
    )
    expect(res.headers.get('total-count-is-approximate')).toBe('false')
    expect(Number(res.headers.get('total-count'))).toBe(n)
  })

  it('estimates a count that would cost too much: rows no index gathers', async () => {
    // The card's country is in no index: counting its rows reads the account's every sale.
    const [{ code, n } = { code: '', n: 0 }] = await queryRows<{ code: string; n: number }>(
      big,
      `select card_country_code as code, count(*)::int as n from sales where submerchant_id = $1
       group by 1 having count(*) between 200 and 10000 order by 2 desc limit 1`,
      [CITY],
    )
    expect(n).toBeGreaterThan(10)
    const [plan] = await queryRows<{ 'QUERY PLAN': unknown }>(
      big,
      `explain (format json) select count(*) from (select 1 from sales
       where submerchant_id = $1 and card_country_code = $2 limit 10001) capped`,
      [CITY, code],
    )
    const raw = plan?.['QUERY PLAN']
    const parsed = (typeof raw === 'string' ? JSON.parse(raw) : raw) as [
      { Plan: { 'Total Cost': number } },
    ]
    const cost = parsed[0].Plan['Total Cost']
    const limit = COUNT_COST_LIMIT[big.kind]
    // At this size only PGlite's limit is passed (PostgreSQL counts these rows in a few ms).
    if (big.kind === 'pglite') expect(cost).toBeGreaterThan(limit)
    const res = await bigClient.request('GET', `/v1/sales?cardCountryCode=${code}&limit=10`, {
      perspective: CITY,
    })
    expect(res.status).toBe(200)
    expect(((await res.json()) as unknown[]).length).toBe(10)
    const estimate = Number(res.headers.get('total-count'))
    if (cost > limit) {
      expect(res.headers.get('total-count-is-approximate')).toBe('true')
      // Never fewer than the rows already seen, and in the right order of size.
      expect(estimate).toBeGreaterThan(10)
      expect(estimate).toBeLessThan(n * 5)
    } else {
      expect(res.headers.get('total-count-is-approximate')).toBe('false')
      expect(estimate).toBe(n)
    }
  })

  it('reads a far page from the nearer end, with the exact total, as an offset walk would', async () => {
    const cases: Array<{ query: string; where: string; order: string }> = [
      { query: '', where: '', order: 'captured_at desc, id desc' },
      { query: '&sort=amount', where: '', order: 'amount, captured_at, id' },
      {
        query: '&cardScheme=visa',
        where: "and card_scheme = 'visa'",
        order: 'captured_at desc, id desc',
      },
      {
        query: `&capturedAt[$gte]=${encodeURIComponent('2020-01-01T00:30:00.000Z')}`,
        where: "and captured_at >= '2020-01-01T00:30:00Z'",
        order: 'captured_at desc, id desc',
      },
    ]
    for (const { query, where, order } of cases) {
      const { n } = await firstRow<{ n: number }>(
        big,
        `select count(*)::int as n from sales where submerchant_id = $1 ${where}`,
        [CITY],
      )
      // The last page (short), a page near the end, one just past the middle, and past the end;
      // a list shorter than the far offset has only pages past its end there.
      const offsets =
        n > 10_030 ? [n - 7, n - 30, Math.max(Math.ceil(n / 2) + 3, 10_001), n + 5] : [10_001]
      for (const offset of offsets) {
        const res = await bigClient.request('GET', `/v1/sales?limit=10&offset=${offset}${query}`, {
          perspective: CITY,
        })
        expect(res.status, `${query} ${offset}`).toBe(200)
        const ids = ((await res.json()) as { id: string }[]).map((sale) => sale.id)
        const expected = await queryRows<{ id: string }>(
          big,
          `select id from sales where submerchant_id = $1 ${where} order by ${order} limit 10 offset $2`,
          [CITY, offset],
        )
        expect(ids, `${query} ${offset}`).toEqual(expected.map((row) => row.id))
        expect(res.headers.get('total-count'), `${query} ${offset}`).toBe(String(n))
        expect(res.headers.get('total-count-is-approximate')).toBe('false')
      }
    }
    // A filter the totals do not hold keeps the walk and the estimate.
    const res = await bigClient.request(
      'GET',
      '/v1/sales?limit=10&offset=10001&cardIsPrepaid=false',
      {
        perspective: CITY,
      },
    )
    expect(res.status).toBe(200)
    const expected = await queryRows<{ id: string }>(
      big,
      `select id from sales where submerchant_id = $1 and not card_is_prepaid
       order by captured_at desc, id desc limit 10 offset 10001`,
      [CITY],
    )
    expect(((await res.json()) as { id: string }[]).map((sale) => sale.id)).toEqual(
      expected.map((row) => row.id),
    )
  })
})
