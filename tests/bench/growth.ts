// How the API's costs grow with the data, on PostgreSQL: the same requests at 100,000, 1,000,000
// and 10,000,000 sales, each scale its own database on one server. Budget at 10M: every list
// p95 ≤ 20 ms; a count that would cost more is given as approximate. The worst request's plan is
// printed with EXPLAIN (ANALYZE, BUFFERS) at the largest scale.
import pg from 'pg'
import { migrate, openDatabase, queryRows, type Database } from '../../server/db/client'
import { seed } from '../../server/seed/index'
import { isUnseeded } from '../../server/seed/reset'
import { signInOwner } from './bench-app'
import { summariseTimings, type TimingSummary } from './bench-stats'

export interface GrowthRequest {
  kind: string
  path: string
  approximate: boolean
  total: number
  timing: TimingSummary
}

export interface GrowthScale {
  sales: number
  database: string
  // Seconds to seed it in this run, or null when an earlier run's database was reused.
  seededSeconds: number | null
  requests: GrowthRequest[]
}

export interface GrowthResult {
  scales: GrowthScale[]
  // EXPLAIN (ANALYZE, BUFFERS) of the slowest list request at the largest scale.
  worst: { kind: string; sql: string; plan: string } | null
}

const ROUNDS = 20
const DAY = 86_400_000

// One database per scale on the server of `url` (created when missing, seeded when empty).
function databaseUrl(url: string, name: string): string {
  const u = new URL(url)
  u.pathname = `/${name}`
  return u.toString()
}

async function ensureDatabase(url: string, name: string): Promise<void> {
  const admin = new pg.Client({ connectionString: url })
  await admin.connect()
  try {
    const found = await admin.query('select 1 from pg_database where datname = $1', [name])
    if (found.rowCount === 0) await admin.query(`create database "${name}"`)
  } finally {
    await admin.end()
  }
}

// The requests, built from the data itself (its newest sale dates the periods, so a database
// seeded on another day reads the same shape).
async function requestsFor(database: Database, sub: string): Promise<[string, string][]> {
  const [facts] = await queryRows<{ newest: Date; n: number }>(
    database,
    'select max(captured_at) as newest, count(*)::int as n from sales where submerchant_id = $1',
    [sub],
  )
  const [terminal] = await queryRows<{ terminal_id: string }>(
    database,
    `select terminal_id from sales where submerchant_id = $1 and terminal_id is not null
     order by captured_at desc limit 1`,
    [sub],
  )
  if (!facts || !terminal) throw new Error('growth bench: the account has no sales')
  const newest = new Date(facts.newest).getTime()
  const at = (days: number) => encodeURIComponent(new Date(newest - days * DAY).toISOString())
  const month = `capturedAt[$gte]=${at(30)}&capturedAt[$lt]=${at(-1)}`
  const year = `capturedAt[$gte]=${at(365)}&capturedAt[$lt]=${at(-1)}`
  const page = 'sort=-capturedAt&limit=10'
  const sales = (query: string) => `/v1/sales?submerchantId=${sub}&${query}`
  return [
    ['sales: newest first', sales(page)],
    ['sales: card scheme', sales(`cardScheme=visa&${page}`)],
    ['sales: method', sales(`method=softpos&${page}`)],
    ['sales: card type', sales(`cardType=prepaid&${page}`)],
    [
      'sales: three filters, rare',
      sales(`cardScheme=mastercard&method=softpos&cardType=credit&${page}`),
    ],
    [
      'sales: three filters, none match',
      sales(`cardScheme=american_express&method=ecommerce&cardType=debit&${year}&${page}`),
    ],
    ['sales: two filters, a year', sales(`method=ecommerce&cardType=prepaid&${year}&${page}`)],
    ['sales: last 30 days', sales(`${month}&${page}`)],
    ['sales: card type, last 30 days', sales(`cardType=prepaid&${month}&${page}`)],
    ['sales: by amount', sales('sort=-amount&limit=10')],
    ['sales: oldest first', sales('sort=capturedAt&limit=10')],
    ['sales: by terminal serial', sales('sort=terminalSerialNumber&limit=10')],
    ['sales: by fare, largest first', sales('sort=-saleAmount&limit=10')],
    ['sales: by tip', sales('sort=gratuityAmount&limit=10')],
    ['sales: by card scheme', sales('sort=cardScheme&limit=10')],
    ['sales: last four', sales(`panLastFour=4242&${page}`)],
    ['sales: offset 10,000', sales(`${page}&offset=10000`)],
    ['sales: last page', sales(`${page}&offset=${Math.max(0, facts.n - 10)}`)],
    ["sales: a terminal's", `/v1/sales?terminalId=${terminal.terminal_id}&${page}`],
    [
      "sales: a terminal's, offset 5,000",
      `/v1/sales?terminalId=${terminal.terminal_id}&${page}&offset=5000`,
    ],
    ['payment links', `/v1/intents?submerchantId=${sub}&sort=-createdAt&limit=10`],
    ['payment links: q', `/v1/intents?submerchantId=${sub}&q=amelia&limit=10`],
    ['payouts', `/v1/payouts?submerchantId=${sub}&sort=-createdAt&limit=10`],
    [
      'summary: a month by day',
      `/v1/sales/summary?submerchantId=${sub}&groupBy=day&timezone=Europe%2FLondon&${month}`,
    ],
    [
      'summary: a year by card scheme',
      `/v1/sales/summary?submerchantId=${sub}&groupBy=cardScheme&timezone=Europe%2FLondon&${year}`,
    ],
  ]
}

