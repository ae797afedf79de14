import { readFileSync } from 'node:fs'
import jsQR from 'jsqr'
import { readPdfPages } from '../../src/test/pdf-pages'
import { expect, test, type Download, type Page } from '@playwright/test'
import { DEMO_EMAILS, SEED_SUBMERCHANTS } from './support/demo'
import { reloadUnderServiceWorker, useOfflineSandbox } from './support/offline-sandbox'
import { PHONE_ONLY } from './support/projects'
import { goOffline } from './support/pwa'
import { apiGet, type ApiSale } from './support/sale-api'
import { checkScreen, saveScreenshot, useScreenshotWidth } from './support/shell'
import { signIn } from './support/sign-in'
import { expectNoSeriousA11yViolations } from './support/axe'

const CITY = SEED_SUBMERCHANTS.cityCabs
// A CabCard account whitelisted by its own id; its sales are counted by no other spec.
const RIVERSIDE = SEED_SUBMERCHANTS.riversideCars
const QR_NAME = 'QR code of the Scan to Pay link'
const CARDS = {
  success: '4242 4242 4242 4242',
  declined: '4000 0000 0000 0002',
  threeDs: '4000 0027 6000 3184',
}

const payLink = (page: Page, submerchantId: string) =>
  `${new URL(page.url()).origin}/pay?submerchant=${submerchantId}`

async function openScanToPay(page: Page, account = 'City Cabs') {
  await signIn(page, DEMO_EMAILS.owner, { account, to: '/scan-to-pay' })
  await expect(page.getByRole('heading', { name: 'Anytime Payments', level: 1 })).toBeVisible()
}

/**
 * The QR code as a phone camera would read it: a screenshot of it, turned into pixels by the
 * browser (no network needed), decoded by jsQR.
 */
async function decodeQrOnScreen(page: Page): Promise<string | null> {
  const code = page.getByRole('img', { name: QR_NAME })
  await expect(code).toBeVisible()
  const png = await code.screenshot()
  const { width, height, rgba } = await page.evaluate(async (base64) => {
    const bytes = Uint8Array.from(atob(base64), (char) => char.charCodeAt(0))
    const bitmap = await createImageBitmap(new Blob([bytes], { type: 'image/png' }))
    const canvas = new OffscreenCanvas(bitmap.width, bitmap.height)
    const context = canvas.getContext('2d')
    if (!context) throw new Error('no 2d context')
    context.drawImage(bitmap, 0, 0)
    const { data } = context.getImageData(0, 0, bitmap.width, bitmap.height)
    let binary = ''
    for (let i = 0; i < data.length; i += 0x8000) {
      binary += String.fromCharCode(...data.subarray(i, i + 0x8000))
    }
    return { width: bitmap.width, height: bitmap.height, rgba: btoa(binary) }
  }, png.toString('base64'))
  const pixels = new Uint8ClampedArray(Buffer.from(rgba, 'base64'))
  return jsQR(pixels, width, height)?.data ?? null
}

async function downloadKit(page: Page): Promise<Download> {
  const download = page.waitForEvent('download')
  await page.getByRole('button', { name: 'Download PDF kit' }).click()
  const file = await download
  await expect(page.getByText(`Saved ${file.suggestedFilename()}`)).toBeVisible()
  return file
}

// Every page of the PDF: its size in points and its text layer.
async function readPdf(download: Download) {
  return readPdfPages(new Uint8Array(readFileSync(await download.path())))
}

async function expectKit(download: Download, link: string, labels: string[]) {
  expect(download.suggestedFilename()).toBe('City Cabs Scan to Pay kit.pdf')
  const { head, pages } = await readPdf(download)
  expect(head).toBe('%PDF-')
  expect(pages.length).toBeGreaterThanOrEqual(2)
  // A4 portrait: 595 × 842 points.
  for (const { width, height } of pages) {
    expect(width).toBeCloseTo(595.28, 1)
    expect(height).toBeCloseTo(841.89, 1)
  }
  const poster = pages[0]?.text ?? ''
  expect(poster).toContain('City Cabs')
  expect(poster).toContain(link)
  expect(poster).toContain('How to pay')
  const cards = pages
    .slice(1)
    .map((page) => page.text)
    .join('\n')
  for (const label of labels) expect(cards).toContain(label)
}

// Pays on the sandbox's Scan to Pay page as the customer would, after scanning the code.
async function payAsCustomer(page: Page, amount: string, card: string) {
  await page.getByLabel('Amount (£)').fill(amount)
  await page.getByLabel('Card number').fill(card)
  await page.getByLabel('Expiry (MM/YY)').fill('12/34')
  await page.getByLabel('Security code').fill('123')
  await page.getByRole('button', { name: 'Pay', exact: true }).click()
}

