import { expect, test, type Browser, type Page, type Route } from '@playwright/test'
import { expectNoSeriousA11yViolations } from './support/axe'
import { DEMO_ACCOUNT_NAMES, DEMO_EMAILS, SEED_SUBMERCHANTS } from './support/demo'
import {
  openSale,
  portalHeaders,
  refundsOf,
  saleForTest,
  type ApiRefund,
  type ApiSale,
} from './support/sale-api'
import { saveScreenshot, useScreenshotWidth } from './support/shell'
import { signIn } from './support/sign-in'
import { PHONE_ONLY } from './support/projects'

const CITY_CABS = SEED_SUBMERCHANTS.cityCabs
// Each test changes (or relies on) its own sale: one share per test and project.
const SLOTS = 3

const money = (minor: number) =>
  new Intl.NumberFormat('en-GB', { style: 'currency', currency: 'GBP' }).format(minor / 100)
const pounds = (minor: number) => (minor / 100).toFixed(2)

const SCHEMES: Record<string, string> = {
  visa: 'Visa',
  mastercard: 'Mastercard',
  american_express: 'American Express',
}
const cardOf = (sale: ApiSale) => `${SCHEMES[sale.cardScheme]} •••• ${sale.panLastFour}`

function refundsRegion(page: Page) {
  return page.getByRole('region', { name: 'Refunds', exact: true })
}

async function createRefundViaApi(page: Page, sale: ApiSale, amount: number, reason: string) {
  const res = await page.request.post(`/v1/sales/${sale.id}/refund-requests/`, {
    headers: portalHeaders(CITY_CABS),
    data: { amount, refundReason: reason },
  })
  expect(res.status(), await res.text()).toBe(201)
  return (await res.json()) as ApiRefund
}

// Reloads the sale page and waits for its refund list as the server has it now: the list is read
// again on every showing (the persisted copy first), and a test that changes refunds elsewhere
// acts on the page only once that read is in, not while the section may still change under it.
async function reloadRefunds(page: Page, saleId: string): Promise<void> {
  const read = page.waitForResponse(
    (response) =>
      response.request().method() === 'GET' &&
      new URL(response.url()).pathname.replace(/\/$/, '') === `/v1/sales/${saleId}/refund-requests`,
  )
  await page.reload()
  await read
}

