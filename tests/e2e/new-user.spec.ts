import { expect, test, type BrowserContext, type Locator, type Page } from '@playwright/test'
import { STATUS_SITE_URL, SUPPORT_LINKS, SUPPORT_SITE_URL } from '../../src/config/links'
import { DEMO_ACCOUNT_NAMES, DEMO_EMAILS, SEED_SUBMERCHANTS } from './support/demo'
import { apiGet, openSale, SALE_COLUMNS } from './support/sale-api'
import { isPhone, openMainNav, saveScreenshot, useScreenshotWidth } from './support/shell'
import { signIn } from './support/sign-in'
import { PHONE_ONLY } from './support/projects'

// What a new user trips on (issue 13 B), at 360 px (phone project) and 1024 px (tablet project).

// Several pages per test on a shared machine.
test.describe.configure({ timeout: 240_000 })

// Every entry of docs/screens.md is built now (payment links, payouts and terminals by issues 14 and 15,
// Developer Tools by 18, Scan to Pay by 16); unknown paths under them still say Page Not Found.

// Page Not Found, inside the shell: the account's top bar and the navigation stay on screen.
async function expectNotFoundInShell(page: Page) {
  await expect(page.getByRole('heading', { name: 'Page Not Found', level: 1 })).toBeVisible()
  await expect(page.getByRole('banner').getByText(DEMO_ACCOUNT_NAMES.cityCabs)).toBeVisible()
  const nav = isPhone(page) ? 'Quick navigation' : 'Main'
  await expect(page.getByRole('navigation', { name: nav })).toBeVisible()
  await expect(page.getByRole('link', { name: 'Go to the main page' })).toHaveAttribute('href', '/')
  await expect(page).toHaveTitle(/Page Not Found/)
}

test('unknown account paths say Page Not Found inside the shell', PHONE_ONLY, async ({ page }) => {
  await useScreenshotWidth(page)
  await signIn(page, DEMO_EMAILS.owner, { account: DEMO_ACCOUNT_NAMES.cityCabs })

  // Unknown paths under built screens and anywhere else, opened directly.
  for (const path of ['/scan-to-pay/x', '/developer/endpoints/e1/x', '/transactions/x', '/x']) {
    await page.goto(path)
    await expectNotFoundInShell(page)
  }

  // The frame is the account pages' own: its search opens from there too.
  await page.getByRole('banner').getByRole('button', { name: 'Search' }).click()
  await expect(page.getByRole('dialog', { name: 'Search' })).toBeVisible()
  await page.keyboard.press('Escape')

  await page.getByRole('link', { name: 'Go to the main page' }).click()
  await expect(page.getByRole('heading', { name: 'Dashboard', level: 1 })).toBeVisible()
})

test(
  'a signed-out visit to an account path not built yet still asks to sign in',
  PHONE_ONLY,
  async ({ page }) => {
    await page.goto('/payouts')
    await expect(page).toHaveURL(/\/login\?redirect=/)
  },
)

// The closed network has no status or support site: answer for them.
async function fakeExternalSites(context: BrowserContext) {
  for (const site of [STATUS_SITE_URL, SUPPORT_SITE_URL, 'https://www.fleetpay.example']) {
    await context.route(`${site}/**`, (route) =>
      route.fulfill({ contentType: 'text/html', body: '<title>Elsewhere</title><p>Elsewhere</p>' }),
    )
  }
}

