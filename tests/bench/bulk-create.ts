// Budgets (issue 16, bulk create): a 1,000-row CSV parsed and checked in the browser in under 1 s
// (file chosen → preview shown); the sending loop adds under 5 ms per row on top of the API's own
// time, reported as rows per second against the p50 of a single POST /v1/intents.
import { mkdtempSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { chromium, type Page } from '@playwright/test'
import { DEMO_PASSWORD } from '../../server/seed/fixtures'
import { SEED_SUBMERCHANTS } from '../../server/seed/ids'
import { spawnSandbox, stopServer } from '../e2e/support/private-server'
import { submitLogin } from '../e2e/support/sign-in'
import { chromiumLaunchOptions } from '../support/chromium'
import { benchBuild } from '../support/portal-build'
import { median } from './median'

const CITY = SEED_SUBMERCHANTS.cityCabs

export interface BulkCreateBenchResult {
  parseRunsMs: number[]
  parseMs: number
  rowsSent: number
  sendMs: number
  rowsPerSecond: number
  postP50Ms: number
  overheadPerRowMs: number
}

function csv(rows: number, prefix: string): string {
  const lines = [
    'reference,amount,customerName,sendCustomerSms,customerPhoneNumber,customerPostcode',
  ]
  for (let i = 1; i <= rows; i++) {
    const phone = `07700 900${String(i % 1000).padStart(3, '0')}`
    lines.push(`${prefix}-${i},${(i % 90) + 1}.25,Rider ${i},no,${phone},sw1a 1aa`)
  }
  return lines.join('\r\n')
}

async function choose(page: Page, name: string, text: string): Promise<number> {
  await page.goto('/payment-links/bulk-create')
  const input = page.getByLabel('CSV file')
  await input.waitFor()
  const started = performance.now()
  await input.setInputFiles({ name, mimeType: 'text/csv', buffer: Buffer.from(text) })
  await page.getByRole('region', { name: 'Preview' }).getByRole('status').waitFor()
  return performance.now() - started
}

// The API's own time for one create, from the page: the p50 of 30 single POSTs.
async function postP50(page: Page): Promise<number> {
  const timings = await page.evaluate(async (submerchantId) => {
    const out: number[] = []
    for (let i = 0; i < 30; i++) {
      const started = performance.now()
      const res = await fetch('/v1/intents', {
        method: 'POST',
        credentials: 'include',
        headers: {
          'content-type': 'application/json',
          'X-Requested-With': 'portal',
          'Token-Perspective': submerchantId,
          'Idempotency-Key': `bench-${Date.now()}-${i}`,
        },
        body: JSON.stringify({
          saleAmount: 1000 + i,
          currency: 'GBP',
          submerchantId,
          reference: `BENCH-P50-${i}`,
          captureMode: 'automatic',
          expiryNaturalLanguage: '14 days',
          customerAddress: { countryCode: 'GB', postcode: 'SW1A 1AA' },
        }),
      })
      await res.json()
      out.push(performance.now() - started)
    }
    return out
  }, CITY)
  return median(timings)
}

export async function runBulkCreateBench(): Promise<BulkCreateBenchResult> {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'bulk-bench-'))
  const server = await spawnSandbox({
    dataDir,
    env: { DIST_DIR: await benchBuild(), SEED_SALES: '300' },
  })
  const browser = await chromium.launch(chromiumLaunchOptions)
  try {
    const context = await browser.newContext({
      baseURL: server.baseURL,
      viewport: { width: 1280, height: 900 },
      serviceWorkers: 'block',
    })
    const page = await context.newPage()
    await submitLogin(page, 'owner@example.com', DEMO_PASSWORD)
    await page.getByRole('button', { name: 'City Cabs', exact: true }).click()
    await page.getByRole('heading', { name: 'Dashboard', level: 1 }).waitFor()

    const parseRunsMs: number[] = []
    for (let run = 0; run < 5; run++) {
      parseRunsMs.push(await choose(page, 'thousand.csv', csv(1000, `PARSE${run}`)))
    }

    const p50 = await postP50(page)
    const rows = 200
    await choose(page, 'send.csv', csv(rows, `SEND${Date.now().toString(36)}`))
    const started = performance.now()
    await page.getByRole('button', { name: `Send ${rows} payment links` }).click()
    await page.getByRole('region', { name: 'Import' }).getByText('Import finished').waitFor({
      timeout: 300_000,
    })
    const sendMs = performance.now() - started
    await context.close()
    return {
      parseRunsMs,
      parseMs: median(parseRunsMs),
      rowsSent: rows,
      sendMs,
      rowsPerSecond: rows / (sendMs / 1000),
      postP50Ms: p50,
      overheadPerRowMs: sendMs / rows - p50,
    }
  } finally {
    await browser.close()
    await stopServer(server.child, dataDir)
  }
}
