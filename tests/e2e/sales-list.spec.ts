import { expect, test, type Page } from '@playwright/test'
import { DEMO_ACCOUNT_NAMES, DEMO_EMAILS, SEED_SUBMERCHANTS } from './support/demo'
import { checkScreen, isPhone, saveScreenshot, useScreenshotWidth } from './support/shell'
import { signIn } from './support/sign-in'
import { PHONE_ONLY } from './support/projects'

const account = SEED_SUBMERCHANTS.cityCabs

interface ApiSale {
  id: string
  terminalSerialNumber: string | null
  panLastFour: string
}

// The same list through the API, as the signed-in browser (its cookies).
async function apiSales(page: Page, params: Record<string, string | number> = {}) {
  const res = await page.request.get('/v1/sales', {
    headers: { 'Token-Perspective': account, 'X-Requested-With': 'portal' },
    params: { submerchantId: account, sort: '-capturedAt', limit: 10, ...params },
  })
  expect(res.status(), await res.text()).toBe(200)
  return (await res.json()) as ApiSale[]
}

// Sale ids on screen, from the links to each sale (table Details links or phone cards).
async function shownIds(page: Page): Promise<string[]> {
  const links = page
    .getByRole('region', { name: 'Sales' })
    .locator('a[href*="/transactions/sales/"]')
  const hrefs = await links.evaluateAll((nodes) => nodes.map((node) => node.getAttribute('href')))
  return hrefs.map((href) => decodeURIComponent(String(href).split('/').pop() ?? ''))
}

async function expectRows(page: Page, params: Record<string, string | number> = {}) {
  const expected = (await apiSales(page, params)).map((sale) => sale.id)
  await expect.poll(() => shownIds(page)).toEqual(expected)
  return expected
}

function search(page: Page): URLSearchParams {
  return new URL(page.url()).searchParams
}

// Phones fold the filters and saved views into <details>; tablets show them open.
async function openPanel(page: Page, title: 'Filters' | 'Saved views') {
  if (!isPhone(page)) return
  const details = page.locator('details.list-panel', {
    has: page.locator('summary', { hasText: title }),
  })
  if ((await details.getAttribute('open')) === null) {
    await details.locator('summary').click()
  }
  await expect(details).toHaveAttribute('open', '')
}

async function openSales(page: Page) {
  await useScreenshotWidth(page)
  await signIn(page, DEMO_EMAILS.owner, {
    account: DEMO_ACCOUNT_NAMES.cityCabs,
    to: '/transactions/sales',
  })
  await expect(page.getByRole('heading', { name: 'Sales', level: 1 })).toBeVisible()
  await expectRows(page)
}

