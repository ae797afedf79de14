import { expect, test, type Page } from '@playwright/test'
import dayjs from 'dayjs'
import { expectNoSeriousA11yViolations } from './support/axe'
import { DEMO_ACCOUNT_NAMES, DEMO_EMAILS, SEED_SUBMERCHANTS } from './support/demo'
import { apiGet, openSale, type ApiSale } from './support/sale-api'
import { saveScreenshot, useScreenshotWidth } from './support/shell'
import { signIn } from './support/sign-in'
import { PHONE_ONLY } from './support/projects'

const CITY_CABS = SEED_SUBMERCHANTS.cityCabs

interface ApiBalanceTransaction {
  feeAmount: number
  netAmount: number
  currency: string
}

const SCHEMES: Record<string, string> = {
  visa: 'Visa',
  mastercard: 'Mastercard',
  american_express: 'American Express',
}
const METHODS: Record<string, string> = { pos: 'POS', softpos: 'SoftPOS', ecommerce: 'E-commerce' }

const money = (minor: number, currency: string) =>
  new Intl.NumberFormat('en-GB', { style: 'currency', currency }).format(minor / 100)

// The value shown for one labelled fact of one card of the page.
function fact(page: Page, card: string, label: string) {
  return page
    .getByRole('region', { name: card, exact: true })
    .locator('.fact', { has: page.locator('dt', { hasText: new RegExp(`^${label}$`) }) })
    .locator('dd')
}

async function expectSaleAsApi(page: Page, sale: ApiSale) {
  const m = (minor: number) => money(minor, sale.currency)
  await expect(fact(page, 'Money', 'Transaction amount')).toHaveText(m(sale.amount))
  if (sale.gratuityAmount > 0) {
    await expect(fact(page, 'Money', 'Fare')).toHaveText(m(sale.saleAmount))
    await expect(fact(page, 'Money', 'Tip')).toHaveText(m(sale.gratuityAmount))
  } else {
    await expect(fact(page, 'Money', 'Tip')).toHaveCount(0)
  }
  if (sale.balanceTransactionId) {
    const btx = await apiGet<ApiBalanceTransaction>(
      page,
      CITY_CABS,
      `/v1/balance-transactions/${sale.balanceTransactionId}`,
    )
    await expect(fact(page, 'Money', 'Processing fee')).toHaveText(m(btx.feeAmount))
    await expect(fact(page, 'Money', 'Net amount')).toHaveText(m(btx.netAmount))
  } else {
    await expect(fact(page, 'Money', 'Processing fee')).toHaveText('Not available yet')
  }

  await expect(fact(page, 'Card', 'Card last four')).toHaveText(`•••• ${sale.panLastFour}`)
  await expect(fact(page, 'Card', 'Auth code')).toHaveText(sale.authCode)
  await expect(fact(page, 'Card', 'Card scheme')).toHaveText(SCHEMES[sale.cardScheme] ?? '')
  await expect(fact(page, 'Card', 'Commercial or consumer')).toHaveText(
    sale.cardIsCommercial ? 'Commercial' : 'Consumer',
  )
  await expect(fact(page, 'Card', 'Card type')).toHaveText(
    sale.cardType.charAt(0).toUpperCase() + sale.cardType.slice(1),
  )
  await expect(fact(page, 'Card', 'Prepaid')).toHaveText(sale.cardIsPrepaid ? 'Yes' : 'No')
  const country = new Intl.DisplayNames(['en-GB'], { type: 'region' }).of(sale.cardCountryCode)
  await expect(fact(page, 'Card', 'Issuing country')).toHaveText(
    `${country} (${sale.cardCountryIsInEEA ? 'European' : 'Non-European'})`,
  )
  await expect(fact(page, 'Card', 'Method')).toHaveText(METHODS[sale.method] ?? '')

  // The date format (docs/constants.md#formats) in the browser's time zone (the same as this process's).
  await expect(fact(page, 'Dates and status', 'Transaction date')).toHaveText(
    dayjs(sale.capturedAt).format('YYYY-MM-DD hh:mm A'),
  )
  await expect(fact(page, 'Dates and status', 'RRN')).toHaveText(sale.retrievalReferenceNumber)
  await expect(fact(page, 'Dates and status', 'Settlement status')).toHaveText(
    sale.settlementTransactionId ? 'Settled' : 'Awaiting bank settlement',
  )
  await expect(fact(page, 'Dates and status', 'Payout status')).toHaveText(
    sale.disbursementWithheld ? 'Withheld' : 'OK',
  )

  await expect(fact(page, 'Links', 'Terminal')).toHaveText(
    sale.terminalSerialNumber ?? sale.terminalId ?? 'None',
  )
  await expect(fact(page, 'Links', 'Payment link')).toHaveText(sale.intentId ?? 'None')
  await expect(fact(page, 'Links', 'External reference')).toHaveText(
    sale.externalReference ?? 'None',
  )
  await expect(fact(page, 'Links', 'Sale ID')).toHaveText(sale.id)
}

test.beforeEach(async ({ page }) => {
  await signIn(page, DEMO_EMAILS.owner, { account: DEMO_ACCOUNT_NAMES.cityCabs })
})

