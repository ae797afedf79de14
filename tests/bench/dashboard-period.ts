// Budget (issue 32): on a 1,000,000-sale database, a new dashboard Period has every chart drawn
// within p95 ≤ 300 ms, asking GET /v1/sales/summary at most once per chart's data.
//
// A change is timed from the input event that commits the choice (its timeStamp, taken by a
// capture-phase listener before the app sees it) to the end of the first frame in which every
// chart card shows the new period: each carries data-drawn-for with the period once its drawing
// has the data (src/features/dashboard/chart-card.tsx; the takings canvas marks its own box), and
// a task posted from that frame's requestAnimationFrame runs once its style, layout and paint are
// done. Every measured period is a custom range never asked for before, so every chart's data
// comes from the network, as it does for a person picking a period they have not looked at.
import { loadavg } from 'node:os'
import type { Page, Request } from '@playwright/test'
import { summariseTimings, type TimingSummary } from './bench-stats'
import { withSignedInBrowser } from './browser-bench'

// The time zone of the seed's fleet, and so of its days and hours.
const ZONE = 'Europe/London'
// Preset changes that warm the page and the server first (not counted).
const WARM_UPS = ['this_month', 'custom'] as const
// A change is over when no request has followed its last answer for this long.
const QUIET_MS = 100
// The portal's own measure of the same (src/features/dashboard/period-timing.ts): from its
// handler to React's commit of the drawn charts, without the input's dispatch or the frame.
const PORTAL_MEASURE = 'dashboard-period-to-charts'
// The measured ranges start this far back: clear of the presets' periods and the periods before.
const FIRST_DAYS_BACK = 70
// Walks back through the seeded year, each by ranges of `days` moved `step` days at a time.
const WALKS = [
  { days: 1, step: 2, moves: 7 },
  { days: 7, step: 3, moves: 6 },
  { days: 30, step: 4, moves: 6 },
] as const

// The charts' data, by what a summary request asks for (docs/api.md#sales-summary).
const CHARTS = [
  'takings and busy hours',
  'takings, previous period',
  'vehicles',
  'card schemes',
  'methods',
] as const
type Chart = (typeof CHARTS)[number]

export interface DashboardPeriodResult extends TimingSummary {
  sales: number
  changes: number
  samples: number[]
  // The same changes split: input → the first chart request, → the last chart answer, → drawn.
  beforeRequests: TimingSummary
  api: TimingSummary
  draw: TimingSummary
  // The portal's own measure of the same changes, for comparison.
  portal: TimingSummary
  // Summary requests per change: for the charts, and all (with the vehicles that stopped).
  chartRequestsPerChange: number
  requestsPerChange: { min: number; max: number }
  // The most requests one chart's data took in one change (budget: 1).
  maxRequestsPerChart: number
  // Timings on a shared machine are only as good as its load (1 min average).
  loadBefore: number
  loadAfter: number
}

// One period change as a person makes it: a preset picked, or one date of the range typed.
type Step = { preset: string } | { field: 'Start date' | 'End date'; day: string }

const addDays = (day: string, days: number) =>
  new Date(Date.parse(`${day}T00:00:00Z`) + days * 86_400_000).toISOString().slice(0, 10)
const typed = (day: string) => day.split('-').reverse().join('/')

/**
 * Each walk moves the start back (one change), then the end (another): ranges of `days` and of
 * `days + step`. Every range is new, and none ends where another begins (`days` is no multiple of
 * `step`), so no chart's request was made before for another range: this period's hours are not
 * the previous period's of another, this range's vehicles not another's 'vehicles that stopped'.
 */
function customSteps(today: string): Step[] {
  const steps: Step[] = []
  let edge = addDays(today, -FIRST_DAYS_BACK)
  for (const { days, step, moves } of WALKS) {
    if (days % step === 0) throw new Error(`a walk of ${days} days by ${step} repeats a range`)
    let from = addDays(edge, -days)
    for (let n = 0; n <= moves; n++, from = addDays(from, -step)) {
      steps.push({ field: 'Start date', day: from })
      steps.push({ field: 'End date', day: addDays(from, days - 1) })
    }
    // The next walk ends before this one's last start.
    edge = addDays(from, step - 1)
  }
  return steps
}

