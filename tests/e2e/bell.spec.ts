import { expect, test, type BrowserContext, type Page } from '@playwright/test'
import { DEMO_EMAILS, SEED_SUBMERCHANTS } from './support/demo'
import { apiLink, CARDS, payOnPayPage, type ApiIntent } from './support/payment-link-api'
import { reloadUnderServiceWorker } from './support/offline-sandbox'
import { goOffline, goOnline } from './support/pwa'
import { PHONE_ONLY } from './support/projects'
import { portalHeaders } from './support/sale-api'
import { checkScreen, useScreenshotWidth } from './support/shell'
import { COLD_START_MS, openFirst, signIn } from './support/sign-in'

// Issue 30, the bell (docs/events.md#in-the-portal): its unread count, opening one, mark all read,
// and reading it offline.

// An account per project that no other spec writes to, so every count here is exact; the tests
// of this file run one after the other.
test.describe.configure({ mode: 'serial' })
const ACCOUNTS = {
  phone: { name: 'West End Chauffeurs', id: SEED_SUBMERCHANTS.westEndChauffeurs },
  tablet: { name: 'Harbour Cars', id: SEED_SUBMERCHANTS.harbourCars },
}
const accountOf = (project: string) => ACCOUNTS[project === 'tablet' ? 'tablet' : 'phone']

interface Feed {
  unreadCount: number
  notifications: { id: string; type: string; readAt: string | null }[]
}

async function feedOf(page: Page, submerchantId: string): Promise<Feed> {
  const res = await page.request.get('/v1/notifications', {
    headers: portalHeaders(submerchantId),
    params: { submerchantId },
  })
  expect(res.status(), await res.text()).toBe(200)
  return (await res.json()) as Feed
}

// Starts from nothing unread (earlier runs on this database leave their events).
async function readEverything(page: Page, submerchantId: string): Promise<void> {
  const newest = (await feedOf(page, submerchantId)).notifications[0]
  if (!newest) return
  const res = await page.request.put('/v1/notifications/read', {
    headers: portalHeaders(submerchantId),
    data: { upTo: newest.id },
  })
  expect(res.status(), await res.text()).toBe(200)
}

async function customerPays(context: BrowserContext, link: ApiIntent): Promise<void> {
  const customer = await context.newPage()
  await payOnPayPage(customer, link, CARDS.success)
  await expect(customer.getByText(/has been received|already been paid/)).toBeVisible()
  await customer.close()
}

const streamOpened = (context: BrowserContext) =>
  context.waitForEvent('response', {
    predicate: (r) => r.url().includes('/v1/events/stream') && r.status() === 200,
    timeout: COLD_START_MS,
  })

const pounds = (pence: number) => `£${(pence / 100).toFixed(2)}`
const bellButton = (page: Page) => page.getByRole('button', { name: /^Notifications(, .*)?$/ })
const panel = (page: Page) => page.getByRole('region', { name: 'Latest notifications' })

// The count the bell's name gives, 0 for plain 'Notifications'.
async function unreadShown(page: Page): Promise<number> {
  const name = (await bellButton(page).getAttribute('aria-label')) ?? ''
  const match = /^Notifications, (\d+) unread$/.exec(name)
  return match ? Number(match[1]) : 0
}

