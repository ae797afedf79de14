// Issue "Offline-first PWA", proofs 1, 2, 4 and 5 (3 and 6, the outbox, live in outbox.spec.ts).
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { chromium, devices, expect, test, type Page } from '@playwright/test'
import { chromiumLaunchOptions } from '../support/chromium'
import { copyOfE2eBuild } from '../support/portal-build'
import { DEMO_ACCOUNT_NAMES, DEMO_EMAILS, SEED_SUBMERCHANTS } from './support/demo'
import {
  browseSales,
  buildPortal,
  cardNumbersInDump,
  dumpStorage,
  dumpTexts,
  goOffline,
  goOnline,
  openSalesPage,
  shownSaleIds,
  startSandboxWithDist,
  visitSale,
  waitForServiceWorker,
  type SandboxWithDist,
} from './support/pwa'
import { PHONE_ONLY } from './support/projects'
import { openMainNav, isPhone, logOutFromSettings, saveScreenshot } from './support/shell'
import { signIn } from './support/sign-in'
import { persistedQueryCount, unsavedIds } from './support/storage'
import { registerUser } from './support/users'

const account = SEED_SUBMERCHANTS.cityCabs
const accountName = DEMO_ACCOUNT_NAMES.cityCabs
const TABLET = { width: 1024, height: 1366 }

// The proofs are about the service worker, which the other specs block.
test.use({ serviceWorkers: 'allow' })

test.describe('proof 1: installable', () => {
  test('Chromium finds no installability errors, and the user menu offers to install', async ({
    baseURL,
  }, testInfo) => {
    const phone = testInfo.project.name === 'phone'
    const device = phone ? devices['Pixel 7'] : { viewport: TABLET, deviceScaleFactor: 2 }
    // A persistent profile: Chromium never offers installing in an off-the-record context.
    const profile = mkdtempSync(join(tmpdir(), 'portal-e2e-install-'))
    const context = await chromium.launchPersistentContext(profile, {
      ...chromiumLaunchOptions,
      // Headless Chromium never sees the user engagement that unlocks beforeinstallprompt.
      args: [...chromiumLaunchOptions.args, '--bypass-app-banner-engagement-checks'],
      ...device,
      isMobile: true,
      hasTouch: true,
      baseURL,
    })
    try {
      const page = context.pages()[0] ?? (await context.newPage())
      await page.goto('/login')
      await waitForServiceWorker(page)
      const cdp = await context.newCDPSession(page)
      const { installabilityErrors } = await cdp.send('Page.getInstallabilityErrors')
      expect(installabilityErrors).toEqual([])
      const manifest = await cdp.send('Page.getAppManifest')
      expect(manifest.url).toMatch(/\/manifest\.webmanifest$/)
      expect(manifest.errors).toEqual([])

      await signIn(page, DEMO_EMAILS.owner, { account: accountName })
      if (phone) await page.setViewportSize({ width: 360, height: 780 })
      if (isPhone(page)) await openMainNav(page)
      await page.getByRole('button', { name: /^User menu/ }).click()
      await expect(page.getByRole('button', { name: 'Install app' })).toBeVisible()
      await saveScreenshot(page, testInfo, 'pwa-install-entry')
    } finally {
      await context.close()
      rmSync(profile, { recursive: true, force: true })
    }
  })
})

test('iPhone: the user menu explains Share → Add to Home Screen', async ({
  browser,
  baseURL,
}, testInfo) => {
  const { userAgent, deviceScaleFactor } = devices['iPhone 14']
  const viewport = testInfo.project.name === 'phone' ? { width: 360, height: 780 } : TABLET
  const context = await browser.newContext({
    userAgent,
    deviceScaleFactor,
    viewport,
    isMobile: true,
    hasTouch: true,
    baseURL,
    // The steps are the subject, not the worker: its install would precache the whole build.
    serviceWorkers: 'block',
  })
  const page = await context.newPage()
  await signIn(page, DEMO_EMAILS.viewer, { account: accountName })
  if (isPhone(page)) await openMainNav(page)
  await page.getByRole('button', { name: /^User menu/ }).click()
  await page.getByRole('button', { name: 'Install app' }).click()
  const dialog = page.getByRole('dialog', { name: 'Install the portal' })
  await expect(dialog).toContainText('Tap Share in Safari')
  await expect(dialog).toContainText('Choose Add to Home Screen, then Add.')
  await saveScreenshot(page, testInfo, 'pwa-install-ios', { fullPage: false })
  await dialog.getByRole('button', { name: 'Done' }).click()
  await expect(dialog).toBeHidden()
  await context.close()
})