test('the status icon and the support links open in a new tab; /status and /support still redirect', async ({
  page,
  context,
}) => {
  await useScreenshotWidth(page)
  await fakeExternalSites(context)
  await signIn(page, DEMO_EMAILS.owner, { account: DEMO_ACCOUNT_NAMES.cityCabs })
  const here = page.url()

  const icon = page.getByRole('link', { name: /^System status: / })
  await expect(icon).toHaveAttribute('target', '_blank')
  await expect(icon).toHaveAttribute('rel', /\bnoopener\b/)
  const [statusTab] = await Promise.all([context.waitForEvent('page'), icon.click()])
  await expect(statusTab).toHaveURL(new RegExp(`^${STATUS_SITE_URL}`))
  await statusTab.close()
  // The driver's place is kept.
  expect(page.url()).toBe(here)
  await expect(page.getByRole('heading', { name: 'Dashboard', level: 1 })).toBeVisible()

  const footer = page.getByRole('contentinfo')
  for (const name of ['Help centre', 'Contact support', 'Terms', 'Privacy']) {
    const link = footer.getByRole('link', { name })
    await expect(link).toHaveAttribute('target', '_blank')
    await expect(link).toHaveAttribute('rel', /\bnoopener\b/)
  }
  await expect(footer.getByRole('link', { name: 'Contact support' })).toHaveAttribute(
    'href',
    SUPPORT_LINKS.contact,
  )

  for (const [name, site] of [
    ['Support', SUPPORT_SITE_URL],
    ['System Status', STATUS_SITE_URL],
  ] as const) {
    const nav = await openMainNav(page)
    const link = nav.getByRole('link', { name, exact: true })
    await expect(link).toHaveAttribute('target', '_blank')
    await expect(link).toHaveAttribute('rel', /\bnoopener\b/)
    const [tab] = await Promise.all([context.waitForEvent('page'), link.click()])
    await expect(tab).toHaveURL(new RegExp(`^${site}`))
    await tab.close()
    expect(page.url()).toBe(here)
  }

  // docs/screens.md#routing-rules: the routes themselves still send the browser on.
  await page.goto('/status')
  await expect(page).toHaveURL(new RegExp(`^${STATUS_SITE_URL}`))
  await page.goto('/support')
  await expect(page).toHaveURL(new RegExp(`^${SUPPORT_SITE_URL}`))
})

test('times read as times, and the page language is en-GB', PHONE_ONLY, async ({ page }) => {
  await useScreenshotWidth(page)
  await signIn(page, DEMO_EMAILS.owner, { account: DEMO_ACCOUNT_NAMES.cityCabs })
  await expect(page.locator('html')).toHaveAttribute('lang', 'en-GB')
  await page.goto('/transactions/sales')
  await expect(page.getByRole('heading', { name: 'Sales', level: 1 })).toBeVisible()
  const times = page.getByRole('region', { name: 'Sales' }).getByText(/^\d{4}-\d\d-\d\d \d\d:\d\d/)
  await expect(times.first()).toBeVisible()
  for (const text of await times.allInnerTexts()) {
    // With a 12-hour hour (docs/constants.md#formats): never '23:53 PM' or '00:10 AM'.
    expect(text.trim()).toMatch(/^\d{4}-\d\d-\d\d (0[1-9]|1[0-2]):[0-5]\d (AM|PM)$/)
  }
  // Date inputs carry the language too (browsers that honour it show dd/mm/yyyy). On a phone they
  // are in the folded filters, made when someone opens them.
  await page.locator('summary', { hasText: 'Filters' }).click()
  const dates = page.locator('input[type="date"]')
  await expect(dates.first()).toBeAttached()
  for (const input of await dates.all()) await expect(input).toHaveAttribute('lang', 'en-GB')
})

const CITY_CABS = SEED_SUBMERCHANTS.cityCabs

interface ListedSale {
  id: string
  saleAmount: number
  gratuityAmount: number
  cardType: string
  terminalSerialNumber: string | null
}

const pounds = (minor: number) =>
  new Intl.NumberFormat('en-GB', { style: 'currency', currency: 'GBP' }).format(minor / 100)

async function openSalesList(page: Page) {
  await useScreenshotWidth(page)
  await signIn(page, DEMO_EMAILS.owner, {
    account: DEMO_ACCOUNT_NAMES.cityCabs,
    to: '/transactions/sales',
  })
  await expect(page.getByRole('heading', { name: 'Sales', level: 1 })).toBeVisible()
  const region = page.getByRole('region', { name: 'Sales' })
  await expect(region.locator('a[href*="/transactions/sales/"]').first()).toBeVisible()
  return region
}

