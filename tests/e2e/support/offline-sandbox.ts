import { rmSync } from 'node:fs'
import {
  devices,
  expect,
  request as playwrightRequest,
  test,
  type APIRequestContext,
  type Browser,
  type BrowserContext,
  type Locator,
  type Page,
} from '@playwright/test'
import { copyOfE2eBuild } from '../../support/portal-build'
import { COLD_START_MS } from './sign-in'
import { startSandboxWithDist, type SandboxWithDist } from './pwa'

export interface OfflineSandbox {
  // The sandbox's API, outside any browser (counts by reference, outbox reads).
  readonly api: APIRequestContext
  // A Pixel 7 of the phone project on the sandbox, with its service worker allowed by default.
  newPortal(
    browser: Browser,
    options?: { serviceWorkers?: 'allow' | 'block' },
  ): Promise<{ context: BrowserContext; page: Page }>
}

/**
 * For a spec of offline proofs: a sandbox of its own (so every count is exact) serving a copy of
 * the build (a rebuild of dist-e2e by another run would break the service worker's install). The
 * proofs run in series on the phone project only. Call once at the top of the spec.
 */
export function useOfflineSandbox(name: string, { sales = 100 } = {}): OfflineSandbox {
  let server: SandboxWithDist | undefined
  let distDir: string | undefined
  let api: APIRequestContext | undefined

  test.describe.configure({ mode: 'serial' })

  test.beforeEach(() => {
    test.skip(test.info().project.name !== 'phone', 'the offline proofs run on the phone project')
  })

  test.beforeAll(async () => {
    if (test.info().project.name !== 'phone') return
    test.setTimeout(300_000)
    distDir = await copyOfE2eBuild(`portal-e2e-${name}-`)
    server = await startSandboxWithDist(distDir, { sales })
    api = await playwrightRequest.newContext({ baseURL: server.baseURL })
  })

  test.afterAll(async () => {
    await api?.dispose()
    await server?.stop()
    if (distDir) rmSync(distDir, { recursive: true, force: true })
  })

  return {
    get api() {
      if (!api) throw new Error('the offline sandbox is not started')
      return api
    },
    async newPortal(browser, options = {}) {
      if (!server) throw new Error('the offline sandbox is not started')
      const { defaultBrowserType: _ignored, ...pixel7 } = devices['Pixel 7']
      const context = await browser.newContext({
        ...pixel7,
        serviceWorkers: 'allow',
        ...options,
        baseURL: server.baseURL,
      })
      return { context, page: await context.newPage() }
    },
  }
}

/**
 * Waits until the service worker is active, then reloads so that it controls the page: from then
 * on an offline reload still opens the portal. `ready` is what the reloaded page shows.
 */
export async function reloadUnderServiceWorker(page: Page, ready: Locator): Promise<void> {
  // Activation waits for the whole precache to download: on a busy machine more than expect's 10 s.
  await expect
    .poll(() => page.evaluate(async () => (await navigator.serviceWorker.ready).active?.state), {
      timeout: COLD_START_MS,
    })
    .toBe('activated')
  await page.reload()
  await expect(ready).toBeVisible()
  expect(await page.evaluate(() => navigator.serviceWorker.controller !== null)).toBe(true)
}