test('filter, sort, paginate, and a reload restores the same view', async ({ page }, testInfo) => {
  await openSales(page)
  await saveScreenshot(page, testInfo, 'sales-list')
  await openPanel(page, 'Filters')

  await page.getByLabel('Card scheme').selectOption('visa')
  await expect.poll(() => search(page).get('cardScheme')).toBe('visa')
  await expectRows(page, { cardScheme: 'visa' })

  await page.getByLabel('Method').selectOption('pos')
  await page.getByLabel('Card type').selectOption('credit')
  await expect.poll(() => search(page).get('cardType')).toBe('credit')
  const filtered = await apiSales(page, { cardScheme: 'visa', method: 'pos', cardType: 'credit' })
  await expectRows(page, { cardScheme: 'visa', method: 'pos', cardType: 'credit' })
  await saveScreenshot(page, testInfo, 'sales-filters-open')

  // Terminal serial number: applied on Enter, never per keystroke.
  const serial = filtered.find((sale) => sale.terminalSerialNumber)?.terminalSerialNumber
  expect(serial, 'a seeded visa/pos/credit sale with a terminal').toBeTruthy()
  await page.getByLabel('Terminal serial number').fill(String(serial))
  await page.getByLabel('Terminal serial number').press('Enter')
  await expect.poll(() => search(page).get('terminalSerialNumber')).toContain(String(serial))
  const base = { cardScheme: 'visa', method: 'pos', cardType: 'credit' }
  await expectRows(page, { ...base, terminalSerialNumber: String(serial) })

  // PAN last four must be exactly 4 digits; nothing is sent otherwise.
  const pan = page.getByLabel('PAN last four', { exact: true })
  await pan.fill('12')
  await pan.press('Enter')
  await expect(page.getByText('Enter exactly 4 digits')).toBeVisible()
  // The debounced apply has run (and refused), not merely not yet come.
  await expect(pan).not.toHaveAttribute('data-pending')
  expect(search(page).has('panLastFour')).toBe(false)
  const lastFour = (await apiSales(page, { ...base, terminalSerialNumber: String(serial) }))[0]
    ?.panLastFour
  await pan.fill(String(lastFour))
  await pan.press('Enter')
  await expect.poll(() => search(page).get('panLastFour')).toContain(String(lastFour))
  await expectRows(page, {
    ...base,
    terminalSerialNumber: String(serial),
    panLastFour: String(lastFour),
  })
  await expect(page.getByText('Enter exactly 4 digits')).toBeHidden()
  await saveScreenshot(page, testInfo, 'sales-chips')

  // Chips: remove one, then clear all.
  const chips = page.getByRole('group', { name: 'Active filters' })
  await chips.getByRole('button', { name: `Remove filter PAN last four: ${lastFour}` }).click()
  await expect.poll(() => search(page).has('panLastFour')).toBe(false)
  await expect(pan).toHaveValue('')
  await expectRows(page, { ...base, terminalSerialNumber: String(serial) })
  await chips.getByRole('button', { name: 'Remove filter Card scheme: Visa' }).click()
  await expectRows(page, {
    method: 'pos',
    cardType: 'credit',
    terminalSerialNumber: String(serial),
  })
  await chips.getByRole('button', { name: 'Clear all' }).click()
  await expect.poll(() => page.url()).not.toContain('?')
  await expect(chips).toBeHidden()
  await expectRows(page)

  // Sort by Total, largest first.
  if (isPhone(page)) {
    await page.getByLabel('Sort by').selectOption('amount:desc')
  } else {
    await page.getByRole('columnheader', { name: 'Total' }).getByRole('button').click()
    await expect(page.getByRole('columnheader', { name: 'Total' })).toHaveAttribute(
      'aria-sort',
      'descending',
    )
  }
  await expect.poll(() => search(page).get('sort')).toContain('-amount')
  await expectRows(page, { sort: '-amount' })

  // Page 2 of that order.
  await page.getByRole('navigation', { name: 'Sales pages' }).getByLabel('Page 2').click()
  await expect.poll(() => search(page).get('page')).toBe('2')
  await page.getByLabel('Method').selectOption('softpos')
  // A filter change starts again at page 1.
  await expect.poll(() => search(page).has('page')).toBe(false)
  await page.getByRole('navigation', { name: 'Sales pages' }).getByLabel('Next page').click()
  await expect.poll(() => search(page).get('page')).toBe('2')
  const ids = await expectRows(page, { sort: '-amount', method: 'softpos', offset: 10 })

  // Reload: same URL, same rows.
  const url = page.url()
  await page.reload()
  await expect(page.getByRole('heading', { name: 'Sales', level: 1 })).toBeVisible()
  expect(page.url()).toBe(url)
  await expect.poll(() => shownIds(page)).toEqual(ids)
})

test('a date preset filters and shows as a removable chip', PHONE_ONLY, async ({ page }) => {
  await openSales(page)
  await openPanel(page, 'Filters')
  await page.getByLabel('Period').selectOption('previous_30_days')
  await expect.poll(() => search(page).get('period')).toContain('previous_30_days')
  const bounds = await page.evaluate(() => {
    const today = new Date()
    today.setHours(0, 0, 0, 0)
    const from = new Date(today)
    from.setDate(from.getDate() - 29)
    const to = new Date(today)
    to.setDate(to.getDate() + 1)
    return { gte: from.toISOString(), lt: to.toISOString() }
  })
  await expectRows(page, { 'capturedAt[$gte]': bounds.gte, 'capturedAt[$lt]': bounds.lt })
  await page
    .getByRole('group', { name: 'Active filters' })
    .getByRole('button', { name: 'Remove filter Captured: Previous 30 days' })
    .click()
  await expect.poll(() => search(page).has('period')).toBe(false)
  await expectRows(page)
})

