// Budgets: on a 1,000,000-sale database, changing a sales-list filter shows the new rows within
// p95 ≤ 120 ms, read from the portal's own performance measure 'sales-filter-to-rows'; and
// GET /v1/sales answers the list's own requests (the ones those changes made, captured from the
// page and replayed against the same server) within p95 ≤ 8 ms.
import type { Page } from '@playwright/test'
import { summariseTimings, type TimingSummary } from './bench-stats'
import { withSignedInBrowser } from './browser-bench'

export interface SalesFilterResult extends TimingSummary {
  sales: number
  changes: number
  samples: number[]
  // GET /v1/sales over the list's real query mix: each request the page made, replayed in turn.
  // Replays are repeats, as a list's refetches and pages are: the server keeps a count's plan for
  // a minute (docs/api.md#lists), and the page's own requests already made it.
  api: TimingSummary & { distinct: number; requests: number }
}

// Each captured list request is replayed this many times, in rounds over all of them.
const REPLAY_ROUNDS = 10

const MEASURE = 'sales-filter-to-rows'

// 20 changes a manager might make, each giving a list not seen before in this session.
const CHANGES: readonly [label: string, value: string][] = [
  ['Card scheme', 'visa'],
  ['Method', 'pos'],
  ['Card type', 'credit'],
  ['Card scheme', 'mastercard'],
  ['Method', 'softpos'],
  ['Period', 'last_month'],
  ['Card type', 'debit'],
  ['Card scheme', 'american_express'],
  ['Method', 'ecommerce'],
  ['Period', 'this_year'],
  ['Card type', 'prepaid'],
  ['Card scheme', ''],
  ['Period', 'previous_30_days'],
  ['Method', ''],
  ['Card type', ''],
  ['Period', 'last_year'],
  ['Card scheme', 'visa'],
  ['Method', 'softpos'],
  ['Period', 'previous_365_days'],
  ['Card type', 'credit'],
]

function measureCount(page: Page): Promise<number> {
  return page.evaluate((name) => performance.getEntriesByName(name).length, MEASURE)
}

export async function runSalesFilterBench(opts: {
  sales: number
  // An already seeded PGlite directory to reuse (kept afterwards); default: a fresh temp seed.
  dataDir?: string
}): Promise<SalesFilterResult> {
  return withSignedInBrowser(opts, 'sales-filter-bench-', async ({ page, context }) => {
    // The list's requests, as the page sent them (its headers name the perspective).
    const listRequests = new Map<string, Record<string, string>>()
    page.on('request', (request) => {
      if (new URL(request.url()).pathname === '/v1/sales') {
        listRequests.set(request.url(), request.headers())
      }
    })
    await page.goto('/transactions/sales')
    await page.getByRole('navigation', { name: 'Sales pages' }).waitFor({ timeout: 60_000 })

    for (const [label, value] of CHANGES) {
      const before = await measureCount(page)
      await page.getByLabel(label, { exact: true }).selectOption(value)
      await page.waitForFunction(
        ({ name, count }) => performance.getEntriesByName(name).length > count,
        { name: MEASURE, count: before },
        { timeout: 30_000 },
      )
    }
    const samples = await page.evaluate(
      (name) => performance.getEntriesByName(name).map((entry) => entry.duration),
      MEASURE,
    )
    // The browser is closed first: the API is timed alone, not beside the browser's own work.
    const cookies = await context.cookies()
    await context.browser()?.close()
    const api = await replay(listRequests, cookies)
    return {
      sales: opts.sales,
      changes: samples.length,
      ...summariseTimings(samples),
      samples,
      api,
    }
  })
}

/**
 * Sends each captured request again from Node (the session's cookies, the page's headers), one at
 * a time, REPLAY_ROUNDS rounds after a warm-up round, and times each from send to the whole body.
 */
async function replay(
  requests: Map<string, Record<string, string>>,
  cookies: { name: string; value: string }[],
): Promise<SalesFilterResult['api']> {
  const cookie = cookies.map(({ name, value }) => `${name}=${value}`).join('; ')
  const timings: number[] = []
  for (let round = -1; round < REPLAY_ROUNDS; round++) {
    for (const [url, headers] of requests) {
      const started = performance.now()
      const res = await fetch(url, { headers: { ...headers, cookie } })
      await res.arrayBuffer()
      const elapsed = performance.now() - started
      if (res.status !== 200) throw new Error(`replayed list request failed: ${res.status} ${url}`)
      if (round >= 0) timings.push(elapsed)
    }
  }
  return { distinct: requests.size, requests: timings.length, ...summariseTimings(timings) }
}
