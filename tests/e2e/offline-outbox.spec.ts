import {
  expect,
  test,
  type Browser,
  type BrowserContext,
  type Page,
  type Route,
} from '@playwright/test'
import { expectNoSeriousA11yViolations } from './support/axe'
import { DEMO_EMAILS, SEED_SUBMERCHANTS, uniqueEmail } from './support/demo'
import { dumpStorage, goOffline, goOnline } from './support/pwa'
import { PERSISTED_CACHE_DB } from './support/storage'
import {
  expectAdviceCount,
  receiptAdvices,
  receiptSection,
  sendReceipt,
} from './support/receipt-advice'
import { apiGet, openSale, type ApiSale } from './support/sale-api'
import { saveScreenshot } from './support/shell'
import { reloadUnderServiceWorker, useOfflineSandbox } from './support/offline-sandbox'
import { signIn } from './support/sign-in'

/**
 * Issue 7 proofs 3 and 6 on a sandbox of our own, so every advice count is exact. The network
 * is cut for real (setOffline plus aborting every request, see support/pwa.ts).
 */

const CITY_CABS = SEED_SUBMERCHANTS.cityCabs
const QUEUED_TOAST = "You're offline. The receipt will be sent when the connection returns."
const RECEIPTS = '**/v1/receipts/**'

const sandbox = useOfflineSandbox('outbox')
let sales: ApiSale[] = []
let nextSale = 0

// A sale no other test used, so its page is in the persisted cache once opened (signed in).
async function unusedSale(page: Page): Promise<ApiSale> {
  if (sales.length === 0) {
    sales = await apiGet<ApiSale[]>(page, CITY_CABS, '/v1/sales', {
      submerchantId: CITY_CABS,
      limit: 20,
    })
  }
  return sales[nextSale++ % sales.length]!
}

// A sale as the visit's first page of the portal: nothing cached yet, the whole app is fetched.
async function openFirstPage(page: Page, saleId: string): Promise<void> {
  await page.goto(`/transactions/sales/${saleId}`)
  await expect(page.getByRole('region', { name: 'Money' })).toBeVisible({ timeout: 30_000 })
}

async function openUnusedSale(page: Page): Promise<ApiSale> {
  await signIn(page, DEMO_EMAILS.owner, { account: 'City Cabs' })
  const sale = await unusedSale(page)
  await openSale(page, sale.id)
  return sale
}

// An unused sale, under the service worker's control, so an offline reload still opens the portal.
async function openCachedSale(page: Page): Promise<ApiSale> {
  const sale = await openUnusedSale(page)
  await reloadUnderServiceWorker(page, receiptSection(page))
  return sale
}

// How many mutations the persisted client holds (from the device's storage dump).
async function persistedMutationCount(page: Page): Promise<number> {
  const { indexedDb } = await dumpStorage(page)
  const persisted = indexedDb.find(
    (entry) => entry.database === PERSISTED_CACHE_DB && entry.key === 'client',
  )
  const value = persisted?.value as { mutations?: unknown[] } | undefined
  return value?.mutations?.length ?? 0
}

function outboxBadge(page: Page) {
  return page.getByRole('link', { name: /^Outbox: / })
}

function outboxItems(page: Page) {
  return page.getByRole('list', { name: 'Queued actions' }).getByRole('listitem')
}

async function openOutbox(page: Page): Promise<void> {
  await outboxBadge(page).click()
  await expect(page.getByRole('heading', { name: 'Outbox', level: 1 })).toBeVisible()
}

// Reloads offline and checks that the outbox (screen and persisted client) still holds `count`.
async function reloadOffline(page: Page, count: number): Promise<void> {
  await page.reload()
  await expect(page.getByRole('heading', { name: 'Outbox', level: 1 })).toBeVisible()
  await expect(outboxItems(page)).toHaveCount(count)
  await expect(outboxItems(page).getByText('Waiting for a connection')).toHaveCount(count)
  expect(await persistedMutationCount(page)).toBe(count)
}

interface QueuedSms {
  context: BrowserContext
  page: Page
  sale: ApiSale
  phone: { typed: string; e164: string }
}