test.describe('in a US-English browser', () => {
  test.use({ locale: 'en-US' })

  test('the date filter shows and takes DD/MM/YYYY', async ({ page }, testInfo) => {
    await openSales(page)
    expect(await page.evaluate(() => navigator.language)).toBe('en-US')
    await openPanel(page, 'Filters')
    // Last month's days, as the field should write them and as the URL and the API take them.
    const days = await page.evaluate(() => {
      const pad = (n: number) => String(n).padStart(2, '0')
      const today = new Date()
      const first = new Date(today.getFullYear(), today.getMonth() - 1, 1)
      const last = new Date(today.getFullYear(), today.getMonth(), 0)
      const on = (day: number) => new Date(first.getFullYear(), first.getMonth(), day)
      const text = (d: Date) => `${pad(d.getDate())}/${pad(d.getMonth() + 1)}/${d.getFullYear()}`
      const iso = (d: Date) => `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())}`
      return {
        first: text(first),
        last: text(last),
        start: { text: text(on(13)), iso: iso(on(13)), gte: on(13).toISOString() },
        end: { text: text(on(20)), iso: iso(on(20)), lt: on(21).toISOString() },
        year: first.getFullYear(),
      }
    })
    const start = page.getByRole('textbox', { name: 'Start date' })
    const end = page.getByRole('textbox', { name: 'End date' })
    await page.getByLabel('Period').selectOption('last_month')
    await expect(start).toHaveValue(days.first)
    await expect(end).toHaveValue(days.last)

    // The 13th cannot be a month: read as mm/dd/yyyy, this would be no date at all.
    await start.fill(days.start.text)
    await end.fill(days.end.text)
    await end.press('Tab')
    await expect.poll(() => search(page).get('start')).toBe(days.start.iso)
    await expect.poll(() => search(page).get('end')).toBe(days.end.iso)
    await expectRows(page, { 'capturedAt[$gte]': days.start.gte, 'capturedAt[$lt]': days.end.lt })

    // No such day: said under the field, and the filter keeps the last good one.
    await end.fill(`31/02/${days.year}`)
    await end.press('Tab')
    await expect(page.getByText(`Day must be from 1 to `)).toHaveText(
      /^Day must be from 1 to 2[89] in February \d{4}$/,
    )
    await expect(end).toHaveAttribute('aria-invalid', 'true')
    expect(search(page).get('end')).toBe(days.end.iso)
    await checkScreen(page, testInfo, 'sales-date-filter-en-US')

    // The calendar button opens the browser's own picker, which fills the field the same way.
    const calendar = page.getByRole('button', { name: 'Choose end date from a calendar' })
    const box = await calendar.boundingBox()
    expect(Math.min(box?.width ?? 0, box?.height ?? 0)).toBeGreaterThanOrEqual(44)
    await page.evaluate(() => {
      const open = HTMLInputElement.prototype.showPicker
      HTMLInputElement.prototype.showPicker = function (this: HTMLInputElement) {
        open.call(this)
        document.body.dataset.opened = this.type
      }
    })
    await calendar.click()
    await expect(page.locator('body')).toHaveAttribute('data-opened', 'date')
    await page.keyboard.press('Escape')
    await page.locator('input[type="date"]').nth(1).fill(days.start.iso)
    await expect(end).toHaveValue(days.start.text)
    await expect.poll(() => search(page).get('end')).toBe(days.start.iso)
  })
})

test('bad values in the URL are ignored, never a crash', PHONE_ONLY, async ({ page }) => {
  await openSales(page)
  await page.goto(
    '/transactions/sales?page=-3&sort=-password&cardScheme=diners&method=%7B%7D&panLastFour=12ab&period=soon&start=2026-02-31',
  )
  await expect(page.getByRole('heading', { name: 'Sales', level: 1 })).toBeVisible()
  await expectRows(page)
  await expect(page.getByRole('group', { name: 'Active filters' })).toBeHidden()
  // The screen drops them from the address too.
  await expect.poll(() => [...search(page).keys()]).toEqual([])
})

