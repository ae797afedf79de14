import { readFileSync } from 'node:fs'
import { parse } from 'csv-parse/sync'
import { readPdfPages } from '../../src/test/pdf-pages'
import { expect, test, type Download, type Page, type Route } from '@playwright/test'
import { DEMO_EMAILS, SEED_SUBMERCHANTS } from './support/demo'
import { PHONE_ONLY } from './support/projects'
import { apiGet, type ApiSale } from './support/sale-api'
import { checkScreen, useScreenshotWidth } from './support/shell'
import { openFirst, signIn } from './support/sign-in'

const CITY = SEED_SUBMERCHANTS.cityCabs
const HEADER = [
  'ID',
  'Sale Amount',
  'Tip Amount',
  'Currency',
  'Auth Code',
  'RRN',
  'Transaction Date',
  'Terminal Serial Number',
  'PAN ending',
  'Card Scheme',
  'Payment Method',
  'Card Type',
  'External Reference',
]

interface BalanceTransaction {
  sourceId: string
  feeAmount: number
  netAmount: number
}

const decimal = (minor: number) => (minor / 100).toFixed(2)

// Every row of a list (docs/api.md#lists) through the API, 100 at a time (the sandbox's largest page).
async function apiAll<T>(page: Page, path: string, params: Record<string, string>): Promise<T[]> {
  const rows: T[] = []
  for (let offset = 0; ; offset += 100) {
    const batch = await apiGet<T[]>(page, CITY, path, { ...params, limit: 100, offset })
    rows.push(...batch)
    if (batch.length < 100) return rows
  }
}

// The instants the portal sends for inclusive local days [start, end] (the browser's time zone).
async function dayBounds(page: Page, start: string, end: string) {
  return page.evaluate(
    ([first, last]) => {
      const local = (day: string, add: number) => {
        const [y, m, d] = day.split('-').map(Number) as [number, number, number]
        return new Date(y, m - 1, d + add).toISOString()
      }
      return { gte: local(first, 0), lt: local(last, 1) }
    },
    [start, end] as const,
  )
}

async function openSales(page: Page, query = '') {
  await openFirst(page, `/transactions/sales${query}`)
  await expect(page.getByRole('heading', { name: 'Sales', level: 1 })).toBeVisible()
  await expect(page.getByText(/^[\d,]+ sales?$/).first()).toBeVisible()
}

async function openExport(page: Page) {
  await page.getByRole('button', { name: 'Export', exact: true }).click()
  const dialog = page.getByRole('dialog', { name: 'Export sales' })
  await expect(dialog).toBeVisible()
  return dialog
}

async function chooseCustomRange(page: Page, start: string, end: string) {
  const dialog = page.getByRole('dialog', { name: 'Export sales' })
  await dialog.getByLabel('Period').selectOption('custom')
  await dialog.getByRole('textbox', { name: 'Start date' }).fill(start)
  await dialog.getByRole('textbox', { name: 'End date' }).fill(end)
}

// Clicks Export in the dialog and waits for the file; the dialog closes on its own.
async function exportFile(page: Page): Promise<Download> {
  const dialog = page.getByRole('dialog', { name: 'Export sales' })
  const download = page.waitForEvent('download')
  await dialog.getByRole('button', { name: 'Export', exact: true }).click()
  const file = await download
  await expect(dialog).toBeHidden()
  return file
}

async function csvRows(download: Download): Promise<string[][]> {
  const bytes = readFileSync(await download.path())
  // Excel needs the byte-order mark to read UTF-8.
  expect([...bytes.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf])
  return parse(bytes, { bom: true, relax_column_count: true }) as string[][]
}

// The rows of sales, without the header and the summary block after the blank line.
function bodyOf(rows: string[][]): string[][] {
  const blank = rows.findIndex((row) => row.length === 1 && row[0] === '')
  return rows.slice(1, blank === -1 ? undefined : blank)
}

const dayOf = (date: Date) =>
  `${date.getFullYear()}-${String(date.getMonth() + 1).padStart(2, '0')}-${String(date.getDate()).padStart(2, '0')}`

// Last calendar month (the export's default period), as inclusive days.
function lastMonthDays(now = new Date()) {
  const first = new Date(now.getFullYear(), now.getMonth() - 1, 1)
  const last = new Date(now.getFullYear(), now.getMonth(), 0)
  return { start: dayOf(first), end: dayOf(last) }
}