// In the page, before the app: when the last input or change event was made, and the end of each
// frame that first showed every chart card drawn for a new period. A string, not a function: tsx
// would wrap the inner functions' names in its own helpers.
const WATCH_CHARTS = `
window.__periodBench = { inputAt: NaN, drawn: [] }
const state = window.__periodBench
for (const type of ['input', 'change'])
  addEventListener(type, (event) => { state.inputAt = event.timeStamp }, { capture: true })
function drawnFor() {
  const cards = [...document.querySelectorAll('.chart-card')]
  const periods = new Set(cards.map((card) =>
    card.dataset.drawnFor ?? card.querySelector('[data-drawn-for]')?.dataset.drawnFor))
  const [period] = periods
  return cards.length > 0 && periods.size === 1 ? period : undefined
}
let shown
new MutationObserver(() => {
  const period = drawnFor()
  if (!period || period === shown) return
  shown = period
  requestAnimationFrame(() => {
    const after = new MessageChannel()
    after.port1.onmessage = () => state.drawn.push({ period, at: performance.now() })
    after.port2.postMessage(null)
  })
}).observe(document, { subtree: true, childList: true, attributeFilter: ['data-drawn-for'] })
`

interface PageState {
  inputAt: number
  drawn: { period: string; at: number }[]
}
declare global {
  interface Window {
    __periodBench: PageState
  }
}

function todayIn(zone: string): string {
  return new Intl.DateTimeFormat('en-CA', { timeZone: zone }).format(new Date())
}

const isSummary = (url: string) => new URL(url).pathname === '/v1/sales/summary'

function rangeOf(url: string): string {
  const query = new URL(url).searchParams
  return `${query.get('capturedAt[$gte]')}/${query.get('capturedAt[$lt]')}`
}

// Which chart a summary request is for, given the period's range (the one the card schemes are
// asked for); null for the vehicles that stopped (terminals over other ranges) and the next payout.
function chartOf(url: string, current: string): Chart | null {
  const query = new URL(url).searchParams
  if (query.has('disbursementWithheld')) return null
  const isCurrent = rangeOf(url) === current
  switch (query.get('groupBy')) {
    case 'hour':
    case 'day':
      return isCurrent ? 'takings and busy hours' : 'takings, previous period'
    case 'terminal':
      return isCurrent ? 'vehicles' : null
    case 'cardScheme':
      return 'card schemes'
    case 'method':
      return 'methods'
    default:
      return null
  }
}

interface Change {
  ms: number
  portalMs: number
  beforeRequestsMs: number
  apiMs: number
  drawMs: number
  requests: number
  perChart: Map<Chart, number>
}

