import { expect, test, type Page } from '@playwright/test'
import { DEMO_EMAILS, SEED_SUBMERCHANTS } from './support/demo'
import { goOffline } from './support/pwa'
import { checkScreen, useScreenshotWidth } from './support/shell'
import { signIn } from './support/sign-in'
import { PHONE_ONLY } from './support/projects'
import { forecastPayout } from '../../src/lib/payout-rule'

interface ApiSale {
  amount: number
  saleAmount: number
  gratuityAmount: number
  capturedAt: string
  terminalId: string | null
}

const CITY = SEED_SUBMERCHANTS.cityCabs
const gbp = new Intl.NumberFormat('en-GB', { style: 'currency', currency: 'GBP' })
const money = (minor: number) => gbp.format(minor / 100)

// Every sale of the range through the list API, as the signed-in browser (its cookies).
async function salesFromApi(
  page: Page,
  submerchantId: string,
  range: { gte: string; lt: string },
  filters: Record<string, string> = {},
) {
  const sales: ApiSale[] = []
  for (let offset = 0; ; offset += 100) {
    const res = await page.request.get('/v1/sales', {
      headers: { 'Token-Perspective': submerchantId },
      params: {
        'capturedAt[$gte]': range.gte,
        'capturedAt[$lt]': range.lt,
        limit: 100,
        offset,
        ...filters,
      },
    })
    expect(res.status(), await res.text()).toBe(200)
    const batch = (await res.json()) as ApiSale[]
    sales.push(...batch)
    if (batch.length < 100) return sales
  }
}

// Last week and the week before, as the browser's calendar has them (weeks from Monday).
function weeks(page: Page) {
  return page.evaluate(() => {
    const monday = new Date()
    monday.setHours(0, 0, 0, 0)
    monday.setDate(monday.getDate() - ((monday.getDay() + 6) % 7) - 7)
    const at = (days: number) => {
      const day = new Date(monday)
      day.setDate(day.getDate() + days)
      return day.toISOString()
    }
    return { last: { gte: at(0), lt: at(7) }, before: { gte: at(-7), lt: at(0) } }
  })
}

function figure(page: Page, label: string) {
  return page
    .getByRole('region', { name: 'Last week', exact: true })
    .locator('.stat', { has: page.locator('dt', { hasText: new RegExp(`^${label}$`) }) })
}

const sum = (list: ApiSale[], pick: (s: ApiSale) => number) =>
  list.reduce((total, s) => total + pick(s), 0)

function change(now: number, before: number, words: string) {
  const percent = Math.round(((now - before) / before) * 100)
  return percent === 0
    ? `No change ${words}`
    : `${percent > 0 ? '+' : '−'}${Math.abs(percent)}% ${words}`
}

// The summaries the page asks for from now on, each as its query string.
function summaryRequests(page: Page): string[] {
  const asked: string[] = []
  page.on('request', (request) => {
    const url = new URL(request.url())
    if (url.pathname === '/v1/sales/summary') asked.push(url.search)
  })
  return asked
}

// Every card of the period has its numbers: the figures, each chart and the stopped vehicles.
// Just after midnight today may have no sale yet: then each chart says so instead.
async function periodShown(page: Page, label: string, { mayBeEmpty = false } = {}) {
  await expect(
    page.getByRole('region', { name: label, exact: true }).locator('.stat__change').first(),
  ).toBeVisible()
  for (const chart of ['Takings by vehicle', 'Card schemes', 'Payment methods']) {
    const region = page.getByRole('region', { name: chart })
    const table = region.getByRole('button', { name: 'Show as table' })
    await expect(
      mayBeEmpty ? table.or(region.getByText('No sales in this period.')) : table,
    ).toBeVisible()
  }
  await expect(
    page.getByRole('region', { name: 'Vehicles that stopped' }).locator('p.muted').first(),
  ).toBeVisible()
}