test('save a view, change the filters, and reapply it', async ({ page }, testInfo) => {
  await openSales(page)
  await openPanel(page, 'Filters')
  await page.getByLabel('Card scheme').selectOption('mastercard')
  await page.getByLabel('Method').selectOption('softpos')
  await expect.poll(() => search(page).get('method')).toBe('softpos')
  const view = { cardScheme: 'mastercard', method: 'softpos' }
  const viewIds = await expectRows(page, view)
  const viewUrl = page.url()

  await openPanel(page, 'Saved views')
  await page.getByRole('button', { name: 'Save current view' }).click()
  const dialog = page.getByRole('dialog', { name: 'Save view' })
  await dialog.getByRole('button', { name: 'Save', exact: true }).click()
  await expect(dialog.getByText('Name required')).toBeVisible()
  await dialog.getByLabel('View name').fill('Mastercard SoftPOS')
  await dialog.getByRole('button', { name: 'Save', exact: true }).click()
  await expect(dialog).toBeHidden()
  const saved = page.getByRole('button', { name: 'Mastercard SoftPOS', exact: true })
  await expect(saved).toHaveAttribute('aria-pressed', 'true')

  // Change the filters: the view is no longer the current one.
  await page
    .getByRole('group', { name: 'Active filters' })
    .getByRole('button', { name: 'Clear all' })
    .click()
  // A person sees the list clear before choosing again; the next change builds on the cleared URL.
  await expect.poll(() => search(page).toString()).toBe('')
  await openPanel(page, 'Filters')
  await page.getByLabel('Card type').selectOption('debit')
  await expect.poll(() => search(page).get('cardType')).toBe('debit')
  await expectRows(page, { cardType: 'debit' })
  await expect(saved).toHaveAttribute('aria-pressed', 'false')
  await saveScreenshot(page, testInfo, 'sales-saved-views')

  // Reapply: same URL and rows as when it was saved; it survives a reload.
  await saved.click()
  await expect.poll(() => page.url()).toBe(viewUrl)
  await expect.poll(() => shownIds(page)).toEqual(viewIds)
  await page.reload()
  await openPanel(page, 'Saved views')
  await expect(saved).toHaveAttribute('aria-pressed', 'true')

  // The key holds the user and account ids and only the search params.
  const stored = await page.evaluate(() =>
    Object.entries(localStorage).filter(([key]) => key.startsWith('portal:saved-views:')),
  )
  expect(stored).toHaveLength(1)
  expect(stored[0]?.[0]).toMatch(new RegExp(`^portal:saved-views:sales:usr_\\w+:${account}$`))
  expect(JSON.parse(stored[0]?.[1] ?? '[]')).toEqual([{ name: 'Mastercard SoftPOS', search: view }])

  await page.getByRole('button', { name: 'Delete view Mastercard SoftPOS' }).click()
  await expect(saved).toBeHidden()
  expect(await page.evaluate((key) => localStorage.getItem(key), stored[0]?.[0] ?? '')).toBeNull()
})

test(
  'offline: the rows shown keep their age; a new filter waits for the connection',
  PHONE_ONLY,
  async ({ page, context }) => {
    await openSales(page)
    const ids = await shownIds(page)
    await context.setOffline(true)
    await expect(page.getByText(/^Updated \d{2}:\d{2} · offline$/)).toBeVisible()
    await openPanel(page, 'Filters')
    await page.getByLabel('Card type').selectOption('prepaid')
    await expect(
      page.getByText(/^You are offline\. The sales for these filters load/),
    ).toBeVisible()
    expect(await shownIds(page)).toEqual(ids)
    await context.setOffline(false)
    await expectRows(page, { cardType: 'prepaid' })
    await expect(page.getByText(/^You are offline/)).toBeHidden()
  },
)
