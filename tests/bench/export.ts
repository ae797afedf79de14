// Budgets (issue 17): a 20,000-sale export with fees and a summary, in Chromium on this machine,
// from the click on Export to the file: CSV ≤ 10 s, PDF ≤ 30 s; the peak JS heap during the export
// < 150 MB; jspdf loads only when PDF is chosen. Also reported: the floor, the same API calls alone
// (the URLs the export made, replayed in the page 4 at a time), and the export's ratio to it.
import { mkdtempSync, readFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { chromium, type Page } from '@playwright/test'
import { migrate, openDatabase, queryRows } from '../../server/db/client'
import { SEED_SUBMERCHANTS } from '../../server/seed/ids'
import { seed } from '../../server/seed/index'
import { spawnSandbox, stopServer } from '../e2e/support/private-server'
import { DEMO_EMAILS } from '../e2e/support/demo'
import { signIn } from '../e2e/support/sign-in'
import { chromiumLaunchOptions } from '../support/chromium'
import { heavyLibrariesIn } from '../support/heavy-libraries'
import { benchBuild } from '../support/portal-build'
import { median } from './median'

const TARGET_SALES = 20_000
const CITY = SEED_SUBMERCHANTS.cityCabs

export interface ExportRun {
  ms: number
  peakHeapBytes: number
  bytes: number
  rows: number
}

export interface ExportBenchResult {
  sales: number
  days: { start: string; end: string }
  csvRuns: ExportRun[]
  pdfRuns: ExportRun[]
  csvMs: number
  pdfMs: number
  floorRunsMs: number[]
  floorMs: number
  apiCalls: number
  peakHeapBytes: number
  jspdfOnCsv: boolean
  jspdfOnPdf: boolean
}

// The days from yesterday back until City Cabs has at least 20,000 sales (UTC days; the browser
// runs in UTC too).
async function pickRange(dataDir: string, sales: number, fresh: boolean) {
  const database = await openDatabase({ dataDir })
  try {
    await migrate(database)
    if (fresh) await seed(database, { sales, seed: 1, now: new Date() })
    const rows = await queryRows<{ day: string; n: number }>(
      database,
      `select to_char(date_trunc('day', captured_at at time zone 'UTC'), 'YYYY-MM-DD') as day,
              count(*)::int as n
       from sales where submerchant_id = $1 and captured_at < date_trunc('day', now() at time zone 'UTC') at time zone 'UTC'
       group by 1 order by 1 desc`,
      [CITY],
    )
    let total = 0
    for (const row of rows) {
      total += row.n
      if (total >= TARGET_SALES) {
        return { start: row.day, end: rows[0]!.day, sales: total }
      }
    }
    throw new Error(`only ${total} City Cabs sales; seed more (npm run bench -- --sales …)`)
  } finally {
    await database.close()
  }
}

// Peak of the page's used JS heap while `work` runs, sampled every 50 ms after a full GC.
async function withHeapPeak<T>(page: Page, work: () => Promise<T>): Promise<[T, number]> {
  const cdp = await page.context().newCDPSession(page)
  await cdp.send('HeapProfiler.enable')
  await cdp.send('HeapProfiler.collectGarbage')
  let peak = 0
  let sampling = true
  const sampler = (async () => {
    while (sampling) {
      const { usedSize } = await cdp.send('Runtime.getHeapUsage')
      peak = Math.max(peak, usedSize)
      await new Promise((done) => setTimeout(done, 50))
    }
  })()
  try {
    const result = await work()
    return [result, peak]
  } finally {
    sampling = false
    await sampler
    await cdp.detach()
  }
}

async function openDialog(page: Page, start: string, end: string, fileType: 'csv' | 'pdf') {
  await page.goto('/transactions/sales')
  await page.getByRole('button', { name: 'Export', exact: true }).click()
  const dialog = page.getByRole('dialog', { name: 'Export sales' })
  await dialog.getByLabel('Period').selectOption('custom')
  await dialog.getByRole('textbox', { name: 'Start date' }).fill(start)
  await dialog.getByRole('textbox', { name: 'End date' }).fill(end)
  await dialog.getByRole('radio', { name: fileType === 'csv' ? /CSV/ : /PDF/ }).check()
  await dialog.getByRole('checkbox', { name: /Include fees/ }).check()
  await dialog.getByRole('checkbox', { name: /Include a summary/ }).check()
  return dialog
}

// One export, timed from the click to the download; returns the API URLs it called too.
async function timeExport(
  page: Page,
  range: { start: string; end: string },
  fileType: 'csv' | 'pdf',
): Promise<{ run: ExportRun; apiUrls: string[]; scripts: string }> {
  const dialog = await openDialog(page, range.start, range.end, fileType)
  const apiUrls: string[] = []
  const scriptBodies: Promise<string>[] = []
  const onRequest = (request: { url(): string }) => {
    const url = request.url()
    if (/\/v1\/(sales|balance-transactions|terminals)\?/.test(url)) apiUrls.push(url)
  }
  const onResponse = (response: { url(): string; text(): Promise<string> }) => {
    if (response.url().endsWith('.js')) scriptBodies.push(response.text().catch(() => ''))
  }
  page.on('request', onRequest)
  page.on('response', onResponse)
  const [[download, ms], peakHeapBytes] = await withHeapPeak(page, async () => {
    const started = performance.now()
    const downloaded = page.waitForEvent('download', { timeout: 180_000 })
    await dialog.getByRole('button', { name: 'Export', exact: true }).click()
    const file = await downloaded
    return [file, performance.now() - started] as const
  })
  page.off('request', onRequest)
  page.off('response', onResponse)
  const bytes = readFileSync(await download.path())
  const rows = fileType === 'csv' ? bytes.toString('utf8').split('\r\n').length : 0
  return {
    run: { ms, peakHeapBytes, bytes: bytes.length, rows },
    apiUrls,
    scripts: (await Promise.all(scriptBodies)).join('\n'),
  }
}

// The floor: the export's own API calls, fees first then sales, 4 at a time, bodies parsed.
async function timeFloor(page: Page, urls: string[]): Promise<number> {
  return page.evaluate(
    async ({ urls, perspective }) => {
      const headers = { 'X-Requested-With': 'portal', 'Token-Perspective': perspective }
      const groups = [
        urls.filter((u) => u.includes('/v1/balance-transactions')),
        urls.filter((u) => !u.includes('/v1/balance-transactions')),
      ]
      const started = performance.now()
      for (const group of groups) {
        let next = 0
        // Four workers; written without named functions (tsx's __name helper is not in the page).
        await Promise.all(
          [0, 1, 2, 3].map(async () => {
            while (next < group.length) {
              const res = await fetch(group[next++]!, { headers, credentials: 'include' })
              await res.json()
            }
          }),
        )
      }
      return performance.now() - started
    },
    { urls, perspective: CITY },
  )
}

export async function runExportBench(opts: {
  sales: number
  dataDir?: string
  csvRuns?: number
  pdfRuns?: number
}): Promise<ExportBenchResult> {
  const dataDir = opts.dataDir ?? mkdtempSync(path.join(tmpdir(), 'export-bench-'))
  const range = await pickRange(dataDir, opts.sales, !opts.dataDir)
  const server = await spawnSandbox({
    dataDir,
    env: { DIST_DIR: await benchBuild(), SEED_SALES: String(opts.sales) },
  })
  const browser = await chromium.launch(chromiumLaunchOptions)
  try {
    const context = await browser.newContext({
      baseURL: server.baseURL,
      viewport: { width: 1280, height: 900 },
      timezoneId: 'UTC',
      locale: 'en-GB',
      acceptDownloads: true,
      serviceWorkers: 'block',
    })
    const page = await context.newPage()
    await signIn(page, DEMO_EMAILS.owner, { account: 'City Cabs', viaForm: true })

    const csvRuns: ExportRun[] = []
    const pdfRuns: ExportRun[] = []
    let apiUrls: string[] = []
    let jspdfOnCsv = false
    let jspdfOnPdf = false
    for (let i = 0; i < (opts.csvRuns ?? 3); i++) {
      const result = await timeExport(page, range, 'csv')
      csvRuns.push(result.run)
      apiUrls = result.apiUrls
      jspdfOnCsv ||= heavyLibrariesIn(result.scripts).includes('jspdf')
      console.log(`export bench: CSV run ${i + 1}`, result.run)
    }
    for (let i = 0; i < (opts.pdfRuns ?? 2); i++) {
      const result = await timeExport(page, range, 'pdf')
      pdfRuns.push(result.run)
      jspdfOnPdf ||= heavyLibrariesIn(result.scripts).includes('jspdf')
      console.log(`export bench: PDF run ${i + 1}`, result.run)
    }
    const floorRunsMs: number[] = []
    for (let i = 0; i < 3; i++) floorRunsMs.push(await timeFloor(page, apiUrls))
    await context.close()

    const csvRows = csvRuns[0]!.rows
    // Header, the sales, a blank line, five summary rows and the final line break's empty tail.
    if (csvRows - 8 < range.sales) {
      throw new Error(`the CSV holds ${csvRows} lines for ${range.sales} sales`)
    }
    return {
      sales: range.sales,
      days: { start: range.start, end: range.end },
      csvRuns,
      pdfRuns,
      csvMs: median(csvRuns.map((r) => r.ms)),
      pdfMs: median(pdfRuns.map((r) => r.ms)),
      floorRunsMs,
      floorMs: median(floorRunsMs),
      apiCalls: apiUrls.length,
      peakHeapBytes: Math.max(
        ...csvRuns.map((r) => r.peakHeapBytes),
        ...pdfRuns.map((r) => r.peakHeapBytes),
      ),
      jspdfOnCsv,
      jspdfOnPdf,
    }
  } finally {
    await browser.close()
    if (opts.dataDir) {
      // The shared database stays for the benches after this one.
      if (server.child.exitCode === null) {
        const exited = new Promise((done) => server.child.once('exit', done))
        server.child.kill('SIGTERM')
        await exited
      }
    } else {
      await stopServer(server.child, dataDir)
    }
  }
}