test('a period change gives the figures against the week before, and each chart as a table', async ({
  page,
}, testInfo) => {
  // Screenshots and axe in two schemes at the end.
  test.slow()
  await useScreenshotWidth(page)
  // Each summary is asked once: a landing (every signed-in test makes one) asks the period's six
  // and the next payout's; a period change asks the new period's six, nothing else.
  const asked = summaryRequests(page)
  await signIn(page, DEMO_EMAILS.owner, { account: 'City Cabs' })
  await periodShown(page, 'Today', { mayBeEmpty: true })
  await expect(
    page
      .getByRole('region', { name: 'Next payout' })
      .locator('.stat', { hasText: 'Expected amount' })
      .locator('dd'),
  ).not.toHaveText('…')
  expect(new Set(asked).size, asked.join('\n')).toBe(asked.length)
  expect(asked, asked.join('\n')).toHaveLength(7)
  asked.length = 0
  await page.getByLabel('Period', { exact: true }).selectOption('last_week')
  await expect(page).toHaveURL(/period=last_week/)
  await periodShown(page, 'Last week')
  expect(new Set(asked).size, asked.join('\n')).toBe(asked.length)
  expect(asked, asked.join('\n')).toHaveLength(6)

  const range = await weeks(page)
  const [last, before] = await Promise.all([
    salesFromApi(page, CITY, range.last),
    salesFromApi(page, CITY, range.before),
  ])
  const takings = sum(last, (s) => s.amount)
  await expect(figure(page, 'Takings').locator('.stat__value')).toHaveText(money(takings))
  await expect(figure(page, 'Sales').locator('.stat__value')).toHaveText(
    last.length.toLocaleString('en-GB'),
  )
  await expect(figure(page, 'Takings').locator('.stat__change')).toHaveText(
    change(
      takings,
      sum(before, (s) => s.amount),
      'on the week before',
    ),
  )

  // The line chart's numbers, day by day.
  const byDay = page.getByRole('region', { name: 'Takings by day' })
  await expect(byDay.locator('canvas').first()).toBeVisible()
  await byDay.getByRole('button', { name: 'Show as table' }).click()
  const table = byDay.getByRole('table', { name: 'Takings by day' })
  await expect(table.getByRole('row')).toHaveCount(8)
  await expect(byDay.getByRole('button', { name: 'Show as chart' })).toBeVisible()
  await checkScreen(page, testInfo, 'dashboard-last-week')
})

// The browser's calendar days of the last three weeks, and each terminal's sales by day.
async function terminalDays(page: Page, submerchantId: string) {
  const { timeZone, gte, lt } = await page.evaluate(() => {
    const end = new Date()
    end.setHours(0, 0, 0, 0)
    const start = new Date(end)
    start.setDate(start.getDate() - 21)
    return {
      timeZone: Intl.DateTimeFormat().resolvedOptions().timeZone,
      gte: start.toISOString(),
      lt: end.toISOString(),
    }
  })
  const sales = await salesFromApi(page, submerchantId, { gte, lt }, { method: 'pos' })
  const dayOf = (at: string) => new Intl.DateTimeFormat('en-CA', { timeZone }).format(new Date(at))
  const byDay = new Map<string, Set<string>>()
  for (const sale of sales) {
    const day = dayOf(sale.capturedAt)
    byDay.set(day, (byDay.get(day) ?? new Set()).add(sale.terminalId ?? ''))
  }
  return { byDay, dayOf }
}

