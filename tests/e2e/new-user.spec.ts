import { expect, test, type BrowserContext, type Page } from '@playwright/test'
import { STATUS_SITE_URL, SUPPORT_LINKS, SUPPORT_SITE_URL } from '../../src/config/links'
import { DEMO_ACCOUNT_NAMES, DEMO_EMAILS } from './support/demo'
import { isPhone, openMainNav, useScreenshotWidth } from './support/shell'
import { signIn } from './support/sign-in'

// What a new user trips on (issue 13 B), at 360 px (phone project) and 1024 px (tablet project).

// §2 entries whose screens are not built yet.
const NOT_BUILT = ['Payment Links', 'Scan to Pay', 'Payouts', 'Terminals', 'Developer Tools']

// Page Not Found, inside the shell: the account's top bar and the navigation stay on screen.
async function expectNotFoundInShell(page: Page) {
  await expect(page.getByRole('heading', { name: 'Page Not Found', level: 1 })).toBeVisible()
  await expect(page.getByRole('banner').getByText(DEMO_ACCOUNT_NAMES.cityCabs)).toBeVisible()
  const nav = isPhone(page) ? 'Quick navigation' : 'Main'
  await expect(page.getByRole('navigation', { name: nav })).toBeVisible()
  await expect(page.getByRole('link', { name: 'Go to the main page' })).toHaveAttribute('href', '/')
  await expect(page).toHaveTitle(/Page Not Found/)
}

test('account paths not built yet say Page Not Found inside the shell', async ({ page }) => {
  await useScreenshotWidth(page)
  await signIn(page, DEMO_EMAILS.owner, { account: DEMO_ACCOUNT_NAMES.cityCabs })

  for (const name of NOT_BUILT) {
    const nav = await openMainNav(page)
    await nav.getByRole('link', { name, exact: true }).click()
    await expectNotFoundInShell(page)
  }

  if (isPhone(page)) {
    // The bottom bar's Links tab.
    await page.getByRole('link', { name: 'Dashboard', exact: true }).click()
    await expect(page.getByRole('heading', { name: 'Dashboard', level: 1 })).toBeVisible()
    await page
      .getByRole('navigation', { name: 'Quick navigation' })
      .getByRole('link', { name: 'Payment Links' })
      .click()
    await expect(page).toHaveURL(/\/payment-links$/)
    await expectNotFoundInShell(page)
  }

  // Deeper paths of those screens too, opened directly.
  for (const path of ['/payment-links/create', '/terminals/T-1', '/developer/endpoints/e1/x']) {
    await page.goto(path)
    await expectNotFoundInShell(page)
  }

  await page.getByRole('link', { name: 'Go to the main page' }).click()
  await expect(page.getByRole('heading', { name: 'Dashboard', level: 1 })).toBeVisible()
})

test('a signed-out visit to an account path not built yet still asks to sign in', async ({
  page,
}) => {
  await page.goto('/payouts')
  await expect(page).toHaveURL(/\/login\?redirect=/)
})

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

  // §2: the routes themselves still send the browser on.
  await page.goto('/status')
  await expect(page).toHaveURL(new RegExp(`^${STATUS_SITE_URL}`))
  await page.goto('/support')
  await expect(page).toHaveURL(new RegExp(`^${SUPPORT_SITE_URL}`))
})

test('times read as times, and the page language is en-GB', async ({ page }) => {
  await useScreenshotWidth(page)
  await signIn(page, DEMO_EMAILS.owner, { account: DEMO_ACCOUNT_NAMES.cityCabs })
  await expect(page.locator('html')).toHaveAttribute('lang', 'en-GB')
  await page.goto('/transactions/sales')
  await expect(page.getByRole('heading', { name: 'Sales', level: 1 })).toBeVisible()
  const times = page.getByRole('region', { name: 'Sales' }).getByText(/^\d{4}-\d\d-\d\d \d\d:\d\d/)
  await expect(times.first()).toBeVisible()
  for (const text of await times.allInnerTexts()) {
    // §9 with a 12-hour hour: never '23:53 PM' or '00:10 AM'.
    expect(text.trim()).toMatch(/^\d{4}-\d\d-\d\d (0[1-9]|1[0-2]):[0-5]\d (AM|PM)$/)
  }
  // Date inputs carry the language too (browsers that honour it show dd/mm/yyyy).
  const dates = page.locator('input[type="date"]')
  await expect(dates.first()).toBeAttached()
  for (const input of await dates.all()) await expect(input).toHaveAttribute('lang', 'en-GB')
})
