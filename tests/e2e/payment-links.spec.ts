import { expect, test, type Page } from '@playwright/test'
import { expectNoSeriousA11yViolations } from './support/axe'
import { DEMO_EMAILS, SEED_SUBMERCHANTS } from './support/demo'
import {
  apiLink as linkOf,
  CARDS,
  payOnPayPage,
  unique,
  type ApiIntent,
} from './support/payment-link-api'
import { portalHeaders } from './support/sale-api'
import { dumpStorage, dumpTexts } from './support/pwa'
import { advanceSandboxClock } from './support/sandbox'
import { checkScreen, saveScreenshot, useScreenshotWidth } from './support/shell'
import { signIn } from './support/sign-in'
import { PHONE_ONLY } from './support/projects'

const CITY = SEED_SUBMERCHANTS.cityCabs

// A City Cabs link made through the API as the signed-in person.
const apiLink = (page: Page, over: Record<string, unknown> = {}) => linkOf(page, CITY, over)

async function openLink(page: Page, id: string): Promise<void> {
  await page.goto(`/payment-links/${id}`)
  await expect(
    page.getByRole('heading', { name: 'Payment link', level: 1, exact: true }),
  ).toBeVisible()
}

const summary = (page: Page) => page.getByRole('region', { name: 'Summary' })
// The status badge inside the summary (its dt is 'Status').
const statusOf = (page: Page) => summary(page).locator('.intent-status')

test(
  'create a link, pay it with 4242 on the pay page, watch it succeed, follow the sale',
  PHONE_ONLY,
  async ({ page }, testInfo) => {
    test.slow()
    await page.clock.install()
    await useScreenshotWidth(page)
    await signIn(page, DEMO_EMAILS.owner, { account: 'City Cabs', to: '/payment-links' })
    await expect(page.getByRole('heading', { name: 'Payment Links', level: 1 })).toBeVisible()
    await saveScreenshot(page, testInfo, 'payment-links-list')
    await expectNoSeriousA11yViolations(page)
    await page.getByRole('link', { name: 'Create payment link' }).click()
    await expect(page.getByRole('heading', { name: 'Create payment link' })).toBeVisible()

    // The texts of docs/validation.md#payment-link-create before anything is sent.
    await page.getByLabel('Send by SMS').check()
    await page.getByRole('button', { name: 'Create' }).click()
    await expect(page.getByText('Amount is required')).toBeVisible()
    await expect(page.getByText('Customer phone number is required to send SMS')).toBeVisible()
    await page.getByLabel('Send by SMS').uncheck()

    const reference = unique('BK')
    await page.getByLabel('Amount (£)').fill('18.40')
    await page.getByLabel('Reference').fill(reference)
    await page.getByLabel('Customer name').fill('Amelia Hughes')
    await page.getByLabel('Customer phone number').fill('07700-900 123')
    await page.getByLabel('Send by SMS').check()
    await page.getByLabel('Expires in').fill('tomorrow 6pm')
    await expect(page.getByText(/^Expires \d{4}-\d{2}-\d{2} 06:00 PM$/)).toBeVisible()
    await expect(page.getByLabel('Customer country')).toHaveValue('GB')
    await saveScreenshot(page, testInfo, 'payment-links-create')
    await expectNoSeriousA11yViolations(page)
    await page.getByRole('button', { name: 'Create' }).click()

    await expect(
      page.getByRole('heading', { name: 'Payment link', level: 1, exact: true }),
    ).toBeVisible()
    await expect(statusOf(page)).toHaveText('Created')
    await expect(summary(page).getByText('Amelia Hughes · +447700900123')).toBeVisible()
    await expect(page.getByRole('img', { name: 'QR code of the payment link' })).toBeVisible()
    await expect(page.getByText(/Customer notified by SMS/)).toBeVisible()
    const intentId = page.url().split('/').pop()!
    await checkScreen(page, testInfo, 'payment-links-detail')
    // A second check inside 30 s is refused.
    await page.getByRole('button', { name: 'Refresh' }).click()
    await expect(page.getByText('Too soon to check again')).toBeVisible()

    const link = (await (
      await page.request.get(`/v1/intents/${intentId}`, { headers: portalHeaders(CITY) })
    ).json()) as ApiIntent
    await payOnPayPage(page, link, CARDS.success)
    await expect(page.getByText('This payment link has already been paid')).toBeVisible()

    // Past the 30 s between checks: opening the link asks the server again.
    await page.clock.fastForward(31_000)
    await openLink(page, intentId)
    await expect(page.getByText('Payment completed')).toBeVisible()
    await page.getByRole('link', { name: 'View sale' }).click()
    await expect(page.getByRole('heading', { name: 'Sale details' })).toBeVisible()
    await expect(page.getByText('•••• 4242').first()).toBeVisible()
  },
)