test(
  "a vehicle that stopped links to its terminal, and the next payout is the rule's",
  PHONE_ONLY,
  async ({ page }) => {
    await signIn(page, DEMO_EMAILS.owner, { account: 'City Cabs' })
    // A day on which some terminal that took payments the day before took none.
    const { byDay } = await terminalDays(page, CITY)
    const days = [...byDay.keys()].sort()
    const found = days
      .map((day, i) => {
        const before = i > 0 && days[i - 1] ? byDay.get(days[i - 1] ?? '') : undefined
        const stopped = [...(before ?? [])].filter((t) => !byDay.get(day)?.has(t))
        return { day, dayBefore: days[i - 1], stopped }
      })
      .find((d, i) => i > 0 && d.stopped.length > 0)
    expect(found, 'a day with a stopped terminal in the demo data').toBeDefined()
    if (!found) return
    await page.goto(`/dashboard?period=custom&from=${found.day}&to=${found.day}`)
    const card = page.getByRole('region', { name: 'Vehicles that stopped' })
    const links = card.getByRole('link')
    await expect(links).toHaveCount(found.stopped.length)
    for (const terminalId of found.stopped) {
      const link = card.locator(`a[href="/terminals/${terminalId}"]`)
      await expect(link).toBeVisible()
      const item = card
        .getByRole('listitem')
        .filter({ has: page.locator(`a[href="/terminals/${terminalId}"]`) })
      await expect(item).toContainText(`Last sale ${found.dayBefore}`)
    }

    // The next payout: the open period's net by the payout rule, beside the latest payout.
    const res = await page.request.get('/v1/payouts', {
      headers: { 'Token-Perspective': CITY },
      params: { sort: '-createdAt', limit: 2 },
    })
    const [latest, before] = (await res.json()) as Array<{ amount: number; createdAt: string }>
    if (!latest) throw new Error('City Cabs has payouts in the demo data')
    const forecast = forecastPayout(latest.createdAt, before?.createdAt ?? null)
    const summary = await page.request.get('/v1/sales/summary', {
      headers: { 'Token-Perspective': CITY },
      params: {
        groupBy: 'day',
        disbursementWithheld: 'false',
        'capturedAt[$gte]': forecast.from,
        'capturedAt[$lt]': forecast.periodEnd,
      },
    })
    const { buckets } = (await summary.json()) as { buckets: { netAmount: number }[] }
    const next = page.getByRole('region', { name: 'Next payout' })
    await expect(next.locator('.stat', { hasText: 'Expected amount' }).locator('dd')).toHaveText(
      money(buckets.reduce((total, b) => total + b.netAmount, 0)),
    )
    await expect(next.locator('.stat', { hasText: 'Latest payout' }).locator('dd')).toHaveText(
      money(latest.amount),
    )
    await expect(
      next.getByText(/^Expected: the net \(sales minus fees, withheld sales left out\)/),
    ).toBeVisible()
  },
)

test(
  'periods seen before show offline with their age; one never loaded needs a connection',
  PHONE_ONLY,
  async ({ page, context }) => {
    await signIn(page, DEMO_EMAILS.owner, { account: 'City Cabs' })
    const period = page.getByLabel('Period', { exact: true })
    await period.selectOption('last_week')
    await expect(figure(page, 'Takings').locator('.stat__change')).toBeVisible()
    await period.selectOption('today')
    await expect(
      page.getByRole('region', { name: 'Today', exact: true }).locator('.stat').first(),
    ).toBeVisible()

    // The cache the persister keeps on the device is the one read here.
    await goOffline(context)
    await page.getByLabel('Period', { exact: true }).selectOption('last_week')
    const lastWeek = page.getByRole('region', { name: 'Last week', exact: true })
    await expect(figure(page, 'Takings').locator('.stat__value')).toBeVisible()
    await expect(lastWeek.getByText(/^Updated \d{2}:\d{2} · offline$/)).toBeVisible()
    await page.getByLabel('Period', { exact: true }).selectOption('last_month')
    const lastMonth = page.getByRole('region', { name: 'Last month', exact: true })
    await expect(lastMonth.getByText('You are offline')).toBeVisible()
  },
)

test('a viewer of a payout-restricted account sees no payouts', PHONE_ONLY, async ({ page }) => {
  await signIn(page, DEMO_EMAILS.viewer, { account: 'Harbour Cars' })
  await expect(
    page.getByRole('region', { name: 'Today', exact: true }).locator('.stat').first(),
  ).toBeVisible()
  await expect(page.getByRole('heading', { name: 'Next payout' })).toHaveCount(0)
  await expect(page.getByRole('heading', { name: 'Latest payout' })).toHaveCount(0)
})

test(
  'a manager of a terminal-restricted account sees no vehicles',
  PHONE_ONLY,
  async ({ page }) => {
    await signIn(page, DEMO_EMAILS.manager, { account: 'North Cars' })
    await expect(page.getByRole('region', { name: 'Card schemes' })).toBeVisible()
    await expect(page.getByRole('region', { name: 'Takings by vehicle' })).toHaveCount(0)
    await expect(page.getByRole('heading', { name: 'Vehicles that stopped' })).toHaveCount(0)
  },
)
