// Budget: p95 ≤ 50 ms for GET /v1/sales?submerchantId&sort=-capturedAt&capturedAt[$gte]&offset=5000&limit=10
// on a 1,000,000-sale PGlite database, through the real app (login, perspective, list engine, count).
import { withSignedInBench } from './bench-app'
import { summariseTimings, type TimingSummary } from './bench-stats'

export interface ApiLatencyResult extends TimingSummary {
  sales: number
  requests: number
  approximateCounts: number
}

export async function runApiLatencyBench(opts: {
  sales: number
  requests?: number
  // An already seeded PGlite directory to reuse (kept afterwards); default: a fresh temp seed.
  dataDir?: string
}): Promise<ApiLatencyResult> {
  const requests = opts.requests ?? 200
  return withSignedInBench(opts, 'api-bench-', async ({ client, sub, now }) => {
    const timings: number[] = []
    let approximateCounts = 0
    // Warm-up, then 200 requests with ranges starting 60 to 390 days back.
    for (let n = -5; n < requests; n++) {
      const daysBack = 60 + (((n + 5) * 37) % 330)
      const from = new Date(now.getTime() - daysBack * 86_400_000).toISOString()
      const url = `/v1/sales?submerchantId=${sub}&sort=-capturedAt&capturedAt[$gte]=${encodeURIComponent(from)}&offset=5000&limit=10`
      const started = performance.now()
      const res = await client.request('GET', url, { perspective: sub })
      const body = (await res.json()) as unknown[]
      const elapsed = performance.now() - started
      if (res.status !== 200 || body.length !== 10) {
        throw new Error(`bench request failed: ${res.status} (${body.length} items)`)
      }
      if (n < 0) continue
      timings.push(elapsed)
      if (res.headers.get('total-count-is-approximate') === 'true') approximateCounts++
    }
    return { sales: opts.sales, requests, ...summariseTimings(timings), approximateCounts }
  })
}