test.describe('as the owner of City Cabs', () => {
  test.beforeEach(async ({ page }) => {
    await signIn(page, DEMO_EMAILS.owner, { account: DEMO_ACCOUNT_NAMES.cityCabs })
  })

  test('a partial refund with each validation message, then a full refund of the rest', async ({
    page,
  }, testInfo) => {
    const sale = await saleForTest(page, testInfo, CITY_CABS, { slot: 0, slots: SLOTS })
    const partial = Math.max(1, Math.floor(sale.amount / 3))
    const rest = sale.amount - partial
    await useScreenshotWidth(page)
    await openSale(page, sale.id)
    const refunds = refundsRegion(page)
    await expect(refunds).toContainText(`Refundable: ${money(sale.amount)}`)
    await expect(refunds).toContainText('No refunds for this sale.')

    await refunds.getByRole('button', { name: 'Request refund' }).click()
    const form = page.getByRole('dialog', { name: 'Request refund' })
    await expect(form).toBeVisible()
    await form.getByRole('button', { name: 'Continue' }).click()
    await expect(form.getByText('Need to select full or partial refund')).toBeVisible()
    await expect(form.getByText('Reason for refund required')).toBeVisible()

    await form.getByRole('radio', { name: 'Partial refund' }).check()
    await expect(form.getByText('Need to select full or partial refund')).toHaveCount(0)
    const amount = form.getByRole('textbox', { name: 'Amount (£)' })
    for (const bad of ['', 'abc', '0', '1.234']) {
      await amount.fill(bad)
      await form.getByRole('button', { name: 'Continue' }).click()
      await expect(form.getByText('Amount required', { exact: true })).toBeVisible()
    }
    // A negative amount says what is wrong with it (not negative, docs/validation.md#refund-request).
    for (const negative of ['-1', '-5']) {
      await amount.fill(negative)
      await form.getByRole('button', { name: 'Continue' }).click()
      await expect(form.getByText('Amount must not be negative', { exact: true })).toBeVisible()
      await expect(form.getByText('Amount required', { exact: true })).toHaveCount(0)
    }
    await amount.fill(pounds(sale.amount + 1))
    await form.getByRole('button', { name: 'Continue' }).click()
    await expect(
      form.getByText(`Amount exceeds the refundable amount of ${money(sale.amount)}`),
    ).toBeVisible()
    await form.getByRole('textbox', { name: 'Customer email' }).fill('not-an-email')
    await form.getByRole('button', { name: 'Continue' }).click()
    await expect(form.getByText('Enter a valid email address')).toBeVisible()

    await amount.fill(pounds(partial))
    await form.getByRole('textbox', { name: 'Reason for refund' }).fill('E2E partial: short trip')
    await form.getByRole('textbox', { name: 'Customer email' }).fill('rider@example.com')
    await saveScreenshot(page, testInfo, 'refund-form')
    await expectNoSeriousA11yViolations(page)
    await form.getByRole('button', { name: 'Continue' }).click()

    const confirm = page.getByRole('dialog', { name: 'Confirm refund' })
    await expect(confirm).toContainText(`Refund ${money(partial)} to ${cardOf(sale)}?`)
    await expect(confirm).toContainText('rider@example.com')
    await saveScreenshot(page, testInfo, 'refund-confirm')
    await confirm.getByRole('button', { name: 'Confirm refund' }).click()
    await expect(confirm).toHaveCount(0)

    await expect(refunds).toContainText(`Refundable: ${money(rest)}`)
    const first = (await refundsOf(page, CITY_CABS, sale.id))[0]
    expect(first).toMatchObject({
      amount: partial,
      status: 'pending',
      refundReason: 'E2E partial: short trip',
      customerEmailAddress: 'rider@example.com',
    })
    await expect(refunds.getByText('E2E partial: short trip')).toBeVisible()
    await expect(refunds.getByText('Pending', { exact: true })).toBeVisible()
    await expect(refunds.getByText('You', { exact: true })).toBeVisible()

    // The full refund is the rest of the refundable amount.
    await refunds.getByRole('button', { name: 'Request refund' }).click()
    await form.getByRole('radio', { name: `Full refund (${money(rest)})` }).check()
    await form.getByRole('textbox', { name: 'Reason for refund' }).fill('E2E full: the rest')
    await form.getByRole('button', { name: 'Continue' }).click()
    await expect(confirm).toContainText(`Refund ${money(rest)} to ${cardOf(sale)}?`)
    await confirm.getByRole('button', { name: 'Confirm refund' }).click()
    await expect(confirm).toHaveCount(0)

    await expect(refunds).toContainText('Fully refunded')
    await expect(refunds.getByRole('button', { name: 'Request refund' })).toHaveCount(0)
    const all = await refundsOf(page, CITY_CABS, sale.id)
    expect(all.map((refund) => refund.amount)).toEqual([partial, rest])
    // The sandbox agrees: nothing is left to refund.
    const again = await page.request.post(`/v1/sales/${sale.id}/refund-requests/`, {
      headers: portalHeaders(CITY_CABS),
      data: { amount: 1, refundReason: 'one penny more' },
    })
    expect(again.status()).toBe(409)
    await saveScreenshot(page, testInfo, 'refund-list')
    await expectNoSeriousA11yViolations(page)
  })

  test(
    'edit and delete a pending refund; a failed delete says Request failed',
    PHONE_ONLY,
    async ({ page }, testInfo) => {
      const sale = await saleForTest(page, testInfo, CITY_CABS, { slot: 1, slots: SLOTS })
      const refund = await createRefundViaApi(page, sale, 1, 'E2E to edit')
      await openSale(page, sale.id)
      const refunds = refundsRegion(page)
      await refunds.getByRole('button', { name: `Edit refund of ${money(1)}` }).click()
      const form = page.getByRole('dialog', { name: 'Edit refund' })
      const amount = form.getByRole('textbox', { name: 'Amount (£)' })
      const reason = form.getByRole('textbox', { name: 'Reason for refund' })
      await expect(amount).toHaveValue('0.01')
      await expect(reason).toHaveValue('E2E to edit')
      await amount.fill('')
      await reason.fill('')
      await form.getByRole('button', { name: 'Continue' }).click()
      await expect(form.getByText('Amount required', { exact: true })).toBeVisible()
      await expect(form.getByText('Reason for refund required')).toBeVisible()
      await amount.fill('2.5')
      await reason.fill('E2E edited')
      await form.getByRole('button', { name: 'Continue' }).click()
      const confirm = page.getByRole('dialog', { name: 'Confirm refund' })
      await expect(confirm).toContainText(`Refund ${money(250)} to ${cardOf(sale)}?`)
      await confirm.getByRole('button', { name: 'Save refund' }).click()
      await expect(confirm).toHaveCount(0)
      await expect(refunds.getByText('E2E edited')).toBeVisible()
      expect(await refundsOf(page, CITY_CABS, sale.id)).toMatchObject([
        { id: refund.id, amount: 250, refundReason: 'E2E edited', status: 'pending' },
      ])

      await refunds.getByRole('button', { name: `Delete refund of ${money(250)}` }).click()
      const ask = page.getByRole('dialog', { name: 'Delete refund?' })
      await expect(ask).toContainText(money(250))
      await ask.getByRole('button', { name: 'Delete refund' }).click()
      await expect(refunds).toContainText('No refunds for this sale.')
      expect(await refundsOf(page, CITY_CABS, sale.id)).toEqual([])

      // From here the page plays one that has not heard of what is done elsewhere: its live stream
      // is cut. Otherwise a refund's refund_request.created event, arriving after the reload below,
      // refetches the list once that refund is gone, and its Delete button vanishes under the click.
      // A context route: it also covers a request the service worker makes for the page.
      await page.context().route('**/v1/events/stream*', (route) => route.abort())
      // Someone else removes a refund while it is on screen: the delete fails with its text (docs/errors.md#sales-refunds-receipts-terminals).
      // The page's own reads of the list (a mount's refetch after the reload, say) must not land
      // after that removal and empty the list under the click: from the moment the list is on
      // screen they wait, and the reads already under way are let finish first.
      const listPath = `/v1/sales/${sale.id}/refund-requests`
      const isListRead = (url: URL) => url.pathname.replace(/\/$/, '') === listPath
      let holdReads = false
      const passing = new Set<Promise<void>>()
      const readsOfList = async (route: Route) => {
        if (route.request().method() !== 'GET') return route.fallback()
        if (holdReads) return // held until the page is reloaded below
        const pass = route.fetch().then((response) => route.fulfill({ response }))
        passing.add(pass)
        await pass.finally(() => passing.delete(pass))
      }
      await page.route(isListRead, readsOfList)
      const gone = await createRefundViaApi(page, sale, 100, 'E2E deleted elsewhere')
      await reloadRefunds(page, sale.id)
      await expect(refunds.getByText('E2E deleted elsewhere')).toBeVisible()
      holdReads = true
      await Promise.allSettled([...passing])
      const removed = await page.request.delete(`/v1/sales/${sale.id}/refund-requests/${gone.id}`, {
        headers: portalHeaders(CITY_CABS),
      })
      expect(removed.status()).toBe(204)
      await refunds.getByRole('button', { name: `Delete refund of ${money(100)}` }).click()
      await ask.getByRole('button', { name: 'Delete refund' }).click()
      const failure = refunds.getByRole('alert')
      await expect(failure).toHaveText(/Request failed: Refund request not found/)
      await failure.getByRole('button', { name: 'Dismiss' }).click()
      await expect(failure).toHaveCount(0)

      // A refund made elsewhere meanwhile: the server's refusal shows on the form, dismissibly.
      await page.unroute(isListRead, readsOfList)
      await reloadRefunds(page, sale.id)
      const request = page.getByRole('dialog', { name: 'Request refund' })
      await refunds.getByRole('button', { name: 'Request refund' }).click()
      await expect(request).toBeVisible()
      await request.getByRole('radio', { name: `Full refund (${money(sale.amount)})` }).check()
      await request.getByRole('textbox', { name: 'Reason for refund' }).fill('E2E too late')
      await request.getByRole('button', { name: 'Continue' }).click()
      await createRefundViaApi(page, sale, 1, 'E2E meanwhile')
      await page
        .getByRole('dialog', { name: 'Confirm refund' })
        .getByRole('button', { name: 'Confirm refund' })
        .click()
      const refused = `Amount exceeds the refundable amount of ${money(sale.amount - 1)}`
      const alert = request.getByRole('alert')
      await expect(alert).toHaveText(new RegExp(refused.replace(/[.£]/g, '\\$&')))
      await expect(request.locator('#refund-type-error')).toHaveText(refused)
      await alert.getByRole('button', { name: 'Dismiss' }).click()
      await expect(alert).toHaveCount(0)
    },
  )

  test(
    'offline the refund buttons say why and nothing is sent',
    PHONE_ONLY,
    async ({ page, context }, testInfo) => {
      const sale = await saleForTest(page, testInfo, CITY_CABS, { slot: 2, slots: SLOTS })
      await openSale(page, sale.id)
      const refunds = refundsRegion(page)
      await refunds.getByRole('button', { name: 'Request refund' }).click()
      const form = page.getByRole('dialog', { name: 'Request refund' })
      await form.getByRole('radio', { name: /^Full refund/ }).check()
      await form.getByRole('textbox', { name: 'Reason for refund' }).fill('E2E offline')
      await form.getByRole('button', { name: 'Continue' }).click()
      const confirm = page.getByRole('dialog', { name: 'Confirm refund' })
      await expect(confirm).toBeVisible()

      await context.setOffline(true)
      const send = confirm.getByRole('button', { name: 'Confirm refund' })
      await expect(send).toBeDisabled()
      await expect(send).toHaveAttribute('title', 'Refunds need a connection')
      await confirm.getByRole('button', { name: 'Close' }).click()
      const request = refunds.getByRole('button', { name: 'Request refund' })
      await expect(request).toBeDisabled()
      await expect(refunds.getByText('Refunds need a connection')).toBeVisible()

      await context.setOffline(false)
      await expect(request).toBeEnabled()
      // Nothing was queued to go out once the connection came back: no outbox entry, no refund.
      await expect(page.getByRole('link', { name: /^Outbox: / })).toHaveCount(0)
      expect(await refundsOf(page, CITY_CABS, sale.id)).toEqual([])
    },
  )
})