test('the unread count, opening one, mark all read, and the bell offline', async ({
  page,
  context,
}, testInfo) => {
  const account = accountOf(testInfo.project.name)
  await useScreenshotWidth(page)
  await signIn(page, DEMO_EMAILS.owner, { account: account.name, openPortal: false })
  await readEverything(page, account.id)
  const amount = 1000 + Math.floor(Math.random() * 8999)
  const link = await apiLink(page, account.id, { saleAmount: amount })
  const opened = streamOpened(context)
  await openFirst(page, '/dashboard')
  await opened
  await expect(page.getByRole('button', { name: 'Notifications', exact: true })).toBeVisible()

  await customerPays(context, link)
  // The stream brings the events: the count on the icon and in its name, as the server counts.
  await expect(bellButton(page)).toHaveAccessibleName(/^Notifications, \d+ unread$/)
  await expect.poll(async () => (await feedOf(page, account.id)).unreadCount).toBeGreaterThan(0)
  await expect
    .poll(async () => (await unreadShown(page)) === (await feedOf(page, account.id)).unreadCount)
    .toBe(true)
  const unread = await unreadShown(page)
  await expect(bellButton(page).locator('.bell__count')).toHaveText(String(unread))

  await bellButton(page).click()
  await expect(bellButton(page)).toHaveAttribute('aria-expanded', 'true')
  const sale = panel(page).getByRole('link', { name: new RegExp(`^New sale · ${pounds(amount)}`) })
  await expect(sale).toContainText('Just now')
  await expect(sale).toHaveAccessibleName(/\(unread\)$/)
  await expect(panel(page).getByText('No new notifications')).toBeHidden()
  await checkScreen(page, testInfo, 'bell-open', { fullPage: false })

  // Opening one marks it read and goes to its object.
  await sale.click()
  await expect(page).toHaveURL(/\/transactions\/sales\/sale_/)
  await expect(page.getByRole('heading', { name: 'Sale details', level: 1 })).toBeVisible()
  await expect.poll(() => unreadShown(page)).toBe(unread - 1)
  await expect.poll(async () => (await feedOf(page, account.id)).unreadCount).toBe(unread - 1)

  await bellButton(page).click()
  if (unread > 1) {
    await panel(page).getByRole('button', { name: 'Mark all as read' }).click()
  }
  await expect(panel(page).getByText('No new notifications')).toBeVisible()
  await expect(page.getByRole('button', { name: 'Notifications', exact: true })).toBeVisible()
  await expect.poll(async () => (await feedOf(page, account.id)).unreadCount).toBe(0)
  await expect(
    panel(page)
      .getByRole('link', { name: /^New sale/ })
      .first(),
  ).not.toHaveAccessibleName(/unread/)

  // Offline, the bell still reads what it had, with its age.
  await page.keyboard.press('Escape')
  await goOffline(context)
  await bellButton(page).click()
  await expect(
    panel(page).getByRole('link', { name: new RegExp(`^New sale · ${pounds(amount)}`) }),
  ).toBeVisible()
  await expect(panel(page).getByText(/^Updated \d\d:\d\d · offline$/)).toBeVisible()
  await expect(panel(page).getByRole('button', { name: 'Mark all as read' })).toBeHidden()
  await goOnline(context)
})

test.describe('from the device', () => {
  test.use({ serviceWorkers: 'allow' })

  test(
    'an offline start reads the bell from the saved cache, with its age',
    PHONE_ONLY,
    async ({ page, context }, testInfo) => {
      const account = accountOf(testInfo.project.name)
      await signIn(page, DEMO_EMAILS.owner, { account: account.name, openPortal: false })
      const feed = await feedOf(page, account.id)
      const newest = feed.notifications[0]
      test.skip(!newest, 'the first test leaves a notification')
      await openFirst(page, '/dashboard')
      await reloadUnderServiceWorker(
        page,
        page.getByRole('heading', { name: 'Dashboard', level: 1 }),
      )
      // Saved to the device before the connection goes.
      await expect
        .poll(() =>
          page.evaluate(
            () =>
              new Promise<boolean>((resolve) => {
                const open = indexedDB.open('portal:local:query-cache')
                open.onerror = () => resolve(false)
                open.onsuccess = () => {
                  const db = open.result
                  const names = Array.from(db.objectStoreNames)
                  const store = names[0]
                  if (!store) return resolve(false)
                  const keys = db.transaction(store).objectStore(store).getAllKeys()
                  keys.onsuccess = () =>
                    resolve(keys.result.some((key) => String(key).includes('notifications')))
                  keys.onerror = () => resolve(false)
                }
              }),
          ),
        )
        .toBe(true)
      await goOffline(context)
      await page.reload()
      await expect(page.getByRole('heading', { name: 'Dashboard', level: 1 })).toBeVisible()
      // The bell's own code, from the device too.
      await expect(bellButton(page)).not.toHaveAttribute('aria-disabled', 'true')
      await bellButton(page).click()
      await expect(panel(page).getByRole('listitem').first()).toBeVisible()
      await expect(panel(page).getByText(/^Updated \d\d:\d\d · offline$/)).toBeVisible()
      await goOnline(context)
    },
  )
})
