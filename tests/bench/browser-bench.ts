// The browser benches' set-up: the sandbox on a seeded database serving the production build, the
// full Chromium at tablet width, and City Cabs' owner signed in through the form.
import { mkdtempSync, rmSync } from 'node:fs'
import type { AddressInfo } from 'node:net'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { serve } from '@hono/node-server'
import {
  chromium,
  type BrowserContext,
  type BrowserContextOptions,
  type Page,
} from '@playwright/test'
import { migrate, openDatabase, type Database } from '../../server/db/client'
import { DEMO_ACCOUNT_NAMES, DEMO_EMAILS, DEMO_PASSWORD } from '../e2e/support/demo'
import { submitLogin } from '../e2e/support/sign-in'
import { chromiumLaunchOptions } from '../support/chromium'
import { benchBuild } from '../support/portal-build'
import { createBenchApp } from './bench-app'
import { runSeedBench } from './seed'

export interface SignedInBrowser {
  database: Database
  context: BrowserContext
  // On the dashboard, signed in.
  page: Page
}

/**
 * A browser bench's set-up: the seed bench's database when given (kept afterwards), or a fresh
 * seed of `sales` in a temp folder (removed afterwards); the real production build served by the
 * sandbox as `npm start` does; a tablet-width page (1024 × 1366: the filters on screen, tables for
 * rows, the charts side by side) signed in as City Cabs' owner, on the dashboard. `work` gets the rest.
 */
export async function withSignedInBrowser<T>(
  opts: { sales: number; dataDir?: string },
  prefix: string,
  work: (bench: SignedInBrowser) => Promise<T>,
  // More of the context's emulation (a time zone …), on top of the tablet's viewport.
  contextOptions: BrowserContextOptions = {},
): Promise<T> {
  const workDir = mkdtempSync(path.join(tmpdir(), prefix))
  const dataDir = opts.dataDir ?? path.join(workDir, 'db')
  try {
    if (!opts.dataDir) await runSeedBench({ sales: opts.sales, dataDir })
    const distDir = await benchBuild()
    const database = await openDatabase({ dataDir })
    try {
      await migrate(database)
      const server = serve({
        fetch: createBenchApp(database, distDir).fetch,
        port: 0,
        hostname: '127.0.0.1',
      })
      await new Promise<void>((done) => server.once('listening', () => done()))
      const baseURL = `http://127.0.0.1:${(server.address() as AddressInfo).port}`
      const browser = await chromium.launch(chromiumLaunchOptions)
      try {
        const context = await browser.newContext({
          baseURL,
          viewport: { width: 1024, height: 1366 },
          ...contextOptions,
        })
        const page = await context.newPage()
        await submitLogin(page, DEMO_EMAILS.owner, DEMO_PASSWORD)
        await page.getByRole('button', { name: DEMO_ACCOUNT_NAMES.cityCabs, exact: true }).click()
        // The dashboard's figures over a million sales may take a while; the benches time what follows.
        await page.waitForURL(/\/dashboard/, { timeout: 60_000 })
        return await work({ database, context, page })
      } finally {
        await browser.close()
        await new Promise<void>((done) => server.close(() => done()))
      }
    } finally {
      await database.close()
    }
  } finally {
    rmSync(workDir, { recursive: true, force: true })
  }
}
