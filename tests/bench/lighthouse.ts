// Budget: Lighthouse 12 on /login, mobile preset, performance 1.00 at a CPU slowdown calibrated to
// the host; accessibility 1.0, best practices 1.0. The median of a few runs, as Lighthouse advises.
//
// Lighthouse's mobile preset slows the CPU 4× on any host, a factor chosen so that a high-end
// desktop runs like a mid-tier phone. On a weaker host 4× emulates a weaker phone than that, and the
// score falls with the host, not the page. Lighthouse's throttling guide (in its repository,
// "Calibrating the CPU slowdown") says to set the multiplier from the host's benchmarkIndex, which
// every report records. A first run measures it; the scored runs use
//   multiplier = benchmarkIndex / TARGET_BENCHMARK_INDEX, within [1, 10] (the guide's range),
// where the target is the index 4× makes of the middle of the guide's high-end desktop bracket
// (1,500–2,000): 1,750 / 4 = 437.5, a mid-tier phone (the guide's 125–800).
import { launch } from 'chrome-launcher'
import lighthouse from 'lighthouse'
import { startSandboxWithDist } from '../e2e/support/pwa'
import { chromiumLaunchOptions } from '../support/chromium'
import { benchBuild } from '../support/portal-build'
import { median } from './median'

// The benchmarkIndex of the device the mobile preset emulates (see above).
export const TARGET_BENCHMARK_INDEX = 1750 / 4
const DEFAULT_MULTIPLIER = 4
// The guide's range for a high-end desktop emulating a mid-tier phone is 2–10×.
const MAX_MULTIPLIER = 10

export function calibratedMultiplier(benchmarkIndex: number): number {
  if (!Number.isFinite(benchmarkIndex) || benchmarkIndex <= 0) return DEFAULT_MULTIPLIER
  const multiplier = benchmarkIndex / TARGET_BENCHMARK_INDEX
  return Math.round(Math.min(MAX_MULTIPLIER, Math.max(1, multiplier)) * 100) / 100
}

export interface LighthouseRun {
  // The host's CPU index as this run measured it, and the slowdown the run used.
  benchmarkIndex: number
  cpuSlowdownMultiplier: number
  performance: number
  accessibility: number
  bestPractices: number
  // The metrics behind the performance score, in ms (CLS unitless).
  fcpMs: number
  lcpMs: number
  tbtMs: number
  cls: number
  speedIndexMs: number
  // The largest contentful paint's element, as Lighthouse names it.
  lcpElement: string
}

export interface LighthouseResult {
  // The calibration run's benchmarkIndex and the multiplier set from it for the scored runs.
  calibration: { benchmarkIndex: number; cpuSlowdownMultiplier: number }
  runs: LighthouseRun[]
  performance: number
  accessibility: number
  bestPractices: number
  // Runs Lighthouse could not complete (retried), for the record.
  measurementErrors: string[]
  // The run whose performance score is the median, with its metrics.
  medianRun: LighthouseRun
  // Audits below a full score in the median run, for whoever has to fix them.
  failing: { id: string; title: string; score: number | null }[]
}

export async function runLighthouseBench({ runs = 3 } = {}): Promise<LighthouseResult> {
  const server = await startSandboxWithDist(await benchBuild(), { sales: 100 })
  const results: LighthouseResult['runs'] = []
  const failing = new Map<string, LighthouseResult['failing'][number]>()
  const measurementErrors: string[] = []
  let calibration: LighthouseResult['calibration'] | undefined
  try {
    // The calibration run (not scored): the preset's 4×, for the host's benchmarkIndex.
    const first = await runLighthouse(`${server.baseURL}/login`, DEFAULT_MULTIPLIER)
    const benchmarkIndex = first.lhr.environment.benchmarkIndex
    calibration = { benchmarkIndex, cpuSlowdownMultiplier: calibratedMultiplier(benchmarkIndex) }
    // A run Lighthouse itself could not complete (a runtimeError such as NO_FCP: no score, no
    // metrics) is a failed measurement, not a score of 0: it is retried, at most twice in all.
    for (let run = 0, retries = 0; run < runs; run++) {
      const { lhr } = await runLighthouse(
        `${server.baseURL}/login`,
        calibration.cpuSlowdownMultiplier,
      )
      const { categories, audits, runtimeError } = lhr
      if (runtimeError) {
        measurementErrors.push(`${runtimeError.code}: ${runtimeError.message}`)
        if (retries++ < 2) {
          run--
          continue
        }
      }
      const metric = (id: string) => audits[id]?.numericValue ?? Number.NaN
      const lcpItems = (
        audits['largest-contentful-paint-element']?.details as
          { items?: { items?: { node?: { snippet?: string } }[] }[] } | undefined
      )?.items
      results.push({
        benchmarkIndex: lhr.environment.benchmarkIndex,
        cpuSlowdownMultiplier: lhr.configSettings.throttling.cpuSlowdownMultiplier,
        performance: categories.performance?.score ?? 0,
        accessibility: categories.accessibility?.score ?? 0,
        bestPractices: categories['best-practices']?.score ?? 0,
        fcpMs: metric('first-contentful-paint'),
        lcpMs: metric('largest-contentful-paint'),
        tbtMs: metric('total-blocking-time'),
        cls: metric('cumulative-layout-shift'),
        speedIndexMs: metric('speed-index'),
        lcpElement: lcpItems?.[0]?.items?.[0]?.node?.snippet ?? '',
      })
      for (const category of ['accessibility', 'best-practices']) {
        for (const ref of categories[category]?.auditRefs ?? []) {
          const audit = audits[ref.id]
          if (ref.weight > 0 && audit && audit.score !== null && audit.score < 1) {
            failing.set(ref.id, { id: ref.id, title: audit.title, score: audit.score })
          }
        }
      }
    }
  } finally {
    await server.stop()
  }
  const byScore = [...results].sort((a, b) => a.performance - b.performance)
  return {
    calibration: calibration ?? { benchmarkIndex: Number.NaN, cpuSlowdownMultiplier: 4 },
    runs: results,
    measurementErrors,
    medianRun: byScore[Math.floor((byScore.length - 1) / 2)] as LighthouseRun,
    performance: median(results.map((r) => r.performance)),
    accessibility: median(results.map((r) => r.accessibility)),
    bestPractices: median(results.map((r) => r.bestPractices)),
    failing: [...failing.values()],
  }
}

// One Lighthouse run of the mobile preset with this CPU slowdown, in a fresh profile: a cold first
// visit, as the preset assumes.
async function runLighthouse(url: string, cpuSlowdownMultiplier: number) {
  const chrome = await launch({
    chromePath: chromiumLaunchOptions.executablePath,
    chromeFlags: ['--headless=new', ...chromiumLaunchOptions.args],
  })
  try {
    const answer = await lighthouse(url, {
      port: chrome.port,
      output: 'json',
      logLevel: 'error',
      onlyCategories: ['performance', 'accessibility', 'best-practices'],
      // Merged into the preset's throttling: its network figures stay.
      throttling: { cpuSlowdownMultiplier },
    })
    if (!answer) throw new Error('Lighthouse returned no result')
    return answer
  } finally {
    chrome.kill()
  }
}
