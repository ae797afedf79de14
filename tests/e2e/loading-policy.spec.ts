import { expect, test, type Page, type Route } from '@playwright/test'
import { DEMO_ACCOUNT_NAMES, DEMO_EMAILS } from './support/demo'
import { goOffline, goOnline } from './support/pwa'
import { openFirst, signIn } from './support/sign-in'

// One loading policy (issue 13 A2): loaders fetch once, a first-load failure is the 'Failed to load …' text (docs/errors.md#loading-a-screen) with
// Retry inside the shell, and offline with nothing saved is an offline state, never a spinner.

const SERVER_ERROR = {
  status: 500,
  contentType: 'application/json',
  body: JSON.stringify({ message: 'Internal server error', code: 'internal_error' }),
}

// Requests to one API path (query string ignored), counted as the browser sends them.
function countRequests(page: Page, path: string): () => number {
  let count = 0
  page.on('request', (request) => {
    if (new URL(request.url()).pathname === path) count += 1
  })
  return () => count
}

// The shell is still there: the top bar names the account.
async function expectInsideShell(page: Page) {
  await expect(page.getByRole('banner').getByText(DEMO_ACCOUNT_NAMES.cityCabs)).toBeVisible()
}

test.describe('online', () => {
  // Every test opens its own page first.
  test.beforeEach(async ({ page }) => {
    await signIn(page, DEMO_EMAILS.owner, {
      account: DEMO_ACCOUNT_NAMES.cityCabs,
      openPortal: false,
    })
  })

  test('a missing sale is asked for once and says so inside the shell', async ({ page }) => {
    const path = '/v1/sales/sale_does_not_exist'
    const requests = countRequests(page, path)
    await openFirst(page, '/transactions/sales/sale_does_not_exist')
    const alert = page.getByRole('alert').filter({ hasText: 'Failed to load sale' })
    await expect(alert).toBeVisible()
    await expectInsideShell(page)
    await page.waitForLoadState('networkidle')
    expect(requests()).toBe(1)
  })

  test('a failing sale is asked for once, and Retry asks again', async ({ page }) => {
    const path = '/v1/sales/sale_server_error'
    await page.route(`**${path}`, (route) => route.fulfill(SERVER_ERROR))
    const requests = countRequests(page, path)
    await openFirst(page, '/transactions/sales/sale_server_error')
    const alert = page.getByRole('alert').filter({ hasText: 'Failed to load sale' })
    await expect(alert).toBeVisible()
    await expectInsideShell(page)
    await page.waitForLoadState('networkidle')
    expect(requests()).toBe(1)
    await alert.getByRole('button', { name: 'Retry' }).click()
    await expect.poll(requests).toBeGreaterThanOrEqual(2)
  })

  test('the sales list shows a first-load failure inside the shell with Retry', async ({
    page,
  }) => {
    let failing = true
    await page.route('**/v1/sales?**', (route) =>
      failing ? route.fulfill(SERVER_ERROR) : route.fallback(),
    )
    const requests = countRequests(page, '/v1/sales')
    await openFirst(page, '/transactions/sales')
    await expect(page.getByRole('heading', { name: 'Sales', level: 1 })).toBeVisible()
    const alert = page.getByRole('alert').filter({ hasText: 'Failed to load sales' })
    await expect(alert).toBeVisible()
    await expectInsideShell(page)
    await page.waitForLoadState('networkidle')
    expect(requests()).toBe(1)

    failing = false
    await alert.getByRole('button', { name: 'Retry' }).click()
    await expect(page.getByRole('region', { name: 'Sales' })).toBeVisible()
    await expect(alert).toBeHidden()
  })
})

test.describe('before the first visit', () => {
  test("the dashboard's first-load failure shows inside the shell with Retry", async ({ page }) => {
    // Failing from sign-in on, so the dashboard's figures were never loaded before.
    let failing = true
    await page.route('**/v1/sales/summary?**', (route) =>
      failing ? route.fulfill(SERVER_ERROR) : route.fallback(),
    )
    await signIn(page, DEMO_EMAILS.owner, { account: DEMO_ACCOUNT_NAMES.cityCabs })
    const today = page.getByRole('region', { name: 'Today', exact: true })
    const alert = today.getByRole('alert').filter({ hasText: 'Failed to load sales' })
    await expect(alert).toBeVisible()
    await expectInsideShell(page)
    failing = false
    await alert.getByRole('button', { name: 'Retry' }).click()
    await expect(today.getByText('Takings', { exact: true })).toBeVisible()
    await expect(alert).toBeHidden()
  })

  test('with no saved payout, the dashboard card says so instead of spinning', async ({
    page,
    context,
  }) => {
    // Held on its way, so the payout has never been saved on this device when the line drops.
    let held: Route | null = null
    await page.route('**/v1/payouts?**', (route) => {
      held = route
    })
    await signIn(page, DEMO_EMAILS.owner, { account: DEMO_ACCOUNT_NAMES.cityCabs })
    await expect.poll(() => held !== null).toBe(true)
    await goOffline(context)
    await (held as Route | null)?.abort('internetdisconnected')
    const card = page.getByRole('region', { name: 'Latest payout' })
    await expect(card.getByText('You are offline')).toBeVisible()
    await expect(card.getByText('Loading the latest payout')).toBeHidden()

    await page.unroute('**/v1/payouts?**')
    await goOnline(context)
    await expect(card.getByText('Amount')).toBeVisible()
  })
})
