import { expect, test, type Page, type TestInfo } from '@playwright/test'
import { DEMO_ACCOUNT_NAMES, DEMO_EMAILS, SEED_SUBMERCHANTS } from './support/demo'
import { apiGet, openSale, portalHeaders, refundsOf, type ApiSale } from './support/sale-api'
import { checkScreen, useScreenshotWidth } from './support/shell'
import { overlaps, whenNoticeShows } from './support/notices'
import { signIn } from './support/sign-in'
import { registerUser } from './support/users'

// Every screen at 360 px (phone project) and 1024 px (tablet project), light and dark: a
// screenshot in .tmp/screens to look at, no sideways scrolling, and no serious axe violation.

// Many pages and axe runs per test on a shared machine.
test.describe.configure({ timeout: 240_000 })

test.beforeEach(async ({ page }) => {
  await useScreenshotWidth(page)
})

test('signed-out screens: login, register, forgot password, not found', async ({
  page,
}, testInfo) => {
  await page.goto('/login')
  await expect(page.getByRole('button', { name: 'Log in' })).toBeVisible()
  await checkScreen(page, testInfo, 'login')

  await page.goto('/register')
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible()
  await checkScreen(page, testInfo, 'register')

  await page.goto('/forgot-password')
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible()
  await checkScreen(page, testInfo, 'forgot-password')

  await page.goto('/no/such/place')
  await expect(page.getByRole('heading', { name: 'Page Not Found' })).toBeVisible()
  await checkScreen(page, testInfo, 'not-found')
})

test('select account, dashboard, outbox and an unknown account path', async ({
  page,
}, testInfo) => {
  await signIn(page, DEMO_EMAILS.owner)
  await expect(page.getByRole('button', { name: DEMO_ACCOUNT_NAMES.cityCabs })).toBeVisible()
  await checkScreen(page, testInfo, 'select-account')

  await page.getByRole('button', { name: DEMO_ACCOUNT_NAMES.cityCabs, exact: true }).click()
  await expect(page.getByRole('heading', { name: 'Dashboard', level: 1 })).toBeVisible()
  await expect(page.getByText('Loading', { exact: false })).toHaveCount(0)
  await checkScreen(page, testInfo, 'dashboard')

  await page.goto('/outbox')
  await expect(page.getByRole('heading', { name: 'Outbox', level: 1 })).toBeVisible()
  await checkScreen(page, testInfo, 'outbox')

  await page.goto('/scan-to-pay/nothing-here')
  await expect(page.getByRole('heading', { name: 'Page Not Found', level: 1 })).toBeVisible()
  await checkScreen(page, testInfo, 'not-found-in-shell')
})

test('sales list', async ({ page }, testInfo) => {
  await signIn(page, DEMO_EMAILS.owner, {
    account: DEMO_ACCOUNT_NAMES.cityCabs,
    to: '/transactions/sales',
  })
  await expect(page.getByRole('heading', { name: 'Sales', level: 1 })).toBeVisible()
  await expect(
    page.getByRole('region', { name: 'Sales' }).locator('a[href*="/transactions/sales/"]').first(),
  ).toBeVisible()
  await checkScreen(page, testInfo, 'sales-list')
})

const GREEN_LINE = SEED_SUBMERCHANTS.greenLine

// A Green Line sale (no other spec uses that account) with a pending refund, one per project.
async function saleWithPendingRefund(page: Page, testInfo: TestInfo): Promise<ApiSale> {
  const before = new Date()
  before.setUTCHours(0, 0, 0, 0)
  const sales = await apiGet<ApiSale[]>(page, GREEN_LINE, '/v1/sales', {
    submerchantId: GREEN_LINE,
    'capturedAt[$lt]': before.toISOString(),
    sort: '-capturedAt',
    limit: 2,
  })
  const sale = sales[testInfo.project.name === 'tablet' ? 1 : 0]
  if (!sale) throw new Error('Green Line has too few sales')
  const refunds = await refundsOf(page, GREEN_LINE, sale.id)
  if (!refunds.some((refund) => refund.status === 'pending')) {
    const res = await page.request.post(`/v1/sales/${sale.id}/refund-requests/`, {
      headers: portalHeaders(GREEN_LINE),
      data: { amount: 1, refundReason: 'Screens check: passenger overcharged by a penny' },
    })
    expect(res.status(), await res.text()).toBe(201)
  }
  return sale
}

test('sale detail with refunds and receipts', async ({ page }, testInfo) => {
  await signIn(page, DEMO_EMAILS.owner, { account: 'Green Line Cars' })
  const sale = await saleWithPendingRefund(page, testInfo)
  await openSale(page, sale.id)
  const refunds = page.getByRole('region', { name: 'Refunds', exact: true })
  await expect(refunds.getByRole('button', { name: /^Delete refund of / })).toBeVisible()
  await checkScreen(page, testInfo, 'sale-detail')

  await refunds.getByRole('button', { name: 'Request refund' }).click()
  await expect(page.getByRole('dialog')).toBeVisible()
  await checkScreen(page, testInfo, 'refund-dialog')
  await page.getByRole('dialog').getByRole('button', { name: 'Cancel' }).click()
  await expect(page.getByRole('dialog')).toHaveCount(0)

  // A toast never covers the fixed navigation's buttons (page content scrolls out from under it).
  await refunds
    .getByRole('button', { name: /^Delete refund of / })
    .first()
    .click()
  // Measured the moment it shows: the toast leaves after 3000 ms (docs/constants.md#timing).
  const seen = whenNoticeShows(page, 'Refund deleted')
  await page
    .getByRole('dialog', { name: 'Delete refund?' })
    .getByRole('button', { name: 'Delete refund' })
    .click()
  const { toast } = await seen
  const fixedNav = page.getByRole('navigation', { name: /^(Quick navigation|Main)$/ })
  for (const button of await fixedNav.getByRole('link').all()) {
    const box = await button.boundingBox()
    if (!box || !(await button.isVisible())) continue
    expect(overlaps(box, toast), `the toast covers ${await button.innerText()}`).toBe(false)
  }
})

test('profile with its dialogs', async ({ page }, testInfo) => {
  await signIn(page, DEMO_EMAILS.owner, { account: DEMO_ACCOUNT_NAMES.cityCabs, to: '/user/edit' })
  await expect(page.getByRole('heading', { name: 'Your Account' })).toBeVisible()
  await checkScreen(page, testInfo, 'profile')

  await page.getByRole('button', { name: 'Update password' }).click()
  const password = page.getByRole('dialog', { name: 'Update password' })
  await expect(password).toBeVisible()
  await checkScreen(page, testInfo, 'password-dialog')
})

test('the MFA set-up dialog, as a fresh user', async ({ page, request }, testInfo) => {
  // Starting enrolment changes the user: never a shared demo user.
  const user = await registerUser(request)
  await signIn(page, user.emailAddress, { password: user.password })
  await page.goto('/user/edit')
  await page.getByRole('button', { name: 'Enable MFA' }).click()
  const dialog = page.getByRole('dialog', { name: 'Set up multi-factor authentication' })
  await expect(dialog).toBeVisible()
  await expect(dialog.getByRole('img').first()).toBeVisible()
  await checkScreen(page, testInfo, 'mfa-dialog')
  // Nothing in the dialog is wider than the screen.
  const box = await dialog.boundingBox()
  const width = page.viewportSize()?.width ?? 0
  expect(box && box.x >= 0 && box.x + box.width <= width).toBe(true)
})