// From `from` days ago to `to` days ago, inclusive.
function daysBack(from: number, to: number, now = new Date()) {
  const day = (back: number) =>
    dayOf(new Date(now.getFullYear(), now.getMonth(), now.getDate() - back))
  return { start: day(from), end: day(to) }
}

test.describe('export', () => {
  // Every test opens the sales list first.
  test.beforeEach(async ({ page }) => {
    await signIn(page, DEMO_EMAILS.owner, { account: 'City Cabs', openPortal: false })
  })

  test(
    'a custom range as CSV with fees and a summary matches the API row for row',
    PHONE_ONLY,
    async ({ page }) => {
      await openSales(page)
      // Three years to yesterday: nearly all of the seed's sales, several pages of 100.
      const { start, end } = daysBack(1100, 1)
      const bounds = await dayBounds(page, start, end)
      const range = { 'capturedAt[$gte]': bounds.gte, 'capturedAt[$lt]': bounds.lt }
      const sales = await apiAll<ApiSale>(page, '/v1/sales', {
        submerchantId: CITY,
        sort: 'capturedAt',
        ...range,
      })
      const fees = await apiAll<BalanceTransaction>(page, '/v1/balance-transactions', {
        submerchantId: CITY,
        type: 'sale',
        'createdAt[$gte]': bounds.gte,
        'createdAt[$lt]': bounds.lt,
      })
      expect(sales.length, JSON.stringify({ start, end, bounds, n: sales.length })).toBeGreaterThan(
        100,
      )
      const feeOf = new Map(fees.map((fee) => [fee.sourceId, fee]))

      const dialog = await openExport(page)
      await chooseCustomRange(page, start, end)
      await dialog.getByRole('checkbox', { name: /Include fees/ }).check()
      await dialog.getByRole('checkbox', { name: /Include a summary/ }).check()
      const download = await exportFile(page)
      expect(download.suggestedFilename()).toBe(`City Cabs transactions ${start} to ${end}.csv`)

      const rows = await csvRows(download)
      expect(rows[0]).toEqual([HEADER[0], 'Fee', 'Net', ...HEADER.slice(1)])
      const body = bodyOf(rows)
      expect(body).toHaveLength(sales.length)
      expect(body.map((row) => row[0])).toEqual(sales.map((sale) => sale.id))
      sales.forEach((sale, index) => {
        const row = body[index]!
        const fee = feeOf.get(sale.id)
        expect(fee, `balance transaction of ${sale.id}`).toBeDefined()
        expect(row.slice(1, 6)).toEqual([
          decimal(fee!.feeAmount),
          decimal(fee!.netAmount),
          decimal(sale.saleAmount),
          decimal(sale.gratuityAmount),
          sale.currency,
        ])
        expect(row[6]).toBe(sale.authCode)
        expect(row[7]).toBe(sale.retrievalReferenceNumber)
        expect(row[8]).toMatch(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2} (AM|PM)$/)
        expect(row[10]).toBe(sale.panLastFour)
      })

      // The summary: count, gross, tips, fees and net, from integers.
      const summary = Object.fromEntries(rows.slice(body.length + 2).map((row) => [row[0], row[1]]))
      const sum = (pick: (sale: ApiSale) => number) => sales.reduce((t, s) => t + pick(s), 0)
      expect(summary).toEqual({
        Transactions: String(sales.length),
        Gross: decimal(sum((s) => s.amount)),
        Tips: decimal(sum((s) => s.gratuityAmount)),
        Fees: decimal(sum((s) => feeOf.get(s.id)!.feeAmount)),
        Net: decimal(sum((s) => feeOf.get(s.id)!.netAmount)),
      })
    },
  )

  test(
    'PDF: A4 landscape, titled with the account and range, a row count and page numbers',
    PHONE_ONLY,
    async ({ page }) => {
      await openSales(page)
      const { start, end } = lastMonthDays()
      const bounds = await dayBounds(page, start, end)
      const sales = await apiAll<ApiSale>(page, '/v1/sales', {
        submerchantId: CITY,
        'capturedAt[$gte]': bounds.gte,
        'capturedAt[$lt]': bounds.lt,
        fields: 'id',
      })
      expect(sales.length).toBeGreaterThan(0)

      const dialog = await openExport(page)
      // Last month is the default period.
      await expect(dialog.getByLabel('Period')).toHaveValue('last_month')
      await dialog.getByRole('radio', { name: /PDF/ }).check()
      await dialog.getByRole('checkbox', { name: /Include a summary/ }).check()
      const download = await exportFile(page)
      expect(download.suggestedFilename()).toBe(`City Cabs transactions ${start} to ${end}.pdf`)

      const { pages } = await readPdfPages(new Uint8Array(readFileSync(await download.path())))
      pages.forEach((pdfPage, index) => {
        // A4 landscape: 842 × 595 points.
        expect(pdfPage.width).toBeCloseTo(841.89, 1)
        expect(pdfPage.height).toBeCloseTo(595.28, 1)
        expect(pdfPage.text).toContain(`Page ${index + 1} of ${pages.length}`)
        // The header row repeats on every page of the table; the summary is never split, so when
        // the last rows fill their page it stands on a page of its own (some months' counts do).
        const summaryAlone = index === pages.length - 1 && !pdfPage.text.includes('Sale Amount')
        if (summaryAlone) expect(pdfPage.text).toMatch(/Summary[\s\S]*Transactions\s+\d+/)
        else expect(pdfPage.text).toContain('Sale Amount')
      })
      const text = pages.map((pdfPage) => pdfPage.text).join('\n')
      expect(text).toContain('City Cabs transactions')
      expect(text).toContain(`${start} to ${end}`)
      expect(text).toMatch(new RegExp(`Transactions\\s+${sales.length}\\b`))
      for (const sale of sales.slice(0, 5)) expect(text).toContain(sale.id)
    },
  )

  test(
    'Cancel stops every request and no file appears; closing the dialog does too',
    PHONE_ONLY,
    async ({ page }) => {
      await openSales(page)
      let downloads = 0
      page.on('download', () => (downloads += 1))
      // The first page of sales goes through; later pages wait until the test lets them go.
      const held: Route[] = []
      let seen = 0
      await page.route('**/v1/sales?*', async (route) => {
        seen += 1
        if (seen === 1) return route.continue()
        held.push(route)
      })
      const failed: string[] = []
      page.on('requestfailed', (request) => {
        if (request.url().includes('/v1/sales?')) failed.push(request.failure()?.errorText ?? '')
      })

      const dialog = await openExport(page)
      await dialog.getByLabel('Period').selectOption('all_time')
      await dialog.getByRole('button', { name: 'Export', exact: true }).click()
      const progress = dialog.getByRole('progressbar', { name: 'Fetching sales' })
      await expect(progress).toBeVisible()
      await expect(progress).toHaveAttribute('aria-valuetext', /^100 of [\d,]+ rows$/)
      // Read by keyset: the next page, asked for once the first is in, is the only one in flight.
      await expect.poll(() => held.length).toBe(1)
      await dialog.getByRole('button', { name: 'Cancel' }).click()
      await expect(progress).toBeHidden()
      await expect(dialog.getByRole('button', { name: 'Export', exact: true })).toBeEnabled()
      await expect.poll(() => failed.length).toBe(held.length)

      // Again, and this time close the dialog with Escape mid-way.
      held.length = 0
      failed.length = 0
      seen = 0
      await dialog.getByRole('button', { name: 'Export', exact: true }).click()
      await expect(dialog.getByRole('progressbar', { name: 'Fetching sales' })).toBeVisible()
      await expect.poll(() => held.length).toBeGreaterThan(0)
      await page.keyboard.press('Escape')
      await expect(dialog).toBeHidden()
      await expect.poll(() => failed.length).toBe(held.length)
      await page.unroute('**/v1/sales?*')
      expect(downloads).toBe(0)
    },
  )

  test('the date texts, and no export while the range is wrong', PHONE_ONLY, async ({ page }) => {
    await openSales(page)
    const dialog = await openExport(page)
    await dialog.getByLabel('Period').selectOption('custom')
    const tomorrow = await page.evaluate(() => {
      const date = new Date()
      date.setDate(date.getDate() + 1)
      return `${date.getFullYear()}-${String(date.getMonth() + 1).padStart(2, '0')}-${String(date.getDate()).padStart(2, '0')}`
    })
    // The picker itself blocks future start days.
    await expect(dialog.locator('input[type="date"]').first()).toHaveAttribute(
      'max',
      /^\d{4}-\d{2}-\d{2}$/,
    )
    await dialog.getByRole('textbox', { name: 'Start date' }).fill(tomorrow)
    await expect(dialog.getByText('Start date is after current date')).toBeVisible()
    await expect(dialog.getByRole('button', { name: 'Export', exact: true })).toBeDisabled()
    await chooseCustomRange(page, '2026-10-10', '2026-10-01')
    await expect(dialog.getByText('End date is before Start date')).toBeVisible()
    await expect(dialog.getByRole('button', { name: 'Export', exact: true })).toBeDisabled()
    await dialog.getByRole('textbox', { name: 'End date' }).fill('2026-10-11')
    await expect(dialog.getByText('End date is before Start date')).toBeHidden()
    await expect(dialog.getByRole('button', { name: 'Export', exact: true })).toBeEnabled()
  })

  test(
    'the current view: exactly the filtered list, in its order',
    PHONE_ONLY,
    async ({ page }) => {
      await openSales(page, '?cardScheme=visa&method=pos&sort=-amount')
      const sales = await apiAll<ApiSale>(page, '/v1/sales', {
        submerchantId: CITY,
        cardScheme: 'visa',
        method: 'pos',
        sort: '-amount',
      })
      const dialog = await openExport(page)
      const view = dialog.getByRole('radio', { name: /The current view/ })
      await expect(view).toHaveAccessibleName(
        new RegExp(
          `Card scheme: Visa, Method: POS · ${sales.length.toLocaleString('en-GB')} sales`,
        ),
      )
      await view.check()
      // The view brings its own period and method.
      await expect(dialog.getByLabel('Period')).toBeHidden()
      const download = await exportFile(page)
      expect(download.suggestedFilename()).toBe('City Cabs transactions all time.csv')
      const body = bodyOf(await csvRows(download))
      expect(body.map((row) => row[0])).toEqual(sales.map((sale) => sale.id))
      for (const row of body) {
        expect(row[9]).toBe('Visa')
        expect(row[10]).toBe('POS')
      }
    },
  )

  test(
    'serial numbers a sale lacks come from the terminals; a failed lookup says so',
    PHONE_ONLY,
    async ({ page }) => {
      await openSales(page)
      const { start, end } = daysBack(20, 0)
      // The API answers without serial numbers, as it does for a sale whose terminal moved on.
      await page.route('**/v1/sales?*', async (route) => {
        const response = await route.fetch()
        const sales = (await response.json()) as ApiSale[]
        await route.fulfill({
          response,
          json: sales.map((sale) => ({ ...sale, terminalSerialNumber: null })),
        })
      })
      let terminalCalls = 0
      await page.route('**/v1/terminals?*', async (route) => {
        terminalCalls += 1
        await route.fulfill({ status: 500, json: { code: 'server_error', message: 'Boom' } })
      })

      const dialog = await openExport(page)
      await chooseCustomRange(page, start, end)
      await dialog.getByRole('button', { name: 'Export', exact: true }).click()
      const alert = dialog.getByRole('alert')
      await expect(alert).toHaveText(/Error loading terminal/)
      expect(terminalCalls).toBeGreaterThan(0)

      await page.unroute('**/v1/terminals?*')
      const download = page.waitForEvent('download')
      await alert.getByRole('button', { name: 'Try again' }).click()
      const body = bodyOf(await csvRows(await download))
      const bounds = await dayBounds(page, start, end)
      await page.unroute('**/v1/sales?*')
      const sales = await apiAll<ApiSale>(page, '/v1/sales', {
        submerchantId: CITY,
        sort: 'capturedAt',
        'capturedAt[$gte]': bounds.gte,
        'capturedAt[$lt]': bounds.lt,
      })
      const terminals = await apiAll<{ id: string; serialNumber: string }>(page, '/v1/terminals', {
        'currentAllocation[submerchantId]': CITY,
      })
      const serialOf = new Map(terminals.map((terminal) => [terminal.id, terminal.serialNumber]))
      expect(body).toHaveLength(sales.length)
      const withTerminal = sales.filter((sale) => sale.terminalId && serialOf.has(sale.terminalId))
      expect(withTerminal.length).toBeGreaterThan(0)
      sales.forEach((sale, index) => {
        const expected = sale.terminalId ? (serialOf.get(sale.terminalId) ?? '') : ''
        expect(body[index]![7]).toBe(expected)
      })
    },
  )

  test(
    'a failed page says so, keeps the choices, and Try again finishes the file',
    PHONE_ONLY,
    async ({ page }) => {
      await openSales(page)
      let calls = 0
      await page.route('**/v1/sales?*', async (route) => {
        calls += 1
        if (calls === 2) {
          await route.fulfill({
            status: 503,
            json: { code: 'service_unavailable', message: 'The service is busy' },
          })
        } else {
          await route.continue()
        }
      })
      const dialog = await openExport(page)
      await dialog.getByLabel('Period').selectOption('all_time')
      await dialog.getByRole('radio', { name: /PDF/ }).check()
      await dialog.getByRole('button', { name: 'Export', exact: true }).click()
      await expect(dialog.getByRole('alert')).toHaveText(
        /Error exporting transactions: The service is busy/,
      )
      await expect(dialog.getByRole('radio', { name: /PDF/ })).toBeChecked()
      const download = page.waitForEvent('download')
      await dialog.getByRole('button', { name: 'Try again' }).click()
      expect((await download).suggestedFilename()).toBe('City Cabs transactions all time.pdf')
    },
  )

  test('offline, Export says it needs a connection', PHONE_ONLY, async ({ page, context }) => {
    await openSales(page)
    await context.setOffline(true)
    const button = page.getByRole('button', { name: 'Export needs a connection' })
    await expect(button).toBeDisabled()
    await context.setOffline(false)
    await expect(page.getByRole('button', { name: 'Export', exact: true })).toBeEnabled()
  })

  test(
    'on a phone that shares files, the file goes to the share sheet',
    PHONE_ONLY,
    async ({ page }) => {
      await page.addInitScript(() => {
        const shared: { name: string; type: string; size: number }[] = []
        Object.assign(window, { __shared: shared })
        Object.defineProperty(navigator, 'canShare', {
          value: (data: { files?: File[] }) => Array.isArray(data.files),
        })
        Object.defineProperty(navigator, 'share', {
          value: async (data: { files: File[] }) => {
            if (!navigator.userActivation.isActive)
              throw new DOMException('No gesture', 'NotAllowedError')
            for (const file of data.files)
              shared.push({ name: file.name, type: file.type, size: file.size })
          },
        })
      })
      await openSales(page)
      const dialog = await openExport(page)
      await dialog.getByRole('button', { name: 'Export', exact: true }).click()
      await expect(dialog.getByRole('status')).toContainText('is ready')
      await dialog.getByRole('button', { name: 'Share' }).click()
      await expect(dialog).toBeHidden()
      const { start, end } = lastMonthDays()
      expect(
        await page.evaluate(() => (window as unknown as { __shared: unknown[] }).__shared),
      ).toEqual([
        expect.objectContaining({
          name: `City Cabs transactions ${start} to ${end}.csv`,
          type: 'text/csv;charset=utf-8',
        }),
      ])
    },
  )

  test('screens: the dialog and its progress, light and dark', async ({ page }, testInfo) => {
    // Every stage of the dialog in light and dark, each with its axe run.
    test.slow()
    await useScreenshotWidth(page)
    await openSales(page)
    const dialog = await openExport(page)
    await checkScreen(page, testInfo, 'export')
    await dialog.getByLabel('Period').selectOption('custom')
    await dialog.getByRole('textbox', { name: 'Start date' }).fill('2026-10-10')
    await dialog.getByRole('textbox', { name: 'End date' }).fill('2026-10-01')
    await expect(dialog.getByText('End date is before Start date')).toBeVisible()
    await checkScreen(page, testInfo, 'export-invalid')
    await dialog.getByLabel('Period').selectOption('all_time')
    let seen = 0
    await page.route('**/v1/sales?*', async (route) => {
      seen += 1
      if (seen === 1) await route.continue()
    })
    await dialog.getByRole('button', { name: 'Export', exact: true }).click()
    await expect(dialog.getByRole('progressbar', { name: 'Fetching sales' })).toHaveAttribute(
      'aria-valuetext',
      /^100 of/,
    )
    await checkScreen(page, testInfo, 'export-progress')
    await dialog.getByRole('button', { name: 'Cancel' }).click()
    await page.unroute('**/v1/sales?*')
  })
})