test('every sales column is readable: a full card on a phone, a table that fits or shows it scrolls on a tablet', async ({
  page,
}, testInfo) => {
  const region = await openSalesList(page)
  const [first] = await apiGet<ListedSale[]>(page, CITY_CABS, '/v1/sales', {
    submerchantId: CITY_CABS,
    sort: '-capturedAt',
    limit: 1,
  })
  if (!first) throw new Error('no sales')
  await saveScreenshot(page, testInfo, 'new-user-sales')

  if (isPhone(page)) {
    const card = region.locator(`a[href$="/transactions/sales/${first.id}"]`)
    const facts: [string, string][] = [
      ['Fare', pounds(first.saleAmount)],
      ['Tip', pounds(first.gratuityAmount)],
      [
        'Card type',
        first.cardType === 'credit' ? 'Credit' : first.cardType === 'debit' ? 'Debit' : 'Prepaid',
      ],
      ['Terminal', first.terminalSerialNumber ?? '–'],
    ]
    for (const [label, value] of facts) {
      const fact = card.locator('div', { has: page.locator('dt', { hasText: label }) })
      await expect(fact.locator('dd')).toHaveText(value)
      await expectWhollyInside(fact, card)
    }
    return
  }

  // Tablet: each column header (docs/screens.md#sales) is on screen, folded into the rows' details
  // (More), or the table says it scrolls and keeps its first column.
  const table = region.locator('.data-table')
  const frame = table.locator('.data-table__scroll')
  const columns = SALE_COLUMNS
  const headers: string[] = []
  for (const name of columns) {
    if (await table.getByRole('columnheader', { name }).count()) headers.push(name)
  }
  const folded = columns.filter((name) => !headers.includes(name))
  if (folded.length > 0) {
    await table
      .getByRole('button', { name: /^More about / })
      .first()
      .click()
    const details = table.locator('.data-table__details').first()
    for (const name of folded) {
      await expect(details.locator('dt', { hasText: name })).toHaveCount(1)
    }
  }
  const hidden = []
  for (const name of headers) {
    if (!(await isWhollyInside(table.getByRole('columnheader', { name }), frame))) hidden.push(name)
  }
  if (hidden.length === 0) return
  await expect(region.getByText('Scroll sideways for more columns')).toBeVisible()
  await expect(frame).toHaveAttribute('tabindex', '0')
  const firstHeader = table.getByRole('columnheader', { name: 'Total' })
  const before = await firstHeader.boundingBox()
  await frame.evaluate((element) => element.scrollTo({ left: element.scrollWidth }))
  await expect(table).toHaveAttribute('data-scroll', 'end')
  for (const name of hidden) {
    await expect
      .poll(() => isWhollyInside(table.getByRole('columnheader', { name }), frame))
      .toBe(true)
  }
  // Sticky: the first column has not moved.
  expect((await firstHeader.boundingBox())?.x).toBeCloseTo(before?.x ?? -1, 0)
})

async function isWhollyInside(inner: Locator, outer: Locator): Promise<boolean> {
  const [a, b] = [await inner.boundingBox(), await outer.boundingBox()]
  if (!a || !b) return false
  return a.x >= b.x - 0.5 && a.x + a.width <= b.x + b.width + 0.5
}

async function expectWhollyInside(inner: Locator, outer: Locator) {
  expect(await isWhollyInside(inner, outer)).toBe(true)
  // Nothing cut off inside it either.
  expect(await inner.evaluate((element) => element.scrollWidth <= element.clientWidth + 1)).toBe(
    true,
  )
}

test('the sale detail keeps its layout after client-side navigation from the list', async ({
  page,
}, testInfo) => {
  const region = await openSalesList(page)
  const link = region.locator('a[href*="/transactions/sales/"]').first()
  await link.click()
  await expect(page.getByRole('heading', { name: 'Sale details', level: 1 })).toBeVisible()
  const cards = ['Money', 'Card', 'Dates and status', 'Links'].map((name) =>
    page.getByRole('region', { name, exact: true }),
  )
  for (const card of cards) await expect(card).toBeVisible()
  const boxes = async () => Promise.all(cards.map((card) => card.boundingBox()))
  // Measured before the full-page screenshot, which resizes the viewport to the page's height.
  const afterNavigation = await boxes()
  await saveScreenshot(page, testInfo, 'sale-detail-after-navigation')

  // The same page loaded on its own is the reference.
  await page.reload()
  for (const card of cards) await expect(card).toBeVisible()
  const afterLoad = await boxes()
  expect(afterNavigation).toEqual(afterLoad)
  // Cards have room inside: the list card's negative margins never leak into them.
  const padding = await cards[0]!.evaluate((element) => getComputedStyle(element).paddingLeft)
  expect(parseFloat(padding)).toBeGreaterThanOrEqual(16)
  if (!isPhone(page)) {
    // Two columns from 768 px: Money and Card side by side.
    expect(afterLoad[0]?.y).toBe(afterLoad[1]?.y)
  }
})

