import { expect, test, type Page } from '@playwright/test'
import { expectNoSeriousA11yViolations } from './support/axe'
import { DEMO_EMAILS, SEED_SUBMERCHANTS } from './support/demo'
import { saveScreenshot, useScreenshotWidth } from './support/shell'
import { signIn } from './support/sign-in'
import { PHONE_ONLY } from './support/projects'

interface ApiSale {
  amount: number
  saleAmount: number
  gratuityAmount: number
  currency: string
  capturedAt: string
}

const gbp = new Intl.NumberFormat('en-GB', { style: 'currency', currency: 'GBP' })
const money = (minor: number) => gbp.format(minor / 100)

// The same range the dashboard uses, computed in the browser's time zone.
function browserBounds(page: Page) {
  return page.evaluate(() => {
    const today = new Date()
    today.setHours(0, 0, 0, 0)
    const from = new Date(today)
    from.setDate(from.getDate() - 6)
    const to = new Date(today)
    to.setDate(to.getDate() + 1)
    return { gte: from.toISOString(), lt: to.toISOString(), today: today.toISOString() }
  })
}

// Every sale of the range through the API, as the signed-in browser (its cookies).
async function salesFromApi(page: Page, submerchantId: string, range: { gte: string; lt: string }) {
  const sales: ApiSale[] = []
  for (let offset = 0; ; offset += 100) {
    const res = await page.request.get('/v1/sales', {
      headers: { 'Token-Perspective': submerchantId },
      params: {
        submerchantId,
        'capturedAt[$gte]': range.gte,
        'capturedAt[$lt]': range.lt,
        limit: 100,
        offset,
      },
    })
    expect(res.status(), await res.text()).toBe(200)
    const page_ = (await res.json()) as ApiSale[]
    sales.push(...page_)
    if (sales.length >= Number(res.headers()['total-count'])) return sales
  }
}

function stat(page: Page, period: string, label: string) {
  return page
    .getByRole('region', { name: period, exact: true })
    .locator('.stat', { has: page.locator('dt', { hasText: new RegExp(`^${label}$`) }) })
    .locator('dd')
}

test(
  'today at a glance equals the sums of the API sales, with the latest payout',
  PHONE_ONLY,
  async ({ page, context }) => {
    await signIn(page, DEMO_EMAILS.owner, { account: 'City Cabs' })
    const city = SEED_SUBMERCHANTS.cityCabs
    const bounds = await browserBounds(page)
    const sales = await salesFromApi(page, city, bounds)
    expect(sales.length).toBeGreaterThan(0)
    const today = sales.filter((s) => Date.parse(s.capturedAt) >= Date.parse(bounds.today))
    const sum = (list: ApiSale[], key: keyof ApiSale) =>
      list.reduce((total, s) => total + (s[key] as number), 0)
    const average = (list: ApiSale[]) =>
      list.length ? money(Math.round(sum(list, 'saleAmount') / list.length)) : '–'

    for (const [period, list] of [
      ['Today', today],
      ['Last 7 days', sales],
    ] as const) {
      await expect(stat(page, period, 'Takings')).toHaveText(money(sum(list, 'amount')))
      await expect(stat(page, period, 'Sales')).toHaveText(String(list.length))
      await expect(stat(page, period, 'Tips')).toHaveText(money(sum(list, 'gratuityAmount')))
      await expect(stat(page, period, 'Average fare')).toHaveText(average(list))
    }
    const latest = [...sales].sort((a, b) => b.capturedAt.localeCompare(a.capturedAt))[0]
    await expect(page.locator('.latest-sale strong')).toHaveText(money(latest?.amount ?? 0))

    const payoutRes = await page.request.get('/v1/payouts', {
      headers: { 'Token-Perspective': city },
      params: { submerchantId: city, sort: '-createdAt', limit: 1 },
    })
    const [payout] = (await payoutRes.json()) as Array<{ amount: number }>
    const payoutCard = page.getByRole('region', { name: 'Latest payout' })
    await expect(payoutCard.getByText(money(payout?.amount ?? 0), { exact: true })).toBeVisible()

    // Quick actions: only pages that exist (payment links since issue 15, Scan to Pay since 16 on
    // a whitelisted account, and sales); no dead buttons.
    const actions = page.getByRole('navigation', { name: 'Quick actions' })
    await expect(actions.getByRole('link')).toHaveText(['New payment link', 'Scan to Pay', 'Sales'])
    await actions.getByRole('link', { name: 'Sales' }).click()
    await expect(page.getByRole('heading', { name: 'Sales', level: 1 })).toBeVisible()
    await page.goBack()

    // Offline, the figures say how old they are.
    await expect(page.getByText(/^Updated \d{2}:\d{2}$/).first()).toBeVisible()
    await context.setOffline(true)
    await expect(page.getByText(/^Updated \d{2}:\d{2} · offline$/).first()).toBeVisible()
    await context.setOffline(false)
  },
)

test(
  'a viewer of a payout-restricted account sees no payout card',
  PHONE_ONLY,
  async ({ page }) => {
    await signIn(page, DEMO_EMAILS.viewer, { account: 'Harbour Cars' })
    await expect(page.getByRole('heading', { name: 'Today at a glance' })).toBeVisible()
    await expect(stat(page, 'Today', 'Takings')).toBeVisible()
    await expect(page.getByRole('heading', { name: 'Latest payout' })).toHaveCount(0)
  },
)

test('dashboard screenshot and axe', async ({ page }, testInfo) => {
  await useScreenshotWidth(page)
  await signIn(page, DEMO_EMAILS.owner, { account: 'City Cabs' })
  await expect(stat(page, 'Last 7 days', 'Takings')).toBeVisible()
  await expect(
    page.getByRole('region', { name: 'Latest payout' }).locator('dd').first(),
  ).toBeVisible()
  await saveScreenshot(page, testInfo, 'dashboard')
  await expectNoSeriousA11yViolations(page)
})