test.describe('Scan to Pay', () => {
  test('the code reads as the pay link; Copy and Share give the link; the screen at its width', async ({
    page,
  }, testInfo) => {
    // A phone's share sheet, where the browser has one (headless Chromium has none).
    await page.addInitScript(() => {
      Object.defineProperty(navigator, 'share', {
        configurable: true,
        value: async (data: ShareData) => {
          ;(window as unknown as { shared: ShareData }).shared = data
        },
      })
    })
    await page.context().grantPermissions(['clipboard-read', 'clipboard-write'])
    await useScreenshotWidth(page)
    await openScanToPay(page)
    await expect(page).toHaveTitle(/^Anytime Payments/)
    const link = payLink(page, CITY)
    await expect(page.getByRole('link', { name: link })).toBeVisible()

    const code = page.getByRole('img', { name: QR_NAME })
    await expect
      .poll(async () => {
        const box = await code.boundingBox()
        return [box?.width, box?.height]
      })
      .toEqual([300, 300])
    expect(await decodeQrOnScreen(page)).toBe(link)

    // Share before Copy: on a phone, Copy's notice sits just above the bottom edge, where it may
    // cover the Share button for a few seconds (CI once saw the click go to the notice).
    await page.getByRole('button', { name: 'Share the Scan to Pay link' }).click()
    await expect
      .poll(() => page.evaluate(() => (window as unknown as { shared?: ShareData }).shared))
      .toEqual({
        title: 'Pay City Cabs',
        text: 'Pay City Cabs by card',
        url: link,
      })
    await page.getByRole('button', { name: 'Copy the Scan to Pay link' }).click()
    await expect(page.getByText('Copied to clipboard')).toBeVisible()
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(link)

    await page.getByLabel(/Vehicle registrations or driver names/).fill('AB12 CDE\nSam Jones')
    await expect(page.getByText('The kit will have 2 vehicle cards.')).toBeVisible()
    // The screen as it rests: no notice over it, scrolled to the top.
    await expect(page.getByText('Copied to clipboard')).toBeHidden()
    await page.evaluate(() => {
      ;(document.activeElement as HTMLElement | null)?.blur()
      window.scrollTo(0, 0)
    })
    await checkScreen(page, testInfo, 'scan-to-pay')
    // Dark mode keeps the code dark on white, as scanners need.
    await page.emulateMedia({ colorScheme: 'dark' })
    expect(await decodeQrOnScreen(page)).toBe(link)
  })

  test(
    'the PDF kit: A4, the account, the link and a card per typed registration',
    PHONE_ONLY,
    async ({ page }) => {
      await openScanToPay(page)
      const vehicles = page.getByLabel(/Vehicle registrations or driver names/)
      await expect(
        page.getByText('The kit will have one sheet of 8 cards without names.'),
      ).toBeVisible()
      // 105 lines: the first 100 get a card and the page says the rest are left out.
      await vehicles.fill(Array.from({ length: 105 }, (_, i) => `CAB ${i + 1}`).join('\n'))
      await expect(
        page.getByText(
          'The kit will have 100 vehicle cards. 5 more lines are left out: the kit holds up to 100 cards.',
        ),
      ).toBeVisible()

      const labels = ['AB12 CDE', 'Sam Jones', 'XY99 ZZZ']
      await vehicles.fill('  AB12 CDE \n\n   \nSam Jones\nXY99 ZZZ\n')
      await expect(page.getByText('The kit will have 3 vehicle cards.')).toBeVisible()
      const kit = await downloadKit(page)
      await expectKit(kit, payLink(page, CITY), labels)
    },
  )

  test(
    'the customer enters the amount and pays by card: a sale of the account, also after a decline and with 3-D Secure',
    PHONE_ONLY,
    async ({ page }, testInfo) => {
      await useScreenshotWidth(page)
      await openScanToPay(page, 'Riverside Cars')
      const link = payLink(page, RIVERSIDE)
      const paid: { intentId: string; amount: number; lastFour: string }[] = []
      // The payment's page is its intent's (/pay/{intentId}): the sale is found by that id.
      const intentOnScreen = () => new URL(page.url()).pathname.split('/')[2] ?? ''

      await page.goto(link)
      await expect(
        page.getByRole('heading', { name: 'Pay Riverside Cars', level: 1 }),
      ).toBeVisible()
      await checkScreen(page, testInfo, 'scan-pay-page')

      await payAsCustomer(page, '18.40', CARDS.declined)
      await expect(page.getByText('Your card was declined. Try another card.')).toBeVisible()
      await expect(page.getByLabel('Amount (£)')).toHaveValue('18.40')
      await payAsCustomer(page, '18.40', CARDS.success)
      await expect(page.getByText('Your payment has been received. Thank you.')).toBeVisible()
      paid.push({ intentId: intentOnScreen(), amount: 1840, lastFour: '4242' })
      await saveScreenshot(page, testInfo, 'scan-pay-paid')
      await expectNoSeriousA11yViolations(page)

      await page.getByRole('link', { name: 'Make another payment' }).click()
      await payAsCustomer(page, '7', CARDS.threeDs)
      await expect(page.getByRole('heading', { name: "Confirm it's you" })).toBeVisible()
      await page.getByRole('button', { name: 'Complete' }).click()
      await expect(page.getByText('Your payment has been received. Thank you.')).toBeVisible()
      paid.push({ intentId: intentOnScreen(), amount: 700, lastFour: '3184' })

      // Through the API, as the account's owner: each payment is one sale of the account.
      for (const { intentId, amount, lastFour } of paid) {
        expect(intentId).toMatch(/^int_[0-9a-f]{24}$/)
        const sales = await apiGet<ApiSale[]>(page, RIVERSIDE, '/v1/sales', {
          submerchantId: RIVERSIDE,
          intentId,
        })
        expect(sales).toHaveLength(1)
        expect(sales[0]).toMatchObject({
          amount,
          currency: 'GBP',
          method: 'ecommerce',
          panLastFour: lastFour,
        })
        const intent = await apiGet<{ description: string; status: string }>(
          page,
          RIVERSIDE,
          `/v1/intents/${intentId}`,
        )
        expect(intent).toMatchObject({ description: 'Scan to Pay', status: 'succeeded' })
      }
    },
  )

  test(
    'an account outside the Scan to Pay whitelist gets the documented text, and its pay page is refused',
    PHONE_ONLY,
    async ({ page }) => {
      await signIn(page, DEMO_EMAILS.owner, { account: 'Green Line Cars', to: '/scan-to-pay' })
      await expect(page.getByRole('heading', { name: 'Anytime Payments', level: 1 })).toBeVisible()
      await expect(page.getByText('Not permitted to view this data.')).toBeVisible()
      await expect(page.getByRole('img', { name: QR_NAME })).toHaveCount(0)
      await expect(page.getByRole('button', { name: 'Download PDF kit' })).toHaveCount(0)
      const refused = await page.request.get(`/pay?submerchant=${SEED_SUBMERCHANTS.greenLine}`, {
        headers: { accept: 'text/html' },
      })
      expect(refused.status()).toBe(404)
      expect(await refused.text()).toContain('Payment page not found')
    },
  )

  test('a deeper unknown path says Page Not Found', PHONE_ONLY, async ({ page }) => {
    await signIn(page, DEMO_EMAILS.owner, { account: 'City Cabs', to: '/scan-to-pay/nothing' })
    await expect(page.getByRole('heading', { name: 'Page Not Found' })).toBeVisible()
  })
})

