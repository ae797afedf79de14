import { expect, test, type BrowserContext, type Page } from '@playwright/test'
import { DEMO_EMAILS, SEED_SUBMERCHANTS } from './support/demo'
import { apiLink, CARDS, payOnPayPage, type ApiIntent } from './support/payment-link-api'
import { shownSaleIds } from './support/pwa'
import { goOffline, goOnline } from './support/pwa'
import { portalHeaders } from './support/sale-api'
import { PHONE_ONLY } from './support/projects'
import { checkScreen, useScreenshotWidth } from './support/shell'
import { openFirst, signIn } from './support/sign-in'

// Issue 30, the live screens (docs/events.md#in-the-portal): a paid link turns green at once, a new
// sale is a pill, and offline the stream waits, then catches up.

const CITY = SEED_SUBMERCHANTS.cityCabs

const isStream = (url: string) => url.includes('/v1/events/stream')

// Resolves when a page of the context has the account's stream open (its response has arrived).
function streamOpened(context: BrowserContext) {
  return context.waitForEvent('response', {
    predicate: (response) => isStream(response.url()) && response.status() === 200,
    timeout: 40_000,
  })
}

// Every stream request the context's pages make.
function countStreams(context: BrowserContext): { urls: string[] } {
  const seen = { urls: [] as string[] }
  context.on('request', (request) => {
    if (isStream(request.url())) seen.urls.push(request.url())
  })
  return seen
}

const statusOf = (page: Page) =>
  page.getByRole('region', { name: 'Summary' }).locator('.intent-status')

// The customer, on their own phone: the link's pay page, paid with the test card that succeeds.
async function customerPays(context: BrowserContext, link: ApiIntent): Promise<void> {
  const customer = await context.newPage()
  await payOnPayPage(customer, link, CARDS.success)
  await expect(customer.getByText(/has been received|already been paid/)).toBeVisible()
  await customer.close()
}

async function saleOf(page: Page, link: ApiIntent, submerchantId: string): Promise<string> {
  const res = await page.request.get(`/v1/intents/${link.id}`, {
    headers: portalHeaders(submerchantId),
  })
  const intent = (await res.json()) as ApiIntent
  if (!intent.saleId) throw new Error(`link ${link.id} has no sale`)
  return intent.saleId
}

// A sale amount no other test uses, so its row can be told apart.
const oddAmount = () => 1000 + Math.floor(Math.random() * 8999)

test('a link paid on the pay page turns to succeeded on its open detail, without a reload', async ({
  page,
  context,
}, testInfo) => {
  await signIn(page, DEMO_EMAILS.owner, { account: 'City Cabs', openPortal: false })
  const link = await apiLink(page, CITY)
  const opened = streamOpened(context)
  await openFirst(page, `/payment-links/${link.id}`)
  await expect(statusOf(page)).toHaveText('Created')
  await opened
  // Marks this document: a reload would lose it.
  await page.evaluate(() => ((window as unknown as { liveMark: number }).liveMark = 1))

  const customer = await context.newPage()
  await payOnPayPage(customer, link, CARDS.success)
  await expect(customer.getByText(/has been received|already been paid/)).toBeVisible()
  const paidAt = Date.now()
  // Far inside the minute poll: only the stream can have told the page.
  await expect(statusOf(page)).toHaveText('Succeeded', { timeout: 5_000 })
  const shownAfterMs = Date.now() - paidAt
  await expect(page.getByText('Payment completed')).toBeVisible()
  expect(await page.evaluate(() => (window as unknown as { liveMark?: number }).liveMark)).toBe(1)
  testInfo.annotations.push({
    type: 'paid-to-shown',
    description: `${shownAfterMs} ms from the pay page's answer to 'Succeeded' on the detail`,
  })
  await customer.close()
})