// Makes one change, waits for its frame, then for every request it made to be answered.
async function timeChange(page: Page, step: Step, requests: Request[]): Promise<Change> {
  const drawnBefore = await page.evaluate(() => {
    window.__periodBench.inputAt = NaN
    return window.__periodBench.drawn.length
  })
  requests.length = 0
  if ('preset' in step) await page.getByLabel('Period', { exact: true }).selectOption(step.preset)
  else await page.getByRole('textbox', { name: step.field }).fill(typed(step.day))
  await page.waitForFunction((n) => window.__periodBench.drawn.length > n, drawnBefore, {
    timeout: 60_000,
  })
  // Every request the change made, answered (the vehicles that stopped ask after the charts' data).
  let seen: number
  do {
    seen = requests.length
    await Promise.all(requests.map(async (request) => (await request.response())?.finished()))
    await page.waitForTimeout(QUIET_MS)
  } while (seen !== requests.length)

  const urls = requests.map((request) => request.url())
  const schemes = urls.find((url) => new URL(url).searchParams.get('groupBy') === 'cardScheme')
  if (!schemes) throw new Error(`no new card schemes for ${JSON.stringify(step)}: not a new period`)
  const current = rangeOf(schemes)
  const perChart = new Map<Chart, number>()
  const chartUrls: string[] = []
  for (const url of urls) {
    const chart = chartOf(url, current)
    if (!chart) continue
    perChart.set(chart, (perChart.get(chart) ?? 0) + 1)
    chartUrls.push(url)
  }
  const missing = CHARTS.filter((chart) => !perChart.has(chart))
  if (missing.length > 0) {
    throw new Error(`${missing.join(', ')} drawn from the cache for ${JSON.stringify(step)}`)
  }
  // The chart requests' timings, as the page saw them (same-origin, so every phase is there).
  const times = await page.evaluate(
    ({ names, measure }) => {
      const { inputAt, drawn } = window.__periodBench
      const answers = performance
        .getEntriesByType('resource')
        .filter((entry) => entry.startTime >= inputAt && names.includes(entry.name))
      return {
        inputAt,
        drawnAt: drawn.at(-1)?.at ?? NaN,
        portalMs: performance.getEntriesByName(measure).at(-1)?.duration ?? NaN,
        answers: answers.length,
        firstAsked: Math.min(...answers.map((entry) => entry.startTime)),
        lastAnswered: Math.max(
          ...answers.map((entry) => (entry as PerformanceResourceTiming).responseEnd),
        ),
      }
    },
    { names: chartUrls, measure: PORTAL_MEASURE },
  )
  if (Number.isNaN(times.inputAt)) throw new Error(`no input event for ${JSON.stringify(step)}`)
  if (times.answers !== chartUrls.length) {
    throw new Error(`${times.answers} resource timings for ${chartUrls.length} chart requests`)
  }
  return {
    ms: times.drawnAt - times.inputAt,
    portalMs: times.portalMs,
    beforeRequestsMs: times.firstAsked - times.inputAt,
    apiMs: times.lastAnswered - times.firstAsked,
    drawMs: times.drawnAt - times.lastAnswered,
    requests: urls.length,
    perChart,
  }
}

export async function runDashboardPeriodBench(opts: {
  sales: number
  // An already seeded PGlite directory to reuse (kept afterwards); default: a fresh temp seed.
  dataDir?: string
}): Promise<DashboardPeriodResult> {
  return withSignedInBrowser(
    opts,
    'dashboard-period-bench-',
    async ({ page }) => {
      // From the next document on: the dashboard, opened again with the watch in place.
      await page.addInitScript(WATCH_CHARTS)
      // The resource timings of every change are kept (the default buffer holds 250).
      await page.addInitScript(() => performance.setResourceTimingBufferSize(100_000))
      await page.goto('/dashboard')
      await page.waitForFunction(() => window.__periodBench.drawn.length > 0, undefined, {
        timeout: 60_000,
      })

      const requests: Request[] = []
      page.on('request', (request) => {
        if (isSummary(request.url())) requests.push(request)
      })
      const steps: Step[] = [
        ...WARM_UPS.map((preset) => ({ preset })),
        ...customSteps(todayIn(ZONE)),
      ]
      const loadBefore = loadavg()[0] ?? 0
      const changes: Change[] = []
      for (const [n, step] of steps.entries()) {
        const change = await timeChange(page, step, requests)
        if (n >= WARM_UPS.length) changes.push(change)
      }

      const samples = changes.map((change) => change.ms)
      const counts = changes.map((change) => change.requests)
      return {
        sales: opts.sales,
        changes: changes.length,
        ...summariseTimings(samples),
        samples,
        beforeRequests: summariseTimings(changes.map((change) => change.beforeRequestsMs)),
        api: summariseTimings(changes.map((change) => change.apiMs)),
        draw: summariseTimings(changes.map((change) => change.drawMs)),
        portal: summariseTimings(changes.map((change) => change.portalMs)),
        chartRequestsPerChange: CHARTS.length,
        requestsPerChange: { min: Math.min(...counts), max: Math.max(...counts) },
        maxRequestsPerChart: Math.max(
          ...changes.flatMap((change) => [...change.perChart.values()]),
        ),
        loadBefore,
        loadAfter: loadavg()[0] ?? 0,
      }
    },
    // The fleet's own clock: its days and hours, and the summaries asked in its zone.
    { timezoneId: ZONE },
  )
}