async function measureScale(url: string, sales: number): Promise<GrowthScale> {
  const name = `portal_growth_${sales}`
  await ensureDatabase(url, name)
  const database = await openDatabase({ url: databaseUrl(url, name) })
  try {
    await migrate(database)
    let seededSeconds: number | null = null
    if (await isUnseeded(database)) {
      const started = performance.now()
      await seed(database, { sales, seed: 1, now: new Date() })
      seededSeconds = (performance.now() - started) / 1000
    }
    const { client, sub } = await signInOwner(database)
    const list = await requestsFor(database, sub)
    const samples = new Map<string, number[]>()
    const heads = new Map<string, { total: number; approximate: boolean }>()
    // One warm-up round (caches, plans), then ROUNDS rounds over all of them in turn.
    for (let round = -1; round < ROUNDS; round++) {
      for (const [kind, path] of list) {
        const started = performance.now()
        const res = await client.request('GET', path, { perspective: sub })
        await res.arrayBuffer()
        const elapsed = performance.now() - started
        if (res.status !== 200) throw new Error(`growth bench: ${kind} gave ${res.status}`)
        if (round < 0) {
          heads.set(kind, {
            total: Number(res.headers.get('total-count') ?? -1),
            approximate: res.headers.get('total-count-is-approximate') === 'true',
          })
        } else samples.set(kind, [...(samples.get(kind) ?? []), elapsed])
      }
    }
    return {
      sales,
      database: name,
      seededSeconds,
      requests: list.map(([kind, path]) => ({
        kind,
        path,
        total: heads.get(kind)?.total ?? -1,
        approximate: heads.get(kind)?.approximate ?? false,
        timing: summariseTimings(samples.get(kind) ?? []),
      })),
    }
  } finally {
    await database.close()
  }
}

// The plan of the slowest list request: the request is sent once more with every statement it
// makes recorded, and the slowest of them is run again under EXPLAIN (ANALYZE, BUFFERS).
async function explainWorst(url: string, scale: GrowthScale): Promise<GrowthResult['worst']> {
  const lists = scale.requests.filter((r) => !r.path.includes('/summary'))
  const worst = [...lists].sort((a, b) => b.timing.p95 - a.timing.p95)[0]
  if (!worst) return null
  const database = await openDatabase({ url: databaseUrl(url, scale.database) })
  const captured: string[] = []
  const pool = database.client as pg.Pool
  const query = pool.query.bind(pool) as (...args: unknown[]) => Promise<unknown>
  // Every statement the request sends is recorded, then explained with its parameters.
  ;(pool as unknown as { query: unknown }).query = (...args: unknown[]) => {
    const [first, values] = args as [string | { text: string; values?: unknown[] }, unknown[]?]
    const text = typeof first === 'string' ? first : first.text
    const params = typeof first === 'string' ? values : (first.values ?? values)
    captured.push(JSON.stringify({ text, params }))
    return query(...args)
  }
  try {
    const { client, sub } = await signInOwner(database)
    captured.length = 0
    await (await client.request('GET', worst.path, { perspective: sub })).arrayBuffer()
    ;(pool as unknown as { query: unknown }).query = query
    // The slowest of the request's statements, explained.
    let slowest: { sql: string; plan: string; ms: number } | null = null
    for (const entry of captured) {
      const { text, params } = JSON.parse(entry) as { text: string; params?: unknown[] }
      if (!/^\s*(select|with)/i.test(text) || /access_tokens/.test(text)) continue
      const started = performance.now()
      const res = await pool.query<{ 'QUERY PLAN': string }>(
        `explain (analyze, buffers) ${text}`,
        params,
      )
      const ms = performance.now() - started
      if (!slowest || ms > slowest.ms) {
        slowest = { sql: text, plan: res.rows.map((r) => r['QUERY PLAN']).join('\n'), ms }
      }
    }
    return slowest ? { kind: worst.kind, sql: slowest.sql, plan: slowest.plan } : null
  } finally {
    await database.close()
  }
}

export async function runGrowthBench(opts: {
  url: string
  scales: number[]
}): Promise<GrowthResult> {
  const scales: GrowthScale[] = []
  for (const sales of opts.scales) scales.push(await measureScale(opts.url, sales))
  const largest = scales.at(-1)
  return { scales, worst: largest ? await explainWorst(opts.url, largest) : null }
}
