import { copyFileSync, mkdirSync } from 'node:fs'
import { expect, test, type Page, type TestInfo } from '@playwright/test'
import { expectNoSeriousA11yViolations } from './support/axe'
import { DEMO_EMAILS, SEED_SUBMERCHANTS, uniqueEmail } from './support/demo'
import { expectAdviceCount, receiptSection, sendReceipt } from './support/receipt-advice'
import { apiGet, openSale, type ApiSale } from './support/sale-api'
import { saveScreenshot, useScreenshotWidth } from './support/shell'
import { signIn } from './support/sign-in'
import { PHONE_ONLY } from './support/projects'

const CITY_CABS = SEED_SUBMERCHANTS.cityCabs
// One sale per test and project, so phone and tablet never count each other's advices.
const SLOTS = { sms: 0, email: 1, messages: 2, view: 3, shots: 4 } as const
const slots = Object.keys(SLOTS).length

async function openOwnSale(page: Page, testInfo: TestInfo, slot: number): Promise<ApiSale> {
  await signIn(page, DEMO_EMAILS.owner, { account: 'City Cabs' })
  // Receipts change nothing a refund test reads; only our own advice counts must not mix.
  const before = new Date()
  before.setUTCHours(0, 0, 0, 0)
  const recent = await apiGet<ApiSale[]>(page, CITY_CABS, '/v1/sales', {
    submerchantId: CITY_CABS,
    'capturedAt[$lt]': before.toISOString(),
    sort: '-capturedAt',
    limit: 2 * slots,
  })
  const project = testInfo.project.name === 'tablet' ? 1 : 0
  const sale = recent[project * slots + slot]!
  expect(sale.receiptId).not.toBeNull()
  await openSale(page, sale.id)
  await expect(receiptSection(page)).toBeVisible()
  return sale
}

test(
  'an SMS receipt to 07700 900123 arrives as +447700900123',
  PHONE_ONLY,
  async ({ page }, testInfo) => {
    const sale = await openOwnSale(page, testInfo, SLOTS.sms)
    const section = receiptSection(page)
    // GB is the default country, first in the list with IE.
    const country = section.getByRole('combobox', { name: 'Country' })
    await section.getByRole('button', { name: 'SMS', exact: true }).click()
    await expect(country).toHaveValue('GB')
    await expect(country.locator('option').nth(1)).toHaveText('Ireland (+353)')
    await section.getByRole('button', { name: 'Cancel' }).click()

    await sendReceipt(page, 'SMS', '07700 900123')
    await expect(page.getByText('Receipt sent to +447700900123')).toBeVisible()
    const [advice] = await expectAdviceCount(
      page.request,
      { recipient: '+447700900123', saleId: sale.id },
      1,
    )
    expect(advice!.channel).toBe('sms')
    // City Cabs belongs to MetroPay: its brand identifier travels with the advice.
    expect(advice!.metadata).toMatchObject({ receiptId: sale.receiptId, brand: 'metropay' })
    // Back at the channel choice, ready for another.
    await expect(section.getByRole('button', { name: 'Email', exact: true })).toBeVisible()
  },
)

test('an email receipt arrives', PHONE_ONLY, async ({ page }, testInfo) => {
  const sale = await openOwnSale(page, testInfo, SLOTS.email)
  const email = uniqueEmail('receipt')
  await sendReceipt(page, 'Email', email)
  await expect(page.getByText(`Receipt sent to ${email}`)).toBeVisible()
  const [advice] = await expectAdviceCount(page.request, { recipient: email, saleId: sale.id }, 1)
  expect(advice!.channel).toBe('email')
  expect(advice!.subject).toBe('Your receipt from City Cabs')
})