test('a new sale is a pill on the sales list and on the dashboard of another tab, and one stream serves both', async ({
  page,
  context,
}, testInfo) => {
  // An account of its own per project: no other test adds sales there.
  const account = testInfo.project.name === 'phone' ? 'Riverside Cars' : 'Green Line Cars'
  const submerchantId =
    testInfo.project.name === 'phone'
      ? SEED_SUBMERCHANTS.riversideCars
      : SEED_SUBMERCHANTS.greenLine
  await useScreenshotWidth(page)
  const streams = countStreams(context)
  await signIn(page, DEMO_EMAILS.owner, { account, openPortal: false })
  const link = await apiLink(page, submerchantId, { saleAmount: oddAmount() })

  const opened = streamOpened(context)
  await openFirst(page, '/transactions/sales')
  await page
    .getByRole('region', { name: 'Sales' })
    .locator('a[href*="/transactions/sales/"]')
    .first()
    .waitFor()
  await opened
  const before = await shownSaleIds(page)
  // A second tab on the dashboard: it hears the events through the first tab's stream.
  const dashboard = await context.newPage()
  await useScreenshotWidth(dashboard)
  await dashboard.goto('/dashboard')
  await expect(dashboard.getByRole('heading', { name: 'Dashboard', level: 1 })).toBeVisible()
  // Its figures read and its bell listening (the bell joins the shared stream as it mounts, after
  // the first paint): a sale paid before both gets no pill there, counted as already in figures
  // still on their way, or never heard (a test that paid at once failed so, once in CI).
  await expect(dashboard.getByRole('region', { name: 'Today' }).getByText(/^Updated/)).toBeVisible()
  await expect(dashboard.getByRole('button', { name: /^Notifications/ })).not.toHaveAttribute(
    'aria-disabled',
    'true',
  )

  await customerPays(context, link)
  const saleId = await saleOf(page, link, submerchantId)
  const pill = page.getByRole('button', { name: /^\d+ new sales?$/ })
  await expect(pill).toHaveText(/1 new sale$/)
  await expect(dashboard.getByRole('button', { name: /^\d+ new sales?$/ })).toHaveText(
    /1 new sale$/,
  )
  // The rows did not move under the person's thumb.
  expect(await shownSaleIds(page)).toEqual(before)
  expect(streams.urls).toHaveLength(1)
  // The dashboard's pill shows the sale too; then its tab is closed before the pictures: with two
  // tabs open Chromium stopped painting the list's tab, and the wait for its transitions never ended
  // (twice in one CI run, after bringToFront).
  await dashboard.getByRole('button', { name: /^\d+ new sales?$/ }).click()
  await expect(dashboard.getByRole('button', { name: /new sales?$/ })).toBeHidden()
  await dashboard.close()
  await page.bringToFront()
  await checkScreen(page, testInfo, 'live-new-sale-pill')

  // Scrolled down, the pill stays in view; tapping it shows the sale at the top.
  await page.evaluate(() => window.scrollTo(0, document.documentElement.scrollHeight))
  await expect(pill).toBeInViewport()
  await pill.click()
  await expect(pill).toBeHidden()
  await expect.poll(() => shownSaleIds(page)).toContain(saleId)
  await expect.poll(() => page.evaluate(() => window.scrollY)).toBe(0)
})

test(
  'offline, the stream waits without retrying; back online it resumes and catches up',
  PHONE_ONLY,
  async ({ page, context, browser }) => {
    // The app's timers run on a clock the test can move: minutes of backoff in no time.
    await page.clock.install()
    const streams = countStreams(context)
    await signIn(page, DEMO_EMAILS.owner, { account: 'City Cabs', openPortal: false })
    const first = await apiLink(page, CITY)
    const second = await apiLink(page, CITY)
    const opened = streamOpened(context)
    await openFirst(page, `/payment-links/${second.id}`)
    await expect(statusOf(page)).toHaveText('Created')
    await opened

    // The customer's phone is another browser, online throughout.
    const customerContext = await browser.newContext()
    // One event heard (the first link paid): the stream has an id to resume from.
    const heard = page.waitForRequest((request) => request.url().includes('/v1/notifications?'))
    await customerPays(customerContext, first)
    await heard

    await goOffline(context)
    await expect(page.getByText('You are offline.')).toBeVisible()
    const whileOnline = streams.urls.length
    await customerPays(customerContext, second)
    // 40 s of the app's time offline: a backoff would have tried four or five times by now (the
    // link's own minute poll stays below its first tick).
    await page.clock.runFor(40_000)
    expect(streams.urls).toHaveLength(whileOnline)
    await expect(statusOf(page)).toHaveText('Created')

    await goOnline(context)
    await expect(statusOf(page)).toHaveText('Succeeded')
    expect(streams.urls.length).toBe(whileOnline + 1)
    expect(streams.urls.at(-1)).toMatch(/[?&]lastEventId=evt_/)
    await customerContext.close()
  },
)

test(
  'a stream the server refuses is retried with growing waits, each after a session check',
  PHONE_ONLY,
  async ({ page, context }) => {
    await signIn(page, DEMO_EMAILS.owner, { account: 'City Cabs', openPortal: false })
    const seen: { kind: 'stream' | 'check'; at: number }[] = []
    context.on('request', (request) => {
      if (isStream(request.url())) seen.push({ kind: 'stream', at: Date.now() })
      else if (request.url().includes('/v1/notifications?'))
        seen.push({ kind: 'check', at: Date.now() })
    })
    // The stream's host is down; the rest of the API answers.
    await context.route('**/v1/events/stream**', (route) => route.abort('connectionrefused'))
    await openFirst(page, '/dashboard')
    const attempts = () => seen.filter((s) => s.kind === 'stream')
    await expect.poll(() => attempts().length, { timeout: 30_000 }).toBeGreaterThanOrEqual(4)
    const at = attempts().map((s) => s.at)
    // Waits of at least half of 1 s, 2 s, 4 s: never the browser's own 3 s loop, never a storm.
    for (let i = 1; i < at.length; i++) {
      expect((at[i] ?? 0) - (at[i - 1] ?? 0)).toBeGreaterThanOrEqual(500 * 2 ** (i - 1) - 50)
    }
    // Before each new attempt, the session was checked through the API client.
    for (let i = 1; i < at.length; i++) {
      expect(
        seen.some((s) => s.kind === 'check' && s.at >= (at[i - 1] ?? 0) && s.at <= (at[i] ?? 0)),
      ).toBe(true)
    }
    // The host is back: the next attempt opens the stream.
    const opened = streamOpened(context)
    await context.unroute('**/v1/events/stream**')
    await opened
  },
)