test(
  'a disabled Not permitted button says why in visible text, keeping its title',
  PHONE_ONLY,
  async ({ page }) => {
    await useScreenshotWidth(page)
    // Airport Express restricts refunds to its owner (docs/roles.md#refunds); the viewer only reads.
    await signIn(page, DEMO_EMAILS.viewer, { account: 'Airport Express' })
    const airport = SEED_SUBMERCHANTS.airportExpress
    const [sale] = await apiGet<ListedSale[]>(page, airport, '/v1/sales', {
      submerchantId: airport,
      sort: '-capturedAt',
      limit: 1,
    })
    if (!sale) throw new Error('no sales')
    await openSale(page, sale.id)
    const refunds = page.getByRole('region', { name: 'Refunds', exact: true })
    const denied = refunds.getByRole('button', { name: 'Not permitted' })
    await expect(denied).toBeDisabled()
    await expect(denied).toHaveAttribute('title', 'Insufficient privileges')
    await expect(refunds.getByText('Insufficient privileges', { exact: true })).toBeVisible()
    await expect(denied).toHaveAccessibleDescription('Insufficient privileges')
  },
)

test('controls look as they are: enabled selects are not grey, the avatar is round, the top bar has room', async ({
  page,
}, testInfo) => {
  await useScreenshotWidth(page)
  await signIn(page, DEMO_EMAILS.owner, { account: 'West End Chauffeurs' })

  // The longest demo account name is shown whole (two lines at most on a phone).
  const name = page.getByRole('banner').getByText('West End Chauffeurs')
  await expect(name).toBeVisible()
  expect(
    await name.evaluate(
      (e) => e.scrollHeight <= e.clientHeight + 1 && e.scrollWidth <= e.clientWidth + 1,
    ),
  ).toBe(true)
  for (const action of await page
    .getByRole('banner')
    .locator('.top-bar__actions > *, .top-bar__actions .menu__trigger')
    .all()) {
    const box = await action.boundingBox()
    if (box && box.width > 0) expect(Math.min(box.width, box.height)).toBeGreaterThanOrEqual(44)
  }
  await saveScreenshot(page, testInfo, 'new-user-top-bar')

  // The user menu's avatar: a circle, not an oval.
  if (isPhone(page)) await openMainNav(page)
  const avatar = page.locator('.user-menu__avatar').first()
  await expect(avatar).toBeVisible()
  const box = await avatar.boundingBox()
  expect(box?.width).toBeCloseTo(box?.height ?? 0, 0)
  if (isPhone(page)) await page.getByRole('button', { name: 'Close menu' }).click()

  // An enabled select has the fill of an enabled field (the surface); only read-only fields are grey.
  await page.goto('/transactions/sales')
  await expect(page.getByRole('heading', { name: 'Sales', level: 1 })).toBeVisible()
  const fill = (locator: Locator) =>
    locator.evaluate((element) => getComputedStyle(element).backgroundColor)
  const surface = await page.evaluate(() => {
    const probe = document.body.appendChild(document.createElement('div'))
    probe.style.background = 'var(--surface)'
    const colour = getComputedStyle(probe).backgroundColor
    probe.remove()
    return colour
  })
  const select = page.locator('select.input:enabled').first()
  await expect(select).toBeAttached()
  expect(await fill(select)).toBe(surface)
  await page.goto('/user/edit')
  const readOnly = page.getByRole('textbox', { name: 'Email' })
  await expect(readOnly).toBeVisible()
  expect(await fill(readOnly)).not.toBe(surface)
})