test('the declined card and the 3-D Secure card on the pay page', async ({ page }, testInfo) => {
  await useScreenshotWidth(page)
  await signIn(page, DEMO_EMAILS.owner, { account: 'City Cabs' })
  const declined = await apiLink(page)
  await payOnPayPage(page, declined, CARDS.declined)
  await expect(page.getByText('Your card was declined')).toBeVisible()
  await saveScreenshot(page, testInfo, 'pay-page-declined')

  const secure = await apiLink(page, { description: 'Airport run' })
  await page.goto(new URL(secure.clientAccessUrl).pathname)
  await expect(page.getByText('£12.50').first()).toBeVisible()
  await expect(page.getByText('Airport run')).toBeVisible()
  await checkScreen(page, testInfo, 'pay-page')
  await payOnPayPage(page, secure, CARDS.threeDs)
  await expect(page.getByRole('heading', { name: "Confirm it's you" })).toBeVisible()
  await page.getByRole('button', { name: 'Complete' }).click()
  await expect(page.getByText('This payment link has already been paid')).toBeVisible()
  await openLink(page, declined.id)
  await expect(statusOf(page)).toHaveText('Payment declined')
  await openLink(page, secure.id)
  await expect(statusOf(page)).toHaveText('Succeeded')
})

test(
  'manual capture: authorised on the pay page, captured from the detail',
  PHONE_ONLY,
  async ({ page }) => {
    await signIn(page, DEMO_EMAILS.owner, { account: 'City Cabs' })
    const link = await apiLink(page, { captureMode: 'manual', saleAmount: 3000 })
    await payOnPayPage(page, link, CARDS.success)
    await expect(page.getByText('Payment authorised')).toBeVisible()
    await openLink(page, link.id)
    await expect(
      page.getByText(
        'The bank releases the authorisation if it is not captured, ideally within 24 hours.',
      ),
    ).toBeVisible()
    const amount = page.getByLabel('Capture amount (£)')
    await amount.fill('45.00')
    await expect(page.getByText("Capped at the link's amount: £30.00")).toBeVisible()
    await amount.fill('27.50')
    await page.getByRole('button', { name: 'Capture £27.50' }).click()
    await expect(page.getByText('Payment completed')).toBeVisible()
    await expect(page.getByText('£27.50 was paid')).toBeVisible()
  },
)

// Nothing wider than the screen: no sideways scroll of the page.
const pageWidth = (page: Page) =>
  page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth)