test.describe('Scan to Pay offline', () => {
  const sandbox = useOfflineSandbox('scan')

  // On this sandbox of its own: the shared one enrols New Start Cars during the run
  // (payment-links.spec's self-enrolment test).
  test('an account not yet enrolled is told customers cannot pay yet', async ({ browser }) => {
    const { context, page } = await sandbox.newPortal(browser, { serviceWorkers: 'block' })
    await openScanToPay(page, 'New Start Cars')
    await expect(page.getByText('Customers cannot pay yet')).toBeVisible()
    await expect(page.getByRole('link', { name: 'Payment Links' }).last()).toBeVisible()
    // The code is still there to print ahead; its page says why it cannot take a card yet.
    await expect(page.getByRole('img', { name: QR_NAME })).toBeVisible()
    await page.goto(payLink(page, SEED_SUBMERCHANTS.newStart))
    await expect(page.getByText('This account cannot take card payments yet')).toBeVisible()
    await context.close()
  })

  test('once visited, the code shows and the kit is made with no network', async ({ browser }) => {
    test.slow()
    const { context, page } = await sandbox.newPortal(browser)
    await openScanToPay(page)
    const heading = page.getByRole('heading', { name: 'Anytime Payments', level: 1 })
    await reloadUnderServiceWorker(page, heading)
    const link = payLink(page, CITY)
    await expect(page.getByRole('img', { name: QR_NAME })).toBeVisible()

    await goOffline(context)
    await page.reload()
    await expect(heading).toBeVisible()
    expect(await decodeQrOnScreen(page)).toBe(link)
    await page.getByLabel(/Vehicle registrations or driver names/).fill('OFF1 LNE\nNo Signal')
    const kit = await downloadKit(page)
    await expectKit(kit, link, ['OFF1 LNE', 'No Signal'])
    await context.close()
  })
})