// Offline: one SMS receipt sent from a cached sale, then the outbox opened; it is persisted.
async function queueSmsOffline(browser: Browser): Promise<QueuedSms> {
  const { context, page } = await sandbox.newPortal(browser)
  const sale = await openCachedSale(page)
  const phone = uniquePhone()
  await goOffline(context)
  await sendReceipt(page, 'SMS', phone.typed)
  await expect(page.getByText(QUEUED_TOAST)).toBeVisible()
  await openOutbox(page)
  await expect.poll(() => persistedMutationCount(page)).toBe(1)
  return { context, page, sale, phone }
}

// The outbox empties and the server holds exactly one advice for the queued send.
async function expectSentOnce(page: Page, { sale, phone }: Pick<QueuedSms, 'sale' | 'phone'>) {
  await expect(page.getByText('Nothing is waiting to be sent.')).toBeVisible({ timeout: 20_000 })
  await expect(outboxBadge(page)).toHaveCount(0)
  await expectAdviceCount(sandbox.api, { recipient: phone.e164, saleId: sale.id }, 1)
}

function uniquePhone(): { typed: string; e164: string } {
  const digits = String(Math.floor(Math.random() * 1_000_000)).padStart(6, '0')
  return { typed: `07700 ${digits}`, e164: `+447700${digits}` }
}