test('a long reference wraps within the screen, and a long status never hides the amount', async ({
  page,
}, testInfo) => {
  await signIn(page, DEMO_EMAILS.owner, { account: 'City Cabs' })
  await useScreenshotWidth(page)
  // 100 characters is the API's limit; this one has no space and one long part.
  const reference = `${unique('E2E')}-${'X'.repeat(100)}`.slice(0, 100)
  const link = await apiLink(page, { reference, captureMode: 'manual', saleAmount: 11700 })
  await payOnPayPage(page, link, CARDS.success)
  await expect(page.getByText('Payment authorised')).toBeVisible()

  await openLink(page, link.id)
  await expect(summary(page)).toContainText(reference.slice(-20))
  // Its log's times read as every other time on the page, not as stored ('[2026-…Z]').
  const logs = page.getByRole('region', { name: 'Logs' })
  await expect(logs.locator('time').first()).toHaveText(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2} [AP]M$/)
  await expect(logs).toContainText('Payment link created')
  await expect(logs).not.toContainText('Z]')
  expect(await pageWidth(page)).toBeLessThanOrEqual(0)
  await checkScreen(page, testInfo, 'payment-link-long-reference')

  await page.goto('/payment-links')
  // The phone's card or the tablet's row of this link.
  const shown = page
    .locator('main')
    .locator('li, tr')
    .filter({ has: page.locator(`a[href="/payment-links/${link.id}"]`) })
  await expect(shown.getByText('Authorised, awaiting capture')).toBeVisible()
  expect(await pageWidth(page)).toBeLessThanOrEqual(0)
  // The whole amount is on screen beside the status, not cut to '£'.
  const amount = shown.getByText('£117.00', { exact: true })
  await expect(amount).toBeVisible()
  expect(await amount.evaluate((el) => el.scrollWidth - el.clientWidth)).toBeLessThanOrEqual(0)
  await checkScreen(page, testInfo, 'payment-links-long-status')
})

test('cancel, reset and delete, each after a confirmation', PHONE_ONLY, async ({ page }) => {
  await signIn(page, DEMO_EMAILS.owner, { account: 'City Cabs' })
  const stuck = await apiLink(page)
  await payOnPayPage(page, stuck, CARDS.threeDs)
  await expect(page.getByRole('heading', { name: "Confirm it's you" })).toBeVisible()
  await openLink(page, stuck.id)
  await expect(statusOf(page)).toHaveText('3-D Secure challenge')
  await page.getByRole('button', { name: 'Reset' }).click()
  await page.getByRole('dialog').getByRole('button', { name: 'Reset link' }).click()
  await expect(statusOf(page)).toHaveText('Created')

  await page.getByRole('button', { name: 'Cancel link' }).click()
  await page.getByRole('dialog').getByRole('button', { name: 'Cancel link' }).click()
  await expect(statusOf(page)).toHaveText('Cancelled')
  await page.getByRole('button', { name: 'Delete' }).click()
  await page.getByRole('dialog').getByRole('button', { name: 'Delete link' }).click()
  await expect(page.getByRole('heading', { name: 'Payment Links', level: 1 })).toBeVisible()
  const gone = await page.request.get(`/v1/intents/${stuck.id}`, { headers: portalHeaders(CITY) })
  expect(gone.status()).toBe(404)
})

// The persisted copy of the detail has been written (so a reload restores it before any check).
async function waitUntilPersisted(page: Page, text: string): Promise<void> {
  await expect
    .poll(async () => dumpTexts(await dumpStorage(page)).some((t) => t.includes(text)))
    .toBe(true)
}

test(
  'a link paid while its page is open shows as paid on a reload at once',
  PHONE_ONLY,
  async ({ page, context }) => {
    await signIn(page, DEMO_EMAILS.owner, { account: 'City Cabs' })
    const link = await apiLink(page)
    await openLink(page, link.id)
    await expect(statusOf(page)).toHaveText('Created')
    await waitUntilPersisted(page, link.id)
    // The customer pays on their own device, a few seconds after the page was checked.
    const customer = await context.newPage()
    await payOnPayPage(customer, link, CARDS.success)
    await expect(customer.getByText('This payment link has already been paid')).toBeVisible()
    await customer.close()
    // A reload well within the 30 s between Refresh presses: the page checks the link on opening.
    await page.reload()
    await expect(page.getByText('Payment completed')).toBeVisible()
    await expect(page.getByRole('link', { name: 'View sale' })).toBeVisible()
    await expect(statusOf(page)).toHaveText('Succeeded')
  },
)

