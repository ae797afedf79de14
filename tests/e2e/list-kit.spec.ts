import { expect, test, type Page } from '@playwright/test'
import { expectNoSeriousA11yViolations } from './support/axe'
import { DEMO_ACCOUNT_NAMES, DEMO_EMAILS, SEED_SUBMERCHANTS } from './support/demo'
import { PHONE_ONLY } from './support/projects'
import { isPhone, saveScreenshot, useScreenshotWidth } from './support/shell'
import { signIn } from './support/sign-in'

const account = SEED_SUBMERCHANTS.cityCabs

// The list's total as the API counts it (Total-Count), for the same filters.
async function apiTotal(page: Page, params: Record<string, string> = {}): Promise<number> {
  const res = await page.request.get('/v1/sales', {
    headers: { 'Token-Perspective': account, 'X-Requested-With': 'portal' },
    params: { submerchantId: account, limit: 1, ...params },
  })
  expect(res.status()).toBe(200)
  expect(res.headers()['total-count-is-approximate']).not.toBe('true')
  return Number(res.headers()['total-count'])
}

const count = (total: number) =>
  `${total.toLocaleString('en-GB')} ${total === 1 ? 'sale' : 'sales'}`

test.beforeEach(async ({ page }) => {
  await useScreenshotWidth(page)
  await signIn(page, DEMO_EMAILS.owner, {
    account: DEMO_ACCOUNT_NAMES.cityCabs,
    to: '/transactions/sales',
  })
  await expect(page.getByRole('heading', { name: 'Sales', level: 1 })).toBeVisible()
})

test('the result count follows the filters', PHONE_ONLY, async ({ page }) => {
  const status = page.locator('.list-status__count')
  await expect(status).toHaveText(count(await apiTotal(page)))
  if (isPhone(page)) await page.locator('summary', { hasText: 'Filters' }).click()
  await page.getByLabel('Method').selectOption('pos')
  await expect(status).toHaveText(count(await apiTotal(page, { method: 'pos' })))
  await expectNoSeriousA11yViolations(page)
})

// Tablets show the filters open beside the list.
test(
  'on a phone the filters open as a bottom sheet that shows its results',
  PHONE_ONLY,
  async ({ page }, testInfo) => {
    const summary = page.locator('summary', { hasText: 'Filters' })
    await summary.click()
    const sheet = page.getByRole('group', { name: 'Filters', exact: true })
    await expect(sheet).toBeVisible()
    // A sheet: pinned to the bottom of the screen, no taller than most of it.
    const box = await sheet.boundingBox()
    const viewport = page.viewportSize()
    expect(box && viewport && Math.round(box.y + box.height)).toBe(viewport?.height)
    expect(box && viewport && box.height <= viewport.height * 0.61).toBe(true)

    await sheet.getByLabel('Card scheme').selectOption('visa')
    const total = await apiTotal(page, { cardScheme: 'visa' })
    const show = sheet.getByRole('button', {
      name: `Show ${total.toLocaleString('en-GB')} results`,
    })
    await expect(show).toBeVisible()
    await page.screenshot({ path: `.tmp/screens/sales-filter-sheet-${viewport?.width}.png` })
    await expectNoSeriousA11yViolations(page)

    await show.click()
    await expect(sheet).toBeHidden()
    await expect(
      page.getByRole('button', { name: 'Remove filter Card scheme: Visa' }),
    ).toBeVisible()
    await saveScreenshot(page, testInfo, 'sales-filter-sheet-closed')
  },
)