test('a sale shows every field as the API has it', PHONE_ONLY, async ({ page }, testInfo) => {
  const newest = await apiGet<ApiSale[]>(page, CITY_CABS, '/v1/sales', {
    submerchantId: CITY_CABS,
    limit: 100,
    sort: '-capturedAt',
  })
  const tipped = newest.find((sale) => sale.gratuityAmount > 0 && sale.terminalId)
  const linked = newest.find((sale) => sale.intentId || sale.externalReference)
  const untipped = newest.find((sale) => sale.gratuityAmount === 0)
  const picks = [tipped, linked, untipped].filter((sale): sale is ApiSale => Boolean(sale))
  expect(picks.length, 'seeded sales with a tip, a link and none').toBe(3)

  for (const listed of picks) {
    // The detail is the same resource as the list item; read it as the page does.
    const sale = await apiGet<ApiSale>(page, CITY_CABS, `/v1/sales/${listed.id}`)
    await openSale(page, sale.id)
    await expectSaleAsApi(page, sale)
  }

  await useScreenshotWidth(page)
  await openSale(page, picks[0]!.id)
  await expect(fact(page, 'Money', 'Processing fee')).not.toHaveText('Loading…')
  await saveScreenshot(page, testInfo, 'sale-detail')
  await expectNoSeriousA11yViolations(page)
})

test(
  'offline, a saved sale shows its age and an unsaved one loads once back online',
  PHONE_ONLY,
  async ({ page, context }) => {
    await page.goto('/transactions/sales')
    const details = page.locator('a[href^="/transactions/sales/sale_"]')
    const amount = fact(page, 'Money', 'Transaction amount')
    await details.first().click()
    await expect(amount).toBeVisible()
    await page.getByRole('button', { name: 'Go back' }).click()

    await context.setOffline(true)
    await details.first().click()
    await expect(amount).toBeVisible()
    await expect(page.getByText(/^Updated \d{2}:\d{2} · offline$/)).toBeVisible()
    await page.getByRole('button', { name: 'Go back' }).click()
    await details.nth(1).click()
    await expect(page.getByText('You are offline', { exact: true })).toBeVisible()
    await expect(
      page.getByText(
        'This sale has not been saved on this device yet. It will load when you are back online.',
      ),
    ).toBeVisible()
    await expect(amount).toHaveCount(0)

    await context.setOffline(false)
    await expect(amount).toBeVisible()
    await expect(page.getByText('You are offline', { exact: true })).toHaveCount(0)
  },
)

test(
  'the withheld alert offers Resolve, or support when there is no link',
  PHONE_ONLY,
  async ({ page }, testInfo) => {
    const withheld = await apiGet<ApiSale[]>(page, CITY_CABS, '/v1/sales', {
      submerchantId: CITY_CABS,
      disbursementWithheld: 'true',
      limit: 100,
    })
    const withUrl = withheld.find((sale) => sale.disbursementWithheldUrl)
    const withoutUrl = withheld.find((sale) => !sale.disbursementWithheldUrl)
    if (!withUrl || !withoutUrl)
      throw new Error('the seed has withheld sales with and without a URL')

    await openSale(page, withUrl.id)
    const alert = page.getByRole('status').filter({ hasText: 'Sale Withheld' })
    await expect(alert).toBeVisible()
    await expect(alert).toContainText(withUrl.disbursementWithheldMessage ?? '')
    const resolve = alert.getByRole('link', { name: 'Resolve' })
    await expect(resolve).toHaveAttribute('href', withUrl.disbursementWithheldUrl ?? '')
    await expect(resolve).toHaveAttribute('rel', 'noopener noreferrer')
    await expect(resolve).toHaveAttribute('target', '_blank')
    await expect(fact(page, 'Dates and status', 'Payout status')).toHaveText('Withheld')
    await useScreenshotWidth(page)
    await saveScreenshot(page, testInfo, 'sale-withheld')

    await openSale(page, withoutUrl.id)
    const noLink = page.getByRole('status').filter({ hasText: 'Sale Withheld' })
    await expect(noLink).toContainText(withoutUrl.disbursementWithheldMessage ?? '')
    await expect(noLink.getByRole('link', { name: 'Resolve' })).toHaveCount(0)
    await expect(noLink.getByRole('link', { name: 'contact support' })).toHaveAttribute(
      'href',
      /\/contact$/,
    )
  },
)

test(
  'Go back returns to the list with its filters, or to the list when opened directly',
  PHONE_ONLY,
  async ({ page }) => {
    await page.goto('/transactions/sales?method=pos&cardScheme=visa')
    await page.locator('a[href^="/transactions/sales/sale_"]').first().click()
    await expect(page.getByRole('heading', { name: 'Sale details', level: 1 })).toBeVisible()
    const saleId = new URL(page.url()).pathname.split('/').pop() ?? ''
    await page.getByRole('button', { name: 'Go back' }).click()
    await expect(page).toHaveURL(/\/transactions\/sales\?/)
    const url = new URL(page.url())
    expect(url.searchParams.get('method')).toBe('pos')
    expect(url.searchParams.get('cardScheme')).toBe('visa')

    // Opened from a bookmark, there is no history inside the portal: the unfiltered list.
    await openSale(page, saleId)
    await page.getByRole('button', { name: 'Go back' }).click()
    await expect(page).toHaveURL(/\/transactions\/sales(\?|$)/)
    expect(new URL(page.url()).searchParams.get('method')).toBeNull()
  },
)

test("an unknown sale says 'Failed to load sale' with a Retry", PHONE_ONLY, async ({ page }) => {
  await page.goto('/transactions/sales/sale_doesnotexist000000000000')
  const alert = page.getByRole('alert').filter({ hasText: 'Failed to load sale' })
  await expect(alert).toBeVisible()
  await expect(alert.getByRole('button', { name: 'Retry' })).toBeVisible()
})
