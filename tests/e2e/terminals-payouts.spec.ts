import { expect, test, type Page } from '@playwright/test'
import { expectNoSeriousA11yViolations } from './support/axe'
import { DEMO_EMAILS, SEED_SUBMERCHANTS } from './support/demo'
import { dumpStorage, dumpTexts, goOffline, goOnline, waitForServiceWorker } from './support/pwa'
import { apiGet } from './support/sale-api'
import { checkScreen, mainNavLabels, useScreenshotWidth } from './support/shell'
import { signIn } from './support/sign-in'
import { PHONE_ONLY } from './support/projects'

const CITY = SEED_SUBMERCHANTS.cityCabs

interface ApiTerminal {
  id: string
  name: string | null
  serialNumber: string
  model: string
}
interface ApiPayout {
  id: string
  amount: number
  currency: string
  paymentReference: string
  status: string
}

const money = (minor: number) =>
  new Intl.NumberFormat('en-GB', { style: 'currency', currency: 'GBP' }).format(minor / 100)

async function openTerminals(page: Page) {
  await page.goto('/terminals')
  await expect(page.getByRole('heading', { name: 'Terminals', level: 1 })).toBeVisible()
}

test(
  'the terminals list, its search suggestions and a terminal with its sales',
  PHONE_ONLY,
  async ({ page }) => {
    await signIn(page, DEMO_EMAILS.owner, { account: 'City Cabs' })
    const terminals = await apiGet<ApiTerminal[]>(page, CITY, '/v1/terminals', {
      'currentAllocation[submerchantId]': CITY,
      limit: 100,
    })
    await openTerminals(page)
    const first = terminals[0]
    if (!first) throw new Error('no terminals')
    const list = page.getByRole('region', { name: 'Terminals' })
    await expect(list.getByText(first.serialNumber).first()).toBeVisible()
    await expect(list.getByText(/BluePad/).first()).toBeVisible()
    await expect(page.getByText(`${terminals.length} terminals`)).toBeVisible()

    // Search: suggestions after the debounce, each opening its terminal.
    const search = page.getByRole('searchbox', { name: 'Search terminals' })
    await search.fill(first.serialNumber.slice(0, 8))
    const suggestions = page.getByRole('list', { name: 'Suggestions' })
    await expect(suggestions.getByRole('link').first()).toBeVisible()
    await expect(search).not.toHaveAttribute('data-pending', 'true')
    await suggestions.getByRole('link', { name: new RegExp(first.serialNumber) }).click()
    await expect(page).toHaveURL(new RegExp(`/terminals/${first.id}`))
    await expect(
      page.getByRole('heading', { name: first.name ?? first.serialNumber, level: 1 }),
    ).toBeVisible()
    await expect(page.getByRole('img', { name: /BluePad/ })).toBeVisible()
    await expect(page.getByText(/^Today \d+ ·/)).toBeVisible()

    // The terminal's sales with the kit's filters and chips.
    const sales = page.getByRole('region', { name: 'Terminal sales' })
    await expect(sales.getByRole('heading', { name: 'Sales' })).toBeVisible()
    const count = page.getByText(/^\d[\d,]* sales$/)
    await expect(count).toBeVisible()
    await page.goto(`/terminals/${first.id}?cardScheme=visa`)
    await expect(
      page.getByRole('button', { name: /Remove.*Visa|Card scheme: Visa/ }).first(),
    ).toBeVisible()
  },
)

test('a terminal that fails to load says so', PHONE_ONLY, async ({ page }) => {
  await signIn(page, DEMO_EMAILS.owner, { account: 'City Cabs', to: '/terminals/trm_missing' })
  await expect(page.getByText('Failed to load terminal')).toBeVisible()
})