test.describe('proof 2: offline reading', () => {
  test(
    'visited screens show their saved data with its age offline, also on a cold start',
    PHONE_ONLY,
    async ({ page, context }, testInfo) => {
      test.setTimeout(120_000)
      await page.setViewportSize({ width: 360, height: 780 })
      await signIn(page, DEMO_EMAILS.viewer, { account: accountName })
      await waitForServiceWorker(page)
      await expect(page.getByText(/^Updated \d\d:\d\d$/).first()).toBeVisible()
      const ids = await openSalesPage(page)
      const visited = ids.slice(0, 3)
      const unvisited = ids.at(-1) ?? ''
      expect(ids.length).toBeGreaterThan(3)
      for (const saleId of visited) await visitSale(page, saleId)
      // Saved on the device before the page is left.
      await expect.poll(() => unsavedIds(page, visited)).toEqual([])
      await page.goto('/user/edit')
      await expect(page.getByRole('heading', { name: 'Edit Profile', level: 1 })).toBeVisible()
      // Every visited screen's queries are written to IndexedDB before the network goes.
      await expect.poll(() => persistedQueryCount(page)).toBeGreaterThanOrEqual(8)

      await goOffline(context)
      await page.reload()
      await expectOfflineScreens(page, visited, unvisited)
      await saveScreenshot(page, testInfo, 'pwa-offline-banner')
      await page.setViewportSize(TABLET)
      await saveScreenshot(page, testInfo, 'pwa-offline-banner')

      // Cold start: a new page of the same browser, still offline.
      const cold = await context.newPage()
      await cold.goto('/dashboard')
      await expectOfflineScreens(cold, visited, unvisited)
      await goOnline(context)
    },
  )
})

async function expectOfflineScreens(page: Page, visited: string[], unvisited: string) {
  const banner = page.getByText('You are offline.', { exact: true })
  await page.goto('/dashboard')
  await expect(page.getByRole('heading', { name: 'Dashboard', level: 1 })).toBeVisible()
  await expect(banner).toBeVisible()
  await expect(page.getByText(/^Updated \d\d:\d\d · offline$/).first()).toBeVisible()

  await page.goto('/transactions/sales')
  await expect(page.getByRole('heading', { name: 'Sales', level: 1 })).toBeVisible()
  await expect.poll(() => shownSaleIds(page)).toContain(visited[0])
  await expect(page.getByText(/Updated \d\d:\d\d · offline/).first()).toBeVisible()

  for (const saleId of visited) {
    await page.goto(`/transactions/sales/${saleId}`)
    await expect(page.getByRole('region', { name: 'Money' })).toBeVisible()
    await expect(page.getByText(/Updated \d\d:\d\d · offline/).first()).toBeVisible()
  }
  await page.goto(`/transactions/sales/${unvisited}`)
  await expect(page.getByRole('heading', { name: 'Sale details', level: 1 })).toBeVisible()
  const offlineState = page
    .getByRole('main')
    .getByRole('status')
    .filter({ hasText: 'You are offline' })
  await expect(offlineState).toContainText('This sale has not been saved on this device yet.')
  await expect(offlineState.getByRole('button', { name: 'Retry' })).toBeVisible()

  await page.goto('/user/edit')
  await expect(page.getByRole('heading', { name: 'Edit Profile', level: 1 })).toBeVisible()
  await expect(page.getByRole('textbox', { name: 'Email' })).toHaveValue(DEMO_EMAILS.viewer)
  await expect(banner).toBeVisible()
}

