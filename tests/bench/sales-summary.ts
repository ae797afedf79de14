// Budgets (issue 32): GET /v1/sales/summary for a calendar month by day and a month by terminal,
// each p95 ≤ 50 ms on a 1,000,000-sale PGlite database through the real app (City Cabs,
// Europe/London); a month by hour, by weekday and by card scheme are reported beside them.
import { queryRows } from '../../server/db/client'
import { withSignedInBench } from './bench-app'
import { summariseTimings, type TimingSummary } from './bench-stats'

export const SUMMARY_BENCH_GROUPS = ['day', 'terminal', 'hour', 'weekday', 'cardScheme'] as const
export type SummaryBenchGroup = (typeof SUMMARY_BENCH_GROUPS)[number]
const ZONE = 'Europe/London'
const MONTHS = 12

export interface SalesSummaryBenchResult {
  sales: number
  // City Cabs' sales in the months asked for, on average per month.
  salesPerMonth: number
  byGroup: Record<SummaryBenchGroup, TimingSummary & { requests: number }>
}

// Midnight in London of the first of the month `back` months before now's, as an instant.
function londonMonthStart(now: Date, back: number): Date {
  const [year, month] = new Intl.DateTimeFormat('en-CA', {
    timeZone: ZONE,
    year: 'numeric',
    month: '2-digit',
  })
    .format(now)
    .split('-')
    .map(Number)
  const utc = new Date(Date.UTC(year ?? 1970, (month ?? 1) - 1 - back, 1))
  // London is UTC or UTC+1: midnight local is 00:00 or 23:00 the day before in UTC.
  const offsetHour = Number(
    new Intl.DateTimeFormat('en-GB', { timeZone: ZONE, hour: '2-digit', hourCycle: 'h23' }).format(
      utc,
    ),
  )
  return new Date(utc.getTime() - offsetHour * 3_600_000)
}

export async function runSalesSummaryBench(opts: {
  sales: number
  requests?: number
  // An already seeded PGlite directory to reuse (kept afterwards); default: a fresh temp seed.
  dataDir?: string
}): Promise<SalesSummaryBenchResult> {
  const requests = opts.requests ?? 60
  return withSignedInBench(opts, 'summary-bench-', async ({ database, client, sub, now }) => {
    // The last 12 whole calendar months, taken in turn.
    const months = Array.from({ length: MONTHS }, (_, i) => ({
      gte: londonMonthStart(now, i + 1),
      lt: londonMonthStart(now, i),
    }))
    const [counted] = await queryRows<{ n: number }>(
      database,
      'select count(*)::int as n from sales where submerchant_id = $1 and captured_at >= $2 and captured_at < $3',
      [sub, months[MONTHS - 1]?.gte, months[0]?.lt],
    )
    const byGroup = {} as SalesSummaryBenchResult['byGroup']
    for (const groupBy of SUMMARY_BENCH_GROUPS) {
      const timings: number[] = []
      // A warm-up round over every month, then the timed requests.
      for (let n = -MONTHS; n < requests; n++) {
        const month = months[(n + MONTHS) % MONTHS]
        if (!month) throw new Error('no month')
        const url =
          `/v1/sales/summary?submerchantId=${sub}&groupBy=${groupBy}&timezone=${ZONE}` +
          `&capturedAt[$gte]=${encodeURIComponent(month.gte.toISOString())}` +
          `&capturedAt[$lt]=${encodeURIComponent(month.lt.toISOString())}`
        const started = performance.now()
        const res = await client.request('GET', url, { perspective: sub })
        const body = (await res.json()) as { buckets?: unknown[] }
        const elapsed = performance.now() - started
        if (res.status !== 200 || !body.buckets?.length) {
          throw new Error(`summary bench request failed: ${res.status} ${JSON.stringify(body)}`)
        }
        if (n >= 0) timings.push(elapsed)
      }
      byGroup[groupBy] = { requests, ...summariseTimings(timings) }
    }
    return { sales: opts.sales, salesPerMonth: Math.round((counted?.n ?? 0) / MONTHS), byGroup }
  })
}
