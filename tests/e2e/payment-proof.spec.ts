import { mkdirSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { chromium, expect, test, type Browser, type Page } from '@playwright/test'
import { create as createQr } from 'qrcode'
import { proofAge } from '../../src/features/payment-proof/proof-age'
import { NOT_GENUINE_MESSAGES } from '../../src/features/payment-proof/verify-proof'
import { headlessShellLaunchOptions } from '../support/chromium'
import { DEMO_EMAILS, SEED_SUBMERCHANTS } from './support/demo'
import { reloadUnderServiceWorker } from './support/offline-sandbox'
import { apiLink, CARDS, payOnPayPage } from './support/payment-link-api'
import { PHONE_ONLY } from './support/projects'
import { goOffline, goOnline } from './support/pwa'
import { portalHeaders } from './support/sale-api'
import { checkScreen, useScreenshotWidth } from './support/shell'
import { signIn } from './support/sign-in'

const CITY = SEED_SUBMERCHANTS.cityCabs
// Scan to Pay's pilot account (whitelisted by id); the manager is not one of its members.
const RIVERSIDE = SEED_SUBMERCHANTS.riversideCars

// The driver's installed app: the service worker keeps the shell and the keys that check proofs.
test.use({ serviceWorkers: 'allow' })

async function openCheckPayment(page: Page): Promise<void> {
  await signIn(page, DEMO_EMAILS.manager, { account: 'City Cabs', to: '/check-payment' })
  const heading = page.getByRole('heading', { name: 'Check a payment', level: 1 })
  await expect(heading).toBeVisible()
  await reloadUnderServiceWorker(page, heading)
}

// The proof's path as the customer's success screen links to it.
async function proofPathOn(customer: Page): Promise<string> {
  await expect(customer.getByRole('heading', { name: 'Show this to your driver' })).toBeVisible()
  await expect(customer.getByRole('img', { name: 'QR code of the proof of payment' })).toBeVisible()
  const href = await customer
    .getByRole('link', { name: 'Open the proof of payment' })
    .getAttribute('href')
  expect(href).toMatch(/\/v\/[\w-]+\.[\w-]+$/)
  return new URL(href ?? '').pathname
}

// A customer pays a City Cabs payment link of `amount` pence on the pay page.
async function payLinkAsCustomer(driver: Page, browser: Browser, amount: number) {
  const link = await apiLink(driver, CITY, { saleAmount: amount })
  const customer = await browser.newPage({ baseURL: new URL(driver.url()).origin })
  await payOnPayPage(customer, link, CARDS.success)
  return { customer, proofPath: await proofPathOn(customer) }
}

function tampered(proofPath: string, change: (payload: Record<string, unknown>) => void): string {
  const [signed = '', signature = ''] = proofPath.slice('/v/'.length).split('.')
  const payload = JSON.parse(Buffer.from(signed, 'base64url').toString('utf8')) as Record<
    string,
    unknown
  >
  change(payload)
  return `/v/${Buffer.from(JSON.stringify(payload)).toString('base64url')}.${signature}`
}

const verdict = (page: Page, name: string) => page.getByRole('heading', { name, level: 2 })

test('a driver with no connection tells a genuine payment, a changed one and another account’s', async ({
  page,
  context,
  browser,
}, testInfo) => {
  test.setTimeout(180_000)
  await useScreenshotWidth(page)
  await openCheckPayment(page)
  await checkScreen(page, testInfo, 'check-payment')

  const { customer, proofPath } = await payLinkAsCustomer(page, browser, 1875)
  await useScreenshotWidth(customer)
  await checkScreen(customer, testInfo, 'proof-pay-page')
  // Scan to Pay's success screen shows a proof too: a payment to Riverside Cars.
  await customer.goto(`/pay?submerchant=${RIVERSIDE}`)
  await customer.getByLabel('Amount (£)').fill('9.40')
  await customer.getByLabel('Card number').fill(CARDS.success)
  await customer.getByLabel('Expiry (MM/YY)').fill('12/34')
  await customer.getByLabel('Security code').fill('123')
  await customer.getByRole('button', { name: 'Pay', exact: true }).click()
  const otherAccountProof = await proofPathOn(customer)
  await customer.close()

  // The car park: no signal at all, the service worker's fetches included.
  await goOffline(context)
  // The proof's time is the sandbox clock's, which other tests on this server move ahead: the age
  // beside it is what the screen's rule gives against the browser's clock, within the next minute.
  const { at } = JSON.parse(
    Buffer.from(proofPath.slice('/v/'.length).split('.')[0]!, 'base64url').toString('utf8'),
  ) as { at: string }
  const ages = [proofAge(at, Date.now()), proofAge(at, Date.now() + 60_000)]
  await page.goto(proofPath)
  await expect(verdict(page, 'Genuine payment')).toBeVisible()
  const card = page.getByRole('status').filter({ has: verdict(page, 'Genuine payment') })
  await expect(card.getByText('£18.75', { exact: true })).toBeVisible()
  await expect(card.getByText('City Cabs', { exact: true })).toBeVisible()
  await expect(card.getByText('•••• 4242')).toBeVisible()
  const escaped = ages.map((age) => age.replace(/[.*+?^${}()|[\]\\]/g, '\\$&'))
  await expect(card.locator('.proof-verdict__age')).toHaveText(
    new RegExp(`· (${escaped.join('|')})$`),
  )
  await checkScreen(page, testInfo, 'proof-genuine')

  await page.goto(tampered(proofPath, (payload) => (payload.amt = 18750)))
  await expect(verdict(page, 'Not genuine')).toBeVisible()
  await expect(page.getByText(NOT_GENUINE_MESSAGES.signature)).toBeVisible()
  await expect(page.getByText('£187.50')).toHaveCount(0)
  await checkScreen(page, testInfo, 'proof-not-genuine')

  await page.goto(otherAccountProof)
  await expect(verdict(page, 'Paid to another account')).toBeVisible()
  await expect(page.getByText('£9.40', { exact: true })).toBeVisible()
  await expect(page.getByText('Riverside Cars', { exact: true })).toBeVisible()
  await checkScreen(page, testInfo, 'proof-other-account')

  // A pasted link is checked the same way, still offline.
  await page.goto('/check-payment')
  await page.getByLabel('Proof of payment link').fill(`https://elsewhere.example${proofPath}`)
  await page.getByRole('button', { name: 'Check' }).click()
  await expect(verdict(page, 'Genuine payment')).toBeVisible()
  await expect(page).toHaveURL(new RegExp(`${proofPath.replace(/[.]/g, '\\.')}$`))
})

test(
  'online, the check adds that the sale was refunded since',
  PHONE_ONLY,
  async ({ page, browser }) => {
    test.setTimeout(120_000)
    await openCheckPayment(page)
    const { customer, proofPath } = await payLinkAsCustomer(page, browser, 2210)
    await customer.close()
    const [signed = ''] = proofPath.slice('/v/'.length).split('.')
    const { sale } = JSON.parse(Buffer.from(signed, 'base64url').toString('utf8')) as {
      sale: string
    }
    const refund = await page.request.post(`/v1/sales/${sale}/refund-requests/`, {
      headers: { ...portalHeaders(CITY), 'Idempotency-Key': `proof-refund-${sale}` },
      data: { amount: 2210, refundReason: 'Fare disputed' },
    })
    expect(refund.status(), await refund.text()).toBe(201)
    await page.goto(proofPath)
    await expect(verdict(page, 'Genuine payment')).toBeVisible()
    await expect(page.getByText(/^Refund asked for on .* \(£22\.10\)$/)).toBeVisible()
    await goOnline(page.context())
  },
)

// A QR code as Chromium's fake camera plays it: a Y4M file of one grey frame (Y only, no colour).
function qrVideo(text: string, file: string): void {
  const side = 720
  const { modules } = createQr(text, { errorCorrectionLevel: 'M' })
  const cells = modules.size + 8
  const scale = Math.floor(side / cells)
  const offset = Math.floor((side - modules.size * scale) / 2)
  const luma = Buffer.alloc(side * side, 255)
  for (let row = 0; row < modules.size; row++) {
    for (let column = 0; column < modules.size; column++) {
      if (!modules.get(row, column)) continue
      for (let dy = 0; dy < scale; dy++) {
        const start = (offset + row * scale + dy) * side + offset + column * scale
        luma.fill(0, start, start + scale)
      }
    }
  }
  const chroma = Buffer.alloc((side / 2) * (side / 2) * 2, 128)
  const frame = Buffer.concat([Buffer.from('FRAME\n'), luma, chroma])
  const header = Buffer.from(`YUV4MPEG2 W${side} H${side} F10:1 Ip A1:1 C420jpeg\n`)
  writeFileSync(file, Buffer.concat([header, frame, frame]))
}

test(
  'the camera reads the customer’s QR code and shows the verdict',
  PHONE_ONLY,
  async ({ page, browser }, testInfo) => {
    test.setTimeout(120_000)
    await signIn(page, DEMO_EMAILS.manager, { account: 'City Cabs' })
    const { customer, proofPath } = await payLinkAsCustomer(page, browser, 1340)
    await customer.close()
    const origin = new URL(page.url()).origin
    mkdirSync('.tmp', { recursive: true })
    const video = join('.tmp', `proof-camera-${testInfo.workerIndex}.y4m`)
    qrVideo(`${origin}${proofPath}`, video)

    // A browser of its own: the fake camera is chosen when the browser starts.
    const withCamera = await chromium.launch({
      ...headlessShellLaunchOptions,
      args: [
        ...headlessShellLaunchOptions.args,
        '--use-fake-device-for-media-stream',
        '--use-fake-ui-for-media-stream',
        `--use-file-for-fake-video-capture=${video}`,
      ],
    })
    try {
      const context = await withCamera.newContext({ baseURL: origin, permissions: ['camera'] })
      const driver = await context.newPage()
      await signIn(driver, DEMO_EMAILS.manager, { account: 'City Cabs', to: '/check-payment' })
      await driver.getByRole('button', { name: 'Open the camera' }).click()
      await expect(verdict(driver, 'Genuine payment')).toBeVisible()
      await expect(driver.getByText('£13.40', { exact: true })).toBeVisible()
      await expect(driver).toHaveURL(new RegExp(`${proofPath.replace(/[.]/g, '\\.')}$`))
    } finally {
      await withCamera.close()
    }
  },
)
