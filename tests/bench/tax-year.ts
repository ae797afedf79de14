// Budget (issue 52): GET /v1/tax-years/{taxYear}/summary p95 ≤ 50 ms on a 1,000,000-sale PGlite
// database through the real app (City Cabs), this tax year and last, standard and calendar quarters
// in turn. The year's records (CSV) are reported beside it: rows, time to the last byte and the
// heap's growth while they stream.
import { taxYearLabel, taxYearOf } from '@/lib/tax-year'
import { withSignedInBench } from './bench-app'
import { summariseTimings, type TimingSummary } from './bench-stats'

export interface TaxYearBenchResult {
  sales: number
  // City Cabs' sales in last tax year.
  salesLastYear: number
  summary: TimingSummary & { requests: number }
  records: { rows: number; ms: number; heapGrowthMb: number }
}

export async function runTaxYearBench(opts: {
  sales: number
  requests?: number
  dataDir?: string
}): Promise<TaxYearBenchResult> {
  const requests = opts.requests ?? 80
  return withSignedInBench(opts, 'tax-year-bench-', async ({ client, sub, now }) => {
    const current = taxYearOf(now)
    const asks = [current, current - 1].flatMap((year) =>
      ['standard', 'calendar'].map(
        (periods) => `/v1/tax-years/${taxYearLabel(year)}/summary?periods=${periods}`,
      ),
    )
    const timings: number[] = []
    let salesLastYear = 0
    // A warm-up round over every kind, then the timed requests.
    for (let n = -asks.length; n < requests; n++) {
      const url = asks[(n + asks.length) % asks.length] as string
      const started = performance.now()
      const res = await client.request('GET', url, { perspective: sub })
      const body = (await res.json()) as { totals?: { salesCount: number } }
      const elapsed = performance.now() - started
      if (res.status !== 200 || !body.totals) {
        throw new Error(`tax year bench request failed: ${res.status} ${JSON.stringify(body)}`)
      }
      if (url.includes(taxYearLabel(current - 1))) salesLastYear = body.totals.salesCount
      if (n >= 0) timings.push(elapsed)
    }
    // The records of last tax year, read as a client would, chunk by chunk.
    global.gc?.()
    const heapBefore = process.memoryUsage().heapUsed
    let heapPeak = heapBefore
    const started = performance.now()
    const res = await client.request('GET', `/v1/tax-years/${taxYearLabel(current - 1)}/records`, {
      perspective: sub,
    })
    if (res.status !== 200 || !res.body) throw new Error(`records failed: ${res.status}`)
    let rows = -1
    const decoder = new TextDecoder()
    const reader = res.body.getReader()
    for (let read = await reader.read(); !read.done; read = await reader.read()) {
      rows += decoder.decode(read.value, { stream: true }).split('\n').length - 1
      heapPeak = Math.max(heapPeak, process.memoryUsage().heapUsed)
    }
    const ms = performance.now() - started
    return {
      sales: opts.sales,
      salesLastYear,
      summary: { requests, ...summariseTimings(timings) },
      records: { rows, ms, heapGrowthMb: (heapPeak - heapBefore) / 1_048_576 },
    }
  })
}