test.describe('payouts', () => {
  // The offline reload at its end is served by the service worker.
  test.use({ serviceWorkers: 'allow' })

  test('payouts: list, filters and chips, the detail with its destination and its sales adding up', async ({
    page,
  }) => {
    await signIn(page, DEMO_EMAILS.owner, { account: 'City Cabs' })
    const payouts = await apiGet<ApiPayout[]>(page, CITY, '/v1/payouts', {
      submerchantId: CITY,
      limit: 5,
    })
    const target = payouts[3]
    if (!target) throw new Error('no payouts')
    await page.goto(`/payouts?paymentReference=${target.paymentReference}`)
    await expect(page.getByRole('heading', { name: 'Payouts', level: 1 })).toBeVisible()
    await expect(page.getByText('1 payout', { exact: true })).toBeVisible()
    const chip = page.getByRole('button', {
      name: new RegExp(`Remove.*${target.paymentReference}`),
    })
    await expect(chip).toBeVisible()
    await page
      .getByRole('link', { name: new RegExp(target.paymentReference) })
      .first()
      .click()

    await expect(page).toHaveURL(new RegExp(`/payouts/${target.id}`))
    await expect(page.getByRole('heading', { name: 'Payout details', level: 1 })).toBeVisible()
    await expect(page.getByText(money(target.amount), { exact: true }).first()).toBeVisible()
    await expect(page.getByText('Regular', { exact: true })).toBeVisible()
    const bank = page.getByRole('region', { name: 'Bank account' })
    await expect(bank.getByText('City Cabs Ltd')).toBeVisible()
    await expect(bank.getByText(/^•••• \d{4}$/)).toBeVisible()
    await expect(page.getByText('The sales add up to this payout')).toBeVisible()
    await expect(
      page
        .getByRole('region', { name: 'What is in this payout' })
        .getByText(money(target.amount))
        .last(),
    ).toBeVisible()
    await expectNoSeriousA11yViolations(page)

    // The full account number never reaches the device's storage, only its last four.
    const detail = await apiGet<{ destinationId: string }>(page, CITY, `/v1/payouts/${target.id}`)
    const account = await apiGet<{ accountNumber: string }>(
      page,
      CITY,
      `/v1/bank-accounts/${detail.destinationId}`,
    )
    await expect
      .poll(async () => dumpTexts(await dumpStorage(page)).join('\n'))
      .toContain(target.paymentReference)
    expect(dumpTexts(await dumpStorage(page)).join('\n')).not.toContain(account.accountNumber)

    // Offline, a reload of the visited payout shows it with its age, never a spinner.
    await waitForServiceWorker(page)
    await goOffline(page.context())
    await page.reload()
    await expect(page.getByRole('heading', { name: 'Payout details', level: 1 })).toBeVisible()
    await expect(page.getByText(money(target.amount), { exact: true }).first()).toBeVisible()
    await expect(page.getByText(/^Updated .* · offline$/).first()).toBeVisible()
    await expect(page.getByText('The sales add up to this payout')).toBeVisible()
    await goOnline(page.context())
  })
})

test(
  'the role rule: restricted accounts refuse terminals and payouts to a manager',
  PHONE_ONLY,
  async ({ page }) => {
    await signIn(page, DEMO_EMAILS.manager, { account: 'North Cars' })
    await openTerminals(page)
    await expect(page.getByText('Not permitted to view this data.')).toBeVisible()
    await page.goto('/terminals/trm_anything')
    await expect(page.getByText('Not permitted to view this data.')).toBeVisible()

    await page.goto('/select-account')
    await page.getByRole('button', { name: 'Harbour Cars', exact: true }).click()
    await expect(page.getByRole('heading', { name: 'Dashboard', level: 1 })).toBeVisible()
    expect(await mainNavLabels(page)).not.toContain('Payouts')
    await page.goto('/payouts')
    await expect(page.getByText('Not permitted to view this data.')).toBeVisible()
  },
)

test('terminals and payout screenshots and axe', async ({ page }, testInfo) => {
  // Every terminals and payouts screen in light and dark, each with its axe run.
  test.slow()
  await useScreenshotWidth(page)
  await signIn(page, DEMO_EMAILS.owner, { account: 'City Cabs' })
  await openTerminals(page)
  await expect(page.getByText(/^\d+ terminals$/)).toBeVisible()
  await checkScreen(page, testInfo, 'terminals')
  const [terminal] = await apiGet<ApiTerminal[]>(page, CITY, '/v1/terminals', { limit: 1 })
  await page.goto(`/terminals/${terminal?.id}`)
  await expect(page.getByText(/^\d[\d,]* sales$/)).toBeVisible()
  await checkScreen(page, testInfo, 'terminal')
  await page.goto('/payouts')
  await expect(page.getByText(/payouts$/).first()).toBeVisible()
  await checkScreen(page, testInfo, 'payouts')
})
