import { readFileSync } from 'node:fs'
import { parse } from 'csv-parse/sync'
import { expect, test, type Download, type Page } from '@playwright/test'
import { readPdfPages } from '../../src/test/pdf-pages'
import { DEMO_EMAILS, SEED_SUBMERCHANTS } from './support/demo'
import { reloadUnderServiceWorker, useOfflineSandbox } from './support/offline-sandbox'
import { PHONE_ONLY } from './support/projects'
import { goOffline } from './support/pwa'
import { apiGet } from './support/sale-api'
import { checkScreen, mainNavLabels, useScreenshotWidth } from './support/shell'
import { signIn } from './support/sign-in'

const CITY = SEED_SUBMERCHANTS.cityCabs

interface Figures {
  salesAmount: number
  refundsAmount: number
  income: number
  cardFees: number
}
interface ApiTaxYear {
  taxYear: string
  quarters: (Figures & { quarter: number; salesCount: number; cumulative: Figures })[]
  totals: Figures & { salesCount: number }
}

// The tax year before the current one, as the API names it ('2025-26').
function lastTaxYear(now = new Date()): string {
  const london = new Intl.DateTimeFormat('en-CA', { timeZone: 'Europe/London' }).format(now)
  const year = Number(london.slice(0, 4))
  const start = (london.slice(5) >= '04-06' ? year : year - 1) - 1
  return `${start}-${String((start + 1) % 100).padStart(2, '0')}`
}

const money = (minor: number) =>
  new Intl.NumberFormat('en-GB', { style: 'currency', currency: 'GBP' }).format(minor / 100)

async function openTaxYear(page: Page, email: string = DEMO_EMAILS.owner) {
  await signIn(page, email, { account: 'City Cabs', to: '/tax' })
  await expect(page.getByRole('heading', { name: 'Tax year', level: 1 })).toBeVisible()
}

async function download(page: Page, button: string): Promise<Download> {
  const file = page.waitForEvent('download')
  await page.getByRole('button', { name: button }).click()
  const saved = await file
  await expect(page.getByText(`Saved ${saved.suggestedFilename()}`)).toBeVisible()
  return saved
}

test.describe('Tax year', () => {
  test('last tax year: a quarter as the API has it, the CSV records and the PDF statement read back', async ({
    page,
  }, testInfo) => {
    await useScreenshotWidth(page)
    await openTaxYear(page)
    const year = lastTaxYear()
    await page.getByLabel('Tax year').selectOption(year)
    await expect(page).toHaveURL(new RegExp(`year=${year}`))
    const api = await apiGet<ApiTaxYear>(page, CITY, `/v1/tax-years/${year}/summary`)
    expect(api.totals.salesCount).toBeGreaterThan(0)

    const quarters = page.getByRole('list', { name: 'Quarters' }).getByRole('listitem')
    await expect(quarters).toHaveCount(4)
    for (const quarter of api.quarters) {
      const card = quarters.nth(quarter.quarter - 1)
      await expect(card.getByRole('heading', { name: `Quarter ${quarter.quarter}` })).toBeVisible()
      await expect(card).toContainText(`Income${money(quarter.income)}`)
      await expect(card).toContainText(`Card fees${money(quarter.cardFees)}`)
      // Last year's deadlines have all passed.
      await expect(card.getByText('Passed')).toBeVisible()
    }
    const first = quarters.first()
    await first.getByText('How this is counted').click()
    await expect(first.getByText(/counts in the quarter of the day it was taken/)).toBeVisible()
    await expect(page.getByText(/Nothing is sent to HMRC/)).toBeVisible()
    await expect(page.getByText(/Cash fares.*are not included/)).toBeVisible()
    await checkScreen(page, testInfo, 'tax-year')

    // The records: every sale's amount and fee, and the refunds, add up to the year's totals.
    const csv = await download(page, 'Download records (CSV)')
    expect(csv.suggestedFilename()).toBe(`tax-year-${year}-${CITY}.csv`)
    const rows = parse(readFileSync(await csv.path(), 'utf8'), { bom: true, columns: true }) as {
      date: string
      category: string
      amount: string
    }[]
    const pence = (category: string) =>
      rows
        .filter((row) => row.category === category)
        .reduce((sum, row) => sum + Math.round(Number(row.amount) * 100), 0)
    expect(rows.filter((row) => row.category === 'turnover')).toHaveLength(api.totals.salesCount)
    expect(pence('turnover')).toBe(api.totals.salesAmount)
    expect(-pence('financial_charges')).toBe(api.totals.cardFees)
    expect(-pence('refund')).toBe(api.totals.refundsAmount)

    // The statement: made on the device, with the year, its totals and the card-only line.
    const pdf = await download(page, 'Annual statement (PDF)')
    expect(pdf.suggestedFilename()).toBe(`annual-statement-${year}.pdf`)
    const { head, pages } = await readPdfPages(new Uint8Array(readFileSync(await pdf.path())))
    expect(head).toBe('%PDF-')
    const text = pages.map((p) => p.text).join(' ')
    expect(text).toContain(`Annual statement ${year}`)
    expect(text).toContain('City Cabs')
    for (const n of [1, 2, 3, 4]) expect(text).toContain(`Quarter ${n}`)
    expect(text).toContain(money(api.totals.income))
    expect(text).toContain('card payments only')
  })

  test(
    'the calendar quarters are kept for the account on this device',
    PHONE_ONLY,
    async ({ page }) => {
      await openTaxYear(page)
      await page.getByRole('radio', { name: /Calendar/ }).check()
      const quarters = page.getByRole('list', { name: 'Quarters' }).getByRole('listitem')
      await expect(quarters.first()).toContainText(/1 Apr \d{4} to 30 Jun \d{4}/)
      await page.reload()
      await expect(page.getByRole('radio', { name: /Calendar/ })).toBeChecked()
      await expect(quarters.first()).toContainText(/1 Apr \d{4} to 30 Jun \d{4}/)
    },
  )

  test(
    'a viewer has no sidebar entry and reaches it from the dashboard',
    PHONE_ONLY,
    async ({ page }) => {
      await signIn(page, DEMO_EMAILS.viewer, { account: 'City Cabs', to: '/dashboard' })
      expect(await mainNavLabels(page)).not.toContain('Tax year')
      await page.keyboard.press('Escape')
      await page.getByRole('link', { name: 'Tax year' }).click()
      await expect(page.getByRole('heading', { name: 'Tax year', level: 1 })).toBeVisible()
      await expect(page.getByRole('list', { name: 'Quarters' }).getByRole('listitem')).toHaveCount(
        4,
      )
    },
  )
})

test.describe('Tax year offline', () => {
  const sandbox = useOfflineSandbox('tax')

  test('a year seen once opens with no network, with its age', async ({ browser }) => {
    test.slow()
    const { context, page } = await sandbox.newPortal(browser)
    await openTaxYear(page)
    const year = lastTaxYear()
    await page.getByLabel('Tax year').selectOption(year)
    const heading = page.getByRole('heading', { name: 'Tax year', level: 1 })
    await reloadUnderServiceWorker(page, heading)
    const quarters = page.getByRole('list', { name: 'Quarters' }).getByRole('listitem')
    await expect(quarters).toHaveCount(4)
    const income = await quarters.first().locator('.tax-figure--strong dd').first().innerText()

    await goOffline(context)
    await page.reload()
    await expect(heading).toBeVisible()
    await expect(page.getByText(/Updated .* · offline/)).toBeVisible()
    await expect(quarters).toHaveCount(4)
    await expect(quarters.first().locator('.tax-figure--strong dd').first()).toHaveText(income)
    await context.close()
  })
})