test.describe('proofs on a sandbox of their own', () => {
  let server: SandboxWithDist | undefined
  let distDir: string | undefined
  test.afterEach(async () => {
    await server?.stop()
    server = undefined
    if (distDir) rmSync(distDir, { recursive: true, force: true })
    distDir = undefined
  })

  test(
    'proof 4: nothing leaks: no card number or token is stored, nothing stays after logout',
    PHONE_ONLY,
    async ({ browser }) => {
      test.setTimeout(420_000)
      // Logging out ends every session of the user, so not on the shared server; a copy of the build
      // so that nothing rebuilding dist-e2e meanwhile can break the service worker's install.
      distDir = await copyOfE2eBuild('portal-e2e-leaks-')
      server = await startSandboxWithDist(distDir)
      const context = await browser.newContext({ ...devices['Pixel 7'], baseURL: server.baseURL })
      const page = await context.newPage()
      await signIn(page, DEMO_EMAILS.owner, { account: accountName })
      await waitForServiceWorker(page)

      // Twenty sales are enough to find a card number or token among them; the size bound of a
      // long session is the offline bench's (100 pages).
      const browsed = await browseSales(page, 20)
      await expect.poll(() => persistedQueryCount(page)).toBeGreaterThanOrEqual(20)

      // The device id is kept in localStorage too (docs/api.md#users-and-session); every other cookie (the tokens) stays out.
      const secrets = (await context.cookies())
        .filter((cookie) => cookie.name !== 'portal_device_id')
        .map((cookie) => cookie.value)
      expect(secrets.length).toBeGreaterThan(0)
      const dump = await dumpStorage(page)
      const texts = dumpTexts(dump)
      expect(texts.join('\n')).toContain(browsed[0])
      expect(cardNumbersInDump(dump)).toEqual([])
      for (const secret of secrets.filter((value) => value.length >= 8)) {
        expect(texts.some((text) => text.includes(secret))).toBe(false)
      }
      // The service worker caches the build and images, never an API answer.
      const origin = new URL(server.baseURL).origin
      for (const { url } of dump.caches) {
        expect(url.startsWith(origin), url).toBe(true)
        expect(new URL(url).pathname, url).not.toMatch(/^\/(v1|sandbox|pay|receipts)(\/|$)/)
      }

      // Logout with no connection: the device forgets the account at once.
      const { id: userId } = (await (
        await page.request.get('/v1/users/current', { headers: { 'X-Requested-With': 'portal' } })
      ).json()) as { id: string }
      await page.goto('/dashboard')
      await goOffline(context)
      await logOutFromSettings(page)
      await expect.poll(() => persistedQueryCount(page)).toBe(0)
      const afterLogout = dumpTexts(await dumpStorage(page)).join('\n')
      for (const trace of [account, accountName, userId, ...browsed]) {
        expect(afterLogout).not.toContain(trace)
      }
      await goOnline(context)

      // Another person on the same browser.
      const other = await registerUser(page.request)
      await signIn(page, other.emailAddress, { password: other.password })
      await expect(page.getByText(accountName)).toHaveCount(0)
      await page.goto('/user/edit')
      await expect(page.getByRole('textbox', { name: 'Email' })).toHaveValue(other.emailAddress)
      const secondUser = dumpTexts(await dumpStorage(page)).join('\n')
      for (const trace of [account, accountName, userId, browsed[0]]) {
        expect(secondUser).not.toContain(trace)
      }
      await context.close()
    },
  )

  test(
    'proof 5: a new build shows its prompt, and Reload brings it in without clearing caches',
    PHONE_ONLY,
    async ({ browser }, testInfo) => {
      test.setTimeout(420_000)
      // The first version is a copy of the shared build; the second is built over it.
      distDir = await copyOfE2eBuild('portal-e2e-update-')
      server = await startSandboxWithDist(distDir, { sales: 100 })
      const context = await browser.newContext({ ...devices['Pixel 7'], baseURL: server.baseURL })
      const page = await context.newPage()
      await page.setViewportSize({ width: 360, height: 780 })
      await page.goto('/login')
      // The first install says so, once (it precaches the whole shell first, about 1 MB).
      await expect(page.getByText('Ready to work offline')).toBeVisible({ timeout: 30_000 })
      await waitForServiceWorker(page)
      await signIn(page, DEMO_EMAILS.owner, { account: accountName })
      const footer = page.getByText(/^Version /)
      await expect(footer).toBeVisible()
      const versionA = await footer.innerText()
      expect(versionA).not.toBe('Version 0.0.0+build-b')

      await buildPortal(distDir, '0.0.0+build-b')
      await page.reload()
      const prompt = page.getByRole('status').filter({ hasText: 'New version available' })
      await expect(prompt).toBeVisible({ timeout: 30_000 })
      // Until the user chooses, the running version stays.
      await expect(footer).toHaveText(versionA)
      await saveScreenshot(page, testInfo, 'pwa-update-prompt')
      await page.setViewportSize(TABLET)
      await saveScreenshot(page, testInfo, 'pwa-update-prompt')
      await page.setViewportSize({ width: 360, height: 780 })

      const cachesBefore = await page.evaluate(() => caches.keys())
      await prompt.getByRole('button', { name: 'Reload' }).click()
      await expect(footer).toHaveText('Version 0.0.0+build-b', { timeout: 30_000 })
      await expect(page.getByRole('heading', { name: 'Dashboard', level: 1 })).toBeVisible()
      await expect(prompt).toHaveCount(0)
      // Still signed in, the same caches (Workbox swapped the precache entries itself).
      expect(await page.evaluate(() => caches.keys())).toEqual(expect.arrayContaining(cachesBefore))
      await context.close()
    },
  )
})