test('edit a created link', PHONE_ONLY, async ({ page }) => {
  await signIn(page, DEMO_EMAILS.owner, { account: 'City Cabs' })
  const link = await apiLink(page)
  await openLink(page, link.id)
  await page.getByRole('link', { name: 'Edit' }).click()
  await expect(page.getByRole('heading', { name: 'Edit payment link' })).toBeVisible()
  await page.getByLabel('Amount (£)').fill('')
  await page.getByRole('button', { name: 'Save' }).click()
  await expect(page.getByText('Amount is required')).toBeVisible()
  await page.getByLabel('Amount (£)').fill('19.99')
  await page.getByLabel('Description').fill('Station run')
  await page.getByRole('button', { name: 'Save' }).click()
  await expect(
    page.getByRole('heading', { name: 'Payment link', level: 1, exact: true }),
  ).toBeVisible()
  await expect(summary(page).getByText('£19.99')).toBeVisible()
  await expect(summary(page).getByText('Station run')).toBeVisible()
  // Saved, then reloaded at once: the persisted copy already holds the edit.
  await page.reload()
  await expect(
    page.getByRole('heading', { name: 'Payment link', level: 1, exact: true }),
  ).toBeVisible()
  await expect(summary(page).getByText('£19.99')).toBeVisible()
  await expect(summary(page).getByText('Station run')).toBeVisible()
})

test(
  'a viewer is told they may not create, bulk-create or modify',
  PHONE_ONLY,
  async ({ page }) => {
    await signIn(page, DEMO_EMAILS.viewer, { account: 'City Cabs', to: '/payment-links/create' })
    await expect(
      page.getByText(
        'Sorry, you do not have sufficient permissions to create payment links for this account',
      ),
    ).toBeVisible()
    await page.goto('/payment-links/bulk-create')
    await expect(
      page.getByText(
        'Sorry, you do not have sufficient permissions to create payment links for this account',
      ),
    ).toBeVisible()
    const [first] = (await (
      await page.request.get('/v1/intents?status=created&limit=1', { headers: portalHeaders(CITY) })
    ).json()) as ApiIntent[]
    await page.goto(`/payment-links/${first!.id}/edit`)
    await expect(
      page.getByText(
        'Sorry, you do not have sufficient permissions to modify payment links for this account',
      ),
    ).toBeVisible()
  },
)

test('self-enrolment with the sandbox clock', async ({ page }, testInfo) => {
  test.slow()
  // Each project its own not-enrolled account: the phone enrols, the tablet sees the error path.
  const phone = testInfo.project.name === 'phone'
  await page.clock.install()
  await signIn(page, DEMO_EMAILS.owner, {
    account: phone ? 'New Start Cars' : 'Late Shift Cars',
    to: '/payment-links',
  })
  await expect(page.getByRole('heading', { name: 'Set up payment links' })).toBeVisible()
  await saveScreenshot(page, testInfo, 'payment-links-enrolment')
  await expectNoSeriousA11yViolations(page)
  await page.getByRole('button', { name: 'Request setup' }).click()
  await expect(page.getByText('Your setup request is in the queue.')).toBeVisible()
  await advanceSandboxClock(page.request, 121)
  // The panel checks again after 60 s.
  await page.clock.fastForward(61_000)
  if (phone) {
    await expect(page.getByRole('link', { name: 'Create payment link' })).toBeVisible()
  } else {
    await expect(page.getByRole('link', { name: 'Request manual set-up' })).toBeVisible()
  }
})

test(
  'with the live stream down the detail polls once a minute while visible, not at all while hidden',
  PHONE_ONLY,
  async ({ page }) => {
    // The stream refused: the open link falls back to its one-minute poll.
    await page.route('**/v1/events/stream**', (route) => route.abort())
    await page.clock.install()
    await signIn(page, DEMO_EMAILS.owner, { account: 'City Cabs' })
    const link = await apiLink(page)
    let checks = 0
    page.on('request', (request) => {
      if (new URL(request.url()).pathname === `/v1/intents/${link.id}`) checks += 1
    })
    await openLink(page, link.id)
    await expect.poll(() => checks).toBe(1)
    await page.clock.fastForward(60_000)
    await expect.poll(() => checks).toBe(2)
    await page.evaluate(() => {
      Object.defineProperty(document, 'visibilityState', {
        configurable: true,
        get: () => 'hidden',
      })
      document.dispatchEvent(new Event('visibilitychange'))
    })
    await page.clock.fastForward(180_000)
    await page.clock.runFor(1000)
    expect(checks).toBe(2)
  },
)
