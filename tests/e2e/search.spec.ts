import { expect, test, type Locator, type Page } from '@playwright/test'
import { expectNoSeriousA11yViolations } from './support/axe'
import { DEMO_EMAILS, SEED_SUBMERCHANTS } from './support/demo'
import { PHONE_ONLY } from './support/projects'
import { apiGet, type ApiSale } from './support/sale-api'
import { checkScreen, isPhone, useScreenshotWidth } from './support/shell'
import { signIn } from './support/sign-in'

// The one-box search (docs/screens.md#search): each kind of query finds what the API says it
// should, 'See all' opens the list with the same rows, roles, offline and the box's accessibility.

const CITY = SEED_SUBMERCHANTS.cityCabs
const HARBOUR = SEED_SUBMERCHANTS.harbourCars

interface ApiIntent {
  id: string
  reference: string | null
  amount: number
}
interface ApiPayout {
  id: string
  paymentReference: string
}

// Opens the box the way the width offers it: the shortcut on tablets, the button on phones.
async function openSearch(page: Page): Promise<Locator> {
  const box = page.getByRole('combobox', { name: 'Search' })
  if (isPhone(page)) {
    await page.getByRole('banner').getByRole('button', { name: 'Search' }).click()
    await expect(page.getByRole('dialog', { name: 'Search' })).toBeVisible()
    await expect(box).toBeFocused()
  } else {
    await page.keyboard.press('Control+K')
    await expect(box).toBeFocused()
  }
  return box
}

async function search(page: Page, query: string): Promise<Locator> {
  const box = page.getByRole('combobox', { name: 'Search' })
  await box.fill(query)
  const results = page.getByRole('listbox', { name: 'Search results' })
  await expect(page.getByRole('status').filter({ hasText: /found|Nothing/ })).toBeVisible()
  return results
}

const group = (results: Locator, name: string | RegExp) => results.getByRole('group', { name })
const optionFor = (results: Locator, href: string) =>
  results.locator(`[role="option"][href="${href}"]`)

test('each kind of query finds the record the API finds, and See all opens the same rows', async ({
  page,
}, testInfo) => {
  // Two screens in two schemes, each with axe, and six searches.
  test.slow()
  await signIn(page, DEMO_EMAILS.owner, { account: 'City Cabs' })
  await useScreenshotWidth(page)
  const [sale] = await apiGet<ApiSale[]>(page, CITY, '/v1/sales', {
    submerchantId: CITY,
    limit: 1,
  })
  const links = await apiGet<ApiIntent[]>(page, CITY, '/v1/intents', {
    submerchantId: CITY,
    limit: 50,
  })
  const link = links.find((item) => item.reference)
  if (!sale || !link) throw new Error('no demo data')
  const saleHref = `/transactions/sales/${sale.id}`

  await openSearch(page)
  // The card's last four: the newest sale with it comes first, as on the sales list.
  let results = await search(page, `card ending ${sale.panLastFour}`)
  await expect(page.getByRole('list', { name: 'Read as' })).toContainText(
    `Card ending ${sale.panLastFour}`,
  )
  const sales = group(results, /^Sales/)
  await expect(optionFor(sales, saleHref)).toBeVisible()
  await expect(group(results, /^Payouts/)).toHaveCount(0)
  const option = optionFor(sales, saleHref)
  expect(await option.boundingBox().then((box) => box?.height ?? 0)).toBeGreaterThanOrEqual(44)
  await checkScreen(page, testInfo, 'search-last-four')

  // RRN, auth code and the amount each find the same sale.
  for (const query of [
    sale.retrievalReferenceNumber,
    // Six letters alone read as a word, so an all-letter code is asked for by its field.
    /\d/.test(sale.authCode) ? sale.authCode : `auth:${sale.authCode}`,
    `£${(sale.amount / 100).toFixed(2)}`,
  ]) {
    results = await search(page, query)
    await expect(optionFor(group(results, /^Sales/), saleHref)).toBeVisible()
  }
  // A reference finds its payment link; an id typed whole opens directly.
  results = await search(page, `"${link.reference}"`)
  await expect(
    optionFor(group(results, /^Payment links/), `/payment-links/${link.id}`),
  ).toBeVisible()
  results = await search(page, sale.id)
  await expect(optionFor(results, saleHref)).toHaveText(`Open sale ${sale.id}`)

  // See all: the sales list with the same filter in its URL and the same first row.
  results = await search(page, sale.panLastFour)
  const seeAll = group(results, /^Sales/).getByRole('option', { name: /^See all/ })
  const total = (await seeAll.textContent())?.replace(/\D/g, '') ?? ''
  await seeAll.click()
  // The router keeps digits as text in the URL ("9227").
  await expect
    .poll(() => new URL(page.url()).searchParams.get('panLastFour'))
    .toBe(`"${sale.panLastFour}"`)
  await expect(
    page.getByText(new RegExp(`^${Number(total).toLocaleString('en-GB')} sales?$`)),
  ).toBeVisible()
  await expect(page.locator(`main a[href="${saleHref}"]`).first()).toBeVisible()

  // A whole pound that no sale has exactly: widened to the pound, and See all opens that range.
  const pound = await wholePoundWithoutExactSale(page)
  await openSearch(page)
  results = await search(page, String(pound))
  const widened = group(results, /^Sales/)
  await expect(widened).toContainText(
    `Nothing at exactly £${pound}.00; showing £${pound}.00 to £${pound}.99`,
  )
  const wideAll = widened.getByRole('option', { name: /^See all/ })
  const wideTotal = Number((await wideAll.textContent())?.replace(/\D/g, ''))
  expect(wideTotal).toBeGreaterThan(0)
  await wideAll.click()
  await expect(
    page.getByRole('button', { name: `Remove filter Amount: £${pound}.00 to £${pound}.99` }),
  ).toBeVisible()
  await expect(
    page.getByText(new RegExp(`^${wideTotal.toLocaleString('en-GB')} sales?$`)),
  ).toBeVisible()
})

