// Budgets (issue 14), each p95 ≤ 20 ms on a 1,000,000-sale PGlite database through the real app:
// a terminal's sales (GET /v1/sales?terminalId, offset 0 and 5,000), the terminal search
// (GET /v1/terminals?q&limit=10) and the payouts table (GET /v1/payouts?submerchantId).
import { queryRows } from '../../server/db/client'
import { withSignedInBench } from './bench-app'
import { summariseTimings, type TimingSummary } from './bench-stats'

export interface TerminalsPayoutsResult {
  sales: number
  terminalSales: number
  terminalSalesOffset0: TimingSummary
  terminalSalesOffset5000: TimingSummary
  terminalSearch: TimingSummary
  payoutsList: TimingSummary
}

export async function runTerminalsPayoutsBench(opts: {
  sales: number
  requests?: number
  dataDir?: string
}): Promise<TerminalsPayoutsResult> {
  const requests = opts.requests ?? 200
  return withSignedInBench(opts, 'terminals-bench-', async ({ database, client, sub }) => {
    const [busiest] = await queryRows<{ terminal_id: string; n: number }>(
      database,
      `select terminal_id, count(*)::int as n from sales where submerchant_id = $1
       and terminal_id is not null group by terminal_id order by n desc limit 1`,
      [sub],
    )
    if (!busiest) throw new Error('no terminal sales')
    const serials = await queryRows<{ serial_number: string }>(
      database,
      'select serial_number from terminals where current_submerchant_id = $1',
      [sub],
    )

    async function time(url: (n: number) => string, expect: number): Promise<TimingSummary> {
      const timings: number[] = []
      for (let n = -5; n < requests; n++) {
        const started = performance.now()
        const res = await client.request('GET', url(n), { perspective: sub })
        const body = (await res.json()) as unknown[]
        const elapsed = performance.now() - started
        if (res.status !== 200 || body.length < expect) {
          throw new Error(`bench request failed: ${url(n)} ${res.status} (${body.length} items)`)
        }
        if (n >= 0) timings.push(elapsed)
      }
      return summariseTimings(timings)
    }
    const sorts = ['-capturedAt', 'capturedAt']
    const terminalSales = (offset: number) => (n: number) =>
      `/v1/sales?terminalId=${busiest.terminal_id}&sort=${sorts[Math.abs(n) % 2]}&offset=${offset}&limit=10`
    return {
      sales: opts.sales,
      terminalSales: busiest.n,
      terminalSalesOffset0: await time(terminalSales(0), 10),
      terminalSalesOffset5000: await time(terminalSales(5000), 10),
      terminalSearch: await time((n) => {
        const serial = serials[Math.abs(n) % serials.length]?.serial_number ?? 'BP'
        return `/v1/terminals?q=${serial.slice(0, 3 + (Math.abs(n) % 6))}&limit=10`
      }, 1),
      payoutsList: await time(
        (n) =>
          `/v1/payouts?submerchantId=${sub}&sort=-createdAt&limit=10&offset=${(Math.abs(n) % 30) * 10}`,
        10,
      ),
    }
  })
}