test(
  'invalid inputs show messages and Cancel returns to the choice',
  PHONE_ONLY,
  async ({ page }, testInfo) => {
    const sale = await openOwnSale(page, testInfo, SLOTS.messages)
    const section = receiptSection(page)
    const send = section.getByRole('button', { name: 'Send', exact: true })

    await section.getByRole('button', { name: 'SMS', exact: true }).click()
    await send.click()
    await expect(section.getByText('Phone number required')).toBeVisible()
    await section.getByRole('textbox', { name: 'Phone number' }).fill('123')
    await send.click()
    await expect(
      section.getByText('Enter a valid phone number for the chosen country, e.g. 07700 900123'),
    ).toBeVisible()
    await expect(section.getByRole('textbox', { name: 'Phone number' })).toHaveAttribute(
      'aria-invalid',
      'true',
    )
    await section.getByRole('button', { name: 'Cancel' }).click()
    await expect(section.getByRole('button', { name: 'SMS', exact: true })).toBeVisible()
    await expect(section.getByRole('textbox')).toHaveCount(0)

    await section.getByRole('button', { name: 'Email', exact: true }).click()
    await send.click()
    await expect(section.getByText('Email address required')).toBeVisible()
    await section.getByRole('textbox', { name: 'Email address' }).fill('rider@')
    await send.click()
    await expect(section.getByText('Enter a valid email address')).toBeVisible()
    await section.getByRole('button', { name: 'Cancel' }).click()
    await expect(section.getByRole('button', { name: 'Email', exact: true })).toBeVisible()

    // Nothing invalid was sent.
    await expectAdviceCount(page.request, { saleId: sale.id }, 0)
  },
)

test(
  'View opens the branded receipt page; Print opens it to print',
  PHONE_ONLY,
  async ({ page }, testInfo) => {
    // Records window.print() calls in every page of the context, the popups included.
    await page.context().addInitScript(() => {
      Object.assign(window, { printCalls: 0 })
      window.print = () => {
        Object.assign(window, {
          printCalls: (window as unknown as { printCalls: number }).printCalls + 1,
        })
      }
    })
    const printCalls = (target: Page) =>
      target.evaluate(() => (window as unknown as { printCalls: number }).printCalls)
    const sale = await openOwnSale(page, testInfo, SLOTS.view)
    const section = receiptSection(page)
    const view = section.getByRole('link', { name: 'View' })
    await expect(view).toHaveAttribute('target', '_blank')
    await expect(view).toHaveAttribute('rel', /noopener/)

    const [receipt] = await Promise.all([page.waitForEvent('popup'), view.click()])
    await expect(receipt).toHaveURL(new RegExp(`/receipts/${sale.receiptId}$`))
    await expect(receipt.getByText('MetroPay Business').first()).toBeVisible()
    await expect(receipt.getByText(sale.authCode)).toBeVisible()
    expect(await printCalls(receipt)).toBe(0)
    await receipt.close()

    const [printable] = await Promise.all([
      page.waitForEvent('popup'),
      section.getByRole('button', { name: 'Print' }).click(),
    ])
    await expect(printable).toHaveURL(new RegExp(`/receipts/${sale.receiptId}\\?print=1$`))
    // The receipt page opens the print dialog by itself.
    await expect.poll(() => printCalls(printable)).toBe(1)
    await printable.close()
    // Chromium here has no Web Share: the button is only offered where it works.
    const canShare = await page.evaluate(() => typeof navigator.share === 'function')
    await expect(section.getByRole('button', { name: 'Share' })).toHaveCount(canShare ? 1 : 0)
  },
)

// A copy for review, plus the section alone (the full page is long at 360 px).
async function keepShot(page: Page, name: string) {
  mkdirSync('/tmp/shots-C', { recursive: true })
  const width = page.viewportSize()?.width ?? 0
  copyFileSync(`.tmp/screens/${name}-${width}.png`, `/tmp/shots-C/${name}-${width}.png`)
  await receiptSection(page).screenshot({ path: `/tmp/shots-C/${name}-${width}-section.png` })
}

test('receipt screenshots: channel choice and SMS form', async ({ page }, testInfo) => {
  await useScreenshotWidth(page)
  await openOwnSale(page, testInfo, SLOTS.shots)
  const section = receiptSection(page)
  await section.scrollIntoViewIfNeeded()
  await saveScreenshot(page, testInfo, 'receipt-choice')
  await keepShot(page, 'receipt-choice')
  await section.getByRole('button', { name: 'SMS', exact: true }).click()
  await section.getByRole('textbox', { name: 'Phone number' }).fill('123')
  await section.getByRole('button', { name: 'Send', exact: true }).click()
  await expect(section.getByText(/Enter a valid phone number/)).toBeVisible()
  await saveScreenshot(page, testInfo, 'receipt-sms-form')
  await keepShot(page, 'receipt-sms-form')
  await expectNoSeriousA11yViolations(page)
})