test('a receipt sent offline is queued, listed, and sent exactly once when online', async ({
  browser,
}, testInfo) => {
  const queued = await queueSmsOffline(browser)
  const { context, page, phone } = queued
  await expect(page.getByText(/You're offline\. These will be sent/)).toBeVisible()
  const item = outboxItems(page).first()
  await expect(item).toContainText('Receipt by SMS')
  await expect(item).toContainText(phone.e164)
  await expect(item).toContainText(/Queued \d{4}-\d{2}-\d{2} \d{2}:\d{2} [AP]M/)
  await expect(item).toContainText('Waiting for a connection')
  await page.setViewportSize({ width: 360, height: 780 })
  await saveScreenshot(page, testInfo, 'outbox-entries')
  await page.setViewportSize({ width: 1024, height: 1366 })
  await saveScreenshot(page, testInfo, 'outbox-entries')
  await expectNoSeriousA11yViolations(page)

  await goOnline(context)
  await expectSentOnce(page, queued)
  await context.close()
})

test('first visit: the new service worker takes the page, and an SMS receipt sent offline goes out once', async ({
  browser,
}) => {
  const { context, page } = await sandbox.newPortal(browser)
  // Signed in without opening the portal: the sale is the first page, and it registers the worker.
  await signIn(page, DEMO_EMAILS.owner, { account: 'City Cabs', to: '/manifest.webmanifest' })
  const sale = await unusedSale(page)
  await openFirstPage(page, sale.id)
  // No reload nor other page: the worker this page installed takes it once it is active.
  await expect
    .poll(() => page.evaluate(() => navigator.serviceWorker.controller !== null), {
      timeout: 30_000,
    })
    .toBe(true)
  const phone = { typed: '07700 900777', e164: '+447700900777' }
  const before = (await receiptAdvices(sandbox.api, { recipient: phone.e164 })).length

  // The phone rules (libphonenumber's chunk) were never loaded online: they come from the cache.
  await goOffline(context)
  await sendReceipt(page, 'SMS', phone.typed)
  await expect(page.getByText(QUEUED_TOAST)).toBeVisible()
  await openOutbox(page)
  await expect(outboxItems(page)).toHaveCount(1)
  await expect(outboxItems(page).first()).toContainText(phone.e164)

  await goOnline(context)
  await expect(page.getByText('Nothing is waiting to be sent.')).toBeVisible({ timeout: 20_000 })
  await expectAdviceCount(sandbox.api, { recipient: phone.e164, saleId: sale.id }, 1)
  expect((await receiptAdvices(sandbox.api, { recipient: phone.e164 })).length).toBe(before + 1)
  await context.close()
})

test('a module that cannot load says it needs a connection where Send was pressed', async ({
  browser,
}, testInfo) => {
  // No service worker and libphonenumber's chunk refused, as offline before anything was saved.
  const { context, page } = await sandbox.newPortal(browser, { serviceWorkers: 'block' })
  await context.route(/\/assets\/min-[\w-]+\.js$/, (route) => route.abort('internetdisconnected'))
  await signIn(page, DEMO_EMAILS.owner, { account: 'City Cabs', to: '/manifest.webmanifest' })
  await openFirstPage(page, (await unusedSale(page)).id)
  const phone = uniquePhone()
  await sendReceipt(page, 'SMS', phone.typed)
  const section = receiptSection(page)
  await expect(section.getByRole('status').filter({ hasText: 'Needs a connection' })).toContainText(
    'This part of the portal is not saved on this device yet. Try again once you are online.',
  )
  // The form stays, with what was typed, and the rest of the page keeps working.
  await expect(section.getByRole('textbox', { name: 'Phone number' })).toHaveValue(phone.typed)
  await expect(page.getByRole('region', { name: 'Money' })).toBeVisible()
  await page.setViewportSize({ width: 360, height: 780 })
  await saveScreenshot(page, testInfo, 'module-unavailable')
  await page.setViewportSize({ width: 1024, height: 1366 })
  await saveScreenshot(page, testInfo, 'module-unavailable')
  await expectNoSeriousA11yViolations(page)

  // Once the chunk loads again, Send goes through.
  await context.unrouteAll({ behavior: 'ignoreErrors' })
  await section.getByRole('button', { name: 'Send', exact: true }).click()
  await expect(page.getByText(`Receipt sent to ${phone.e164}`)).toBeVisible({ timeout: 20_000 })
  await context.close()
})

test('proof 3: five receipts queued offline survive three reloads and go out exactly once', async ({
  browser,
}) => {
  const { context, page } = await sandbox.newPortal(browser)
  await openCachedSale(page)
  const before = (await receiptAdvices(sandbox.api)).length
  const emails = Array.from({ length: 5 }, () => uniqueEmail('outbox'))

  await goOffline(context)
  for (const email of emails) {
    await sendReceipt(page, 'Email', email)
    await expect(receiptSection(page).getByRole('button', { name: 'Email' })).toBeVisible()
  }
  await expect(outboxBadge(page)).toHaveAccessibleName('Outbox: 5 actions waiting')
  await openOutbox(page)
  await expect(outboxItems(page)).toHaveCount(5)
  // In the order they were made.
  for (const [index, email] of emails.entries()) {
    await expect(outboxItems(page).nth(index)).toContainText(email)
  }
  await expect.poll(() => persistedMutationCount(page)).toBe(5)

  for (let reload = 0; reload < 3; reload++) await reloadOffline(page, 5)

  await goOnline(context)
  await expect(page.getByText('Nothing is waiting to be sent.')).toBeVisible({ timeout: 30_000 })
  for (const email of emails) await expectAdviceCount(sandbox.api, { recipient: email }, 1)
  expect((await receiptAdvices(sandbox.api)).length).toBe(before + 5)
  await expect.poll(() => persistedMutationCount(page)).toBe(0)
  await context.close()
})

test('proof 3: a response lost after the server committed still gives one advice', async ({
  browser,
}) => {
  const { context, page } = await sandbox.newPortal(browser)
  const sale = await openCachedSale(page)
  const phone = uniquePhone()
  const attempts: { key: string | undefined; status: number | null }[] = []
  await context.route(RECEIPTS, async (route: Route) => {
    const key = route.request().headers()['idempotency-key']
    if (attempts.length === 0) {
      // The server does the work; the answer never reaches the portal.
      const response = await route.fetch()
      attempts.push({ key, status: response.status() })
      await route.abort('connectionreset')
    } else {
      attempts.push({ key, status: null })
      await route.continue()
    }
  })

  await sendReceipt(page, 'SMS', phone.typed)
  await expect(page.getByText(`Receipt sent to ${phone.e164}`)).toBeVisible({ timeout: 20_000 })
  expect(attempts).toHaveLength(2)
  expect(attempts[0]!.status).toBe(201)
  expect(attempts[0]!.key).toBeTruthy()
  expect(attempts[1]!.key).toBe(attempts[0]!.key)
  await expectAdviceCount(sandbox.api, { recipient: phone.e164, saleId: sale.id }, 1)
  await context.close()
})

test('a failed replay stays visible with its error; Retry re-sends with the same key', async ({
  browser,
}) => {
  const queued = await queueSmsOffline(browser)
  const { context, page, sale } = queued

  const keys: (string | undefined)[] = []
  let down = true
  await context.unrouteAll({ behavior: 'ignoreErrors' })
  await context.route(RECEIPTS, async (route: Route) => {
    keys.push(route.request().headers()['idempotency-key'])
    if (down) {
      await route.fulfill({ status: 422, json: { code: 'invalid', message: 'Receipts are down' } })
    } else {
      await route.continue()
    }
  })
  await context.setOffline(false)

  const item = outboxItems(page).first()
  await expect(item).toContainText('Failed', { timeout: 20_000 })
  await expect(item).toContainText('Receipts are down')
  await expectAdviceCount(sandbox.api, { saleId: sale.id }, 0)

  down = false
  await item.getByRole('button', { name: 'Retry' }).click()
  await expectSentOnce(page, queued)
  expect(keys).toHaveLength(2)
  expect(keys[1]).toBe(keys[0])
  await context.close()
})

test('Cancel removes a queued receipt so it is never sent', async ({ browser }) => {
  const { context, page } = await sandbox.newPortal(browser)
  const sale = await openCachedSale(page)
  const kept = uniquePhone()
  const cancelled = uniquePhone()
  await goOffline(context)
  await sendReceipt(page, 'SMS', cancelled.typed)
  await sendReceipt(page, 'SMS', kept.typed)
  await openOutbox(page)
  await page.getByRole('button', { name: `Cancel Receipt by SMS to ${cancelled.e164}` }).click()
  await expect(page.getByText('Removed from the outbox. It will not be sent.')).toBeVisible()
  await expect(outboxItems(page)).toHaveCount(1)
  await expect.poll(() => persistedMutationCount(page)).toBe(1)

  await goOnline(context)
  await expect(page.getByText('Nothing is waiting to be sent.')).toBeVisible({ timeout: 20_000 })
  await expectAdviceCount(sandbox.api, { recipient: kept.e164, saleId: sale.id }, 1)
  await expectAdviceCount(sandbox.api, { recipient: cancelled.e164 }, 0)
  await context.close()
})

test.describe('proof 6: TanStack Query tracker regressions', () => {
  test('#4846: offline reloads do not double the queued mutations', async ({ browser }) => {
    const queued = await queueSmsOffline(browser)
    for (let reload = 0; reload < 3; reload++) await reloadOffline(queued.page, 1)

    await goOnline(queued.context)
    await expectSentOnce(queued.page, queued)
    await queued.context.close()
  })

  test('#5847: a mutation restored by an offline reload runs once the connection returns', async ({
    browser,
  }) => {
    const queued = await queueSmsOffline(browser)
    await reloadOffline(queued.page, 1)

    // No reload this time: the restored mutation must not be stuck behind a hanging resume.
    await goOnline(queued.context)
    await expectSentOnce(queued.page, queued)
    await queued.context.close()
  })

  test('#8999: a mutation resumed from the persisted cache is not left paused', async ({
    browser,
  }) => {
    const queued = await queueSmsOffline(browser)
    const { context, page } = queued
    await page.close()

    // Cold start online: the queued send is restored and resumed from the persisted cache.
    await goOnline(context)
    let release: () => void = () => undefined
    const released = new Promise<void>((done) => (release = done))
    await context.route(RECEIPTS, async (route: Route) => {
      await released
      await route.continue()
    })
    const next = await context.newPage()
    await next.goto('/outbox')
    const item = outboxItems(next).first()
    // In flight, so no longer paused: "Sending…", not "Waiting for a connection".
    await expect(item).toContainText('Sending…')
    await expect(item).not.toContainText('Waiting for a connection')
    release()
    await expectSentOnce(next, queued)

    // The logout dialog agrees with the outbox: nothing is left waiting.
    await next.getByRole('button', { name: 'Settings' }).click()
    await next.getByRole('button', { name: 'Logout' }).click()
    await expect(next.getByRole('dialog', { name: 'Send queued actions?' })).toHaveCount(0)
    await expect(next).toHaveURL(/\/login/)
    await context.close()
  })
})