// Signs in as a demo user in a context of its own (never logging the shared user out).
async function refundButtonsAs(browser: Browser, email: string, saleId: string) {
  const context = await browser.newContext()
  const page = await context.newPage()
  await signIn(page, email, { account: 'Airport Express' })
  await openSale(page, saleId)
  const refunds = refundsRegion(page)
  await expect(refunds.getByText(/Refundable: |Fully refunded/)).toBeVisible()
  return { context, page, refunds }
}

test(
  'a viewer and a manager of a restricted account see Not permitted; the owner does not',
  PHONE_ONLY,
  async ({ browser, page }, testInfo) => {
    // Three people sign in and open the sale one after another.
    test.slow()
    const airport = SEED_SUBMERCHANTS.airportExpress
    await signIn(page, DEMO_EMAILS.owner, { account: 'Airport Express' })
    const sale = await saleForTest(page, testInfo, airport, { slot: 0, slots: 1 })

    for (const email of [DEMO_EMAILS.viewer, DEMO_EMAILS.manager]) {
      const { context, page: other, refunds } = await refundButtonsAs(browser, email, sale.id)
      const denied = refunds.getByRole('button', { name: 'Not permitted' })
      await expect(denied).toBeDisabled()
      await expect(denied).toHaveAttribute('title', 'Insufficient privileges')
      await expect(refunds.getByRole('button', { name: 'Request refund' })).toHaveCount(0)
      // The sandbox refuses the crafted request too.
      const crafted = await other.request.post(`/v1/sales/${sale.id}/refund-requests/`, {
        headers: portalHeaders(airport),
        data: { amount: 1, refundReason: 'crafted' },
      })
      expect(crafted.status()).toBe(403)
      await context.close()
    }

    await openSale(page, sale.id)
    const refunds = refundsRegion(page)
    await expect(refunds.getByRole('button', { name: 'Request refund' })).toBeEnabled()
    await expect(refunds.getByRole('button', { name: 'Not permitted' })).toHaveCount(0)
  },
)