// A sale's whole pound (£23 of a £23.40 fare) at which no sale is exactly. The newest sales are
// often other tests' whole-pound payments on this shared server, so it looks through 100.
async function wholePoundWithoutExactSale(page: Page): Promise<number> {
  const recent = await apiGet<ApiSale[]>(page, CITY, '/v1/sales', {
    submerchantId: CITY,
    limit: 100,
  })
  for (const { amount } of recent.filter((sale) => sale.amount % 100 !== 0)) {
    const pound = Math.floor(amount / 100)
    const exact = await apiGet<ApiSale[]>(page, CITY, '/v1/sales', {
      submerchantId: CITY,
      amount: pound * 100,
      limit: 1,
    })
    if (exact.length === 0) return pound
  }
  throw new Error('every recent fare has a sale at its whole pound')
}

test('keyboard: arrows and Enter open a result, Escape closes, recent searches come back', async ({
  page,
}) => {
  test.slow()
  await signIn(page, DEMO_EMAILS.owner, { account: 'City Cabs' })
  const [sale] = await apiGet<ApiSale[]>(page, CITY, '/v1/sales', { submerchantId: CITY, limit: 1 })
  if (!sale) throw new Error('no sales')
  const box = await openSearch(page)
  await search(page, sale.retrievalReferenceNumber)
  await box.press('ArrowDown')
  await expect(box).toHaveAttribute('aria-activedescendant', /.+/)
  await box.press('Enter')
  await expect(page).toHaveURL(new RegExp(`/transactions/sales/${sale.id}`))

  // The query is remembered for this person and account.
  await openSearch(page)
  const recent = page.getByRole('listbox', { name: 'Recent searches' })
  await expect(recent.getByRole('option', { name: sale.retrievalReferenceNumber })).toBeVisible()
  await expectNoSeriousA11yViolations(page)
  await page.getByRole('button', { name: 'Clear recent searches' }).click()
  await expect(recent).toHaveCount(0)
  await page.keyboard.press('Escape')
  if (isPhone(page)) await expect(page.getByRole('dialog', { name: 'Search' })).toHaveCount(0)
})

test(
  'a manager of a payout-restricted account gets no payouts group',
  PHONE_ONLY,
  async ({ page }) => {
    await signIn(page, DEMO_EMAILS.manager, { account: 'Harbour Cars' })
    await openSearch(page)
    const results = await search(page, 'PO')
    await expect(group(results, /^Payment links/)).toBeVisible()
    await expect(group(results, /^Payouts/)).toHaveCount(0)
    const refused = await page.request.get('/v1/payouts', {
      headers: { 'X-Requested-With': 'portal', 'Token-Perspective': HARBOUR },
      params: { submerchantId: HARBOUR, q: 'PO' },
    })
    expect(refused.status()).toBe(403)
  },
)

test(
  'offline it searches what the device saved and says so',
  PHONE_ONLY,
  async ({ page, context }) => {
    await signIn(page, DEMO_EMAILS.owner, { account: 'City Cabs' })
    await page.goto('/payouts')
    const [payout] = await apiGet<ApiPayout[]>(page, CITY, '/v1/payouts', {
      submerchantId: CITY,
      limit: 1,
    })
    if (!payout) throw new Error('no payouts')
    await expect(page.locator(`main a[href="/payouts/${payout.id}"]`).first()).toBeVisible()
    // The search code is loaded once online (the service worker, blocked here, precaches it).
    await openSearch(page)
    await page.keyboard.press('Escape')
    await expect(page.getByRole('dialog', { name: 'Search' })).toHaveCount(0)
    // No connection at all: the service worker's fetches are cut too.
    await context.route('**/v1/**', (route) => route.abort('internetdisconnected'))
    await context.setOffline(true)
    await openSearch(page)
    // Quoted: six letters and digits alone would read as an auth code.
    const results = await search(page, `"${payout.paymentReference.slice(-6).toLowerCase()}"`)
    const payouts = group(results, /^Payouts/)
    await expect(payouts).toContainText(/Saved on this device · updated \d\d:\d\d/)
    await expect(optionFor(payouts, `/payouts/${payout.id}`)).toBeVisible()
    await expect(page.getByRole('status').filter({ hasText: 'on this device' })).toBeVisible()
  },
)
