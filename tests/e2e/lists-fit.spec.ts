import { expect, test, type Locator, type Page } from '@playwright/test'
import { expectNoSeriousA11yViolations } from './support/axe'
import { DEMO_ACCOUNT_NAMES, DEMO_EMAILS, SEED_SUBMERCHANTS } from './support/demo'
import { PHONE_ONLY, TABLET_ONLY } from './support/projects'
import { apiGet, SALE_COLUMNS } from './support/sale-api'
import { checkScreen, useScreenshotWidth } from './support/shell'
import { signIn } from './support/sign-in'

const CITY = SEED_SUBMERCHANTS.cityCabs

// Every list of the kit, with its columns as declared (docs/screens.md), and the one plain table of
// a payout's sales. `region` is the list's results (what its ListScreen names with its title).
interface List {
  name: string
  path: (page: Page) => Promise<string>
  region: (page: Page) => Locator
  columns: string[]
}

const first = async <T extends { id: string }>(page: Page, path: string, params = {}) => {
  const [item] = await apiGet<T[]>(page, CITY, path, { limit: 1, ...params })
  if (!item) throw new Error(`nothing at ${path}`)
  return item.id
}

const results = (name: string) => (page: Page) => page.getByRole('region', { name, exact: true })

const LISTS: List[] = [
  {
    name: 'sales',
    path: async () => '/transactions/sales',
    region: results('Sales'),
    columns: SALE_COLUMNS,
  },
  {
    name: 'terminals',
    path: async () => '/terminals',
    region: results('Terminals'),
    columns: [
      'Name',
      'Serial number',
      'Custom reference',
      'Model',
      'Allocated since',
      'Configuration',
      'Takings',
    ],
  },
  {
    name: 'terminal-sales',
    path: async (page) =>
      `/terminals/${await first(page, '/v1/terminals', { 'currentAllocation[submerchantId]': CITY })}`,
    region: (page) =>
      page.getByRole('region', { name: 'Terminal sales' }).getByRole('region', { name: 'Sales' }),
    columns: SALE_COLUMNS.filter((column) => column !== 'Terminal'),
  },
  {
    name: 'payouts',
    path: async () => '/payouts',
    region: results('Payouts'),
    columns: ['Payout ID', 'Amount', 'Reference', 'Destination', 'Date', 'Status', 'Details'],
  },
  {
    name: 'payment-links',
    path: async () => '/payment-links',
    region: results('Payment Links'),
    columns: [
      'Select',
      'Reference',
      'Amount',
      'Customer',
      'Status',
      'Created',
      'Expires',
      'Details',
    ],
  },
  {
    name: 'notifications',
    path: async (page) =>
      `/developer/endpoints/${await first(page, '/v1/webhook-endpoints')}/notifications`,
    region: results('Notification history'),
    columns: ['Select', 'ID', 'Event', 'Succeeded', 'Attempts', 'Created', 'Actions'],
  },
]

async function openList(page: Page, list: List): Promise<Locator> {
  await page.goto(await list.path(page))
  const region = list.region(page)
  // Its rows (a screen's code may take a while on a busy machine), and every cell that loads by
  // itself (a terminal's takings).
  await expect(region.locator('tbody tr, li.data-card').first()).toBeVisible({ timeout: 30_000 })
  await expect(region.getByText('Loading takings…')).toHaveCount(0)
  return region
}

// The header cells' names, as read out (without the sort arrows).
function headerNames(table: Locator): Promise<string[]> {
  return table.locator('thead th').evaluateAll((cells) =>
    cells.map((cell) => {
      const copy = cell.cloneNode(true) as Element
      copy.querySelectorAll('[aria-hidden="true"]').forEach((node) => node.remove())
      return (copy.textContent ?? '').trim()
    }),
  )
}

async function expectNoSideScroll(frame: Locator, what: string) {
  const { scrollWidth, clientWidth } = await frame.evaluate((element) => ({
    scrollWidth: element.scrollWidth,
    clientWidth: element.clientWidth,
  }))
  expect(scrollWidth, `${what}: the table scrolls sideways`).toBeLessThanOrEqual(clientWidth)
  await expect(frame.locator('xpath=..')).toHaveAttribute('data-scroll', 'none')
}

// The first row's details, opened from the keyboard: its folded columns' labels and values.
async function openFirstDetails(page: Page, region: Locator): Promise<Map<string, string>> {
  const more = region.getByRole('button', { name: /^More about .+/ }).first()
  await expect(more).toHaveAttribute('aria-expanded', 'false')
  await more.focus()
  await page.keyboard.press('Enter')
  await expect(more).toHaveAttribute('aria-expanded', 'true')
  const details = page.locator(`[id="${await more.getAttribute('aria-controls')}"]`)
  await expect(details).toBeVisible()
  const facts = await details
    .locator('.column-facts__row')
    .evaluateAll((rows) =>
      rows.map((row) => [
        row.querySelector('dt')?.textContent?.trim() ?? '',
        (row.querySelector('dd') as HTMLElement | null)?.innerText.trim() ?? '',
      ]),
    )
  return new Map(facts as [string, string][])
}

// The list with its first row's details open, light and dark. (A full-page screenshot resizes the
// page, which may rebuild the table with its rows closed: this one is of the list alone.)
async function shootWithDetails(page: Page, region: Locator, name: string) {
  const more = region.getByRole('button', { name: /^More about .+/ }).first()
  for (const colorScheme of ['light', 'dark'] as const) {
    await page.emulateMedia({ colorScheme })
    if ((await more.getAttribute('aria-expanded')) === 'false') await more.click()
    await expect(more).toHaveAttribute('aria-expanded', 'true')
    const width = page.viewportSize()?.width ?? 0
    await region.screenshot({ path: `.tmp/screens/${name}-${colorScheme}-${width}.png` })
    await expectNoSeriousA11yViolations(page)
  }
  await page.emulateMedia({ colorScheme: 'light' })
}

test(
  'at 1024 px every list fits without scrolling sideways; folded columns are in each row’s details',
  TABLET_ONLY,
  async ({ page }, testInfo) => {
    // Seven screens, each with axe; payouts and sales with screenshots in light and dark.
    // Seven lists with axe each took up to 3.1 min on a busy two-core machine: room beyond that.
    test.setTimeout(300_000)
    await signIn(page, DEMO_EMAILS.owner, { account: DEMO_ACCOUNT_NAMES.cityCabs, to: '/payouts' })

    for (const list of LISTS) {
      const region = await openList(page, list)
      const frame = region.locator('.data-table__scroll')
      await expectNoSideScroll(frame, list.name)
      const shown = await headerNames(frame)
      const folded = list.columns.filter((column) => !shown.includes(column))
      // Nothing dropped, nothing added but the rows' More.
      expect(
        shown.filter((name) => name !== 'More').every((name) => list.columns.includes(name)),
      ).toBe(true)
      if (folded.length === 0) {
        expect(shown, list.name).toEqual(list.columns)
      } else {
        expect(shown.at(-1), list.name).toBe('More')
        const facts = await openFirstDetails(page, region)
        expect([...facts.keys()], `${list.name}: the row's details`).toEqual(folded)
        for (const [label, value] of facts) expect(value, `${list.name}: ${label}`).not.toBe('')
        // Open, the row still fits.
        await expectNoSideScroll(frame, `${list.name} with a row's details open`)
      }
      if (list.name === 'payouts' || list.name === 'sales') {
        await checkScreen(page, testInfo, `lists-fit-${list.name}`)
        await shootWithDetails(page, region, `lists-fit-${list.name}-details`)
      } else {
        await expectNoSeriousA11yViolations(page)
      }
    }

    // A payout's sales (a table of its own on the payout's page).
    await page.goto(`/payouts/${await first(page, '/v1/payouts', { submerchantId: CITY })}`)
    const contents = page.getByRole('group', { name: 'Sales in this payout' })
    await expect(contents.locator('tbody tr').first()).toBeVisible()
    const { scrollWidth, clientWidth } = await contents.evaluate((element) => ({
      scrollWidth: element.scrollWidth,
      clientWidth: element.clientWidth,
    }))
    expect(scrollWidth, "a payout's sales scroll sideways").toBeLessThanOrEqual(clientWidth)
  },
)

test(
  'at 360 px the lists are cards, with nothing scrolling sideways',
  PHONE_ONLY,
  async ({ page }, testInfo) => {
    test.slow()
    await useScreenshotWidth(page)
    await signIn(page, DEMO_EMAILS.owner, { account: DEMO_ACCOUNT_NAMES.cityCabs, to: '/payouts' })
    for (const list of LISTS) {
      const region = await openList(page, list)
      await expect(region.getByRole('table')).toHaveCount(0)
      await expect(region.getByRole('list').first()).toBeVisible()
      if (list.name === 'payouts' || list.name === 'sales') {
        // checkScreen asserts that the page does not scroll sideways.
        await checkScreen(page, testInfo, `lists-fit-${list.name}`)
      } else {
        const overflow = await page.evaluate(
          () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
        )
        expect(overflow, `${list.name} scrolls sideways`).toBeLessThanOrEqual(0)
        await expectNoSeriousA11yViolations(page)
      }
    }
  },
)

// The lines the reference takes in a box that may break text anywhere, as wide as its widest part
// (or `width` px), and whether it then spills out of the box.
function squeezed(reference: Locator, width?: number): Promise<{ lines: number; spills: boolean }> {
  return reference.evaluate((element, width) => {
    const box = element.parentElement as HTMLElement
    const range = document.createRange()
    const parts = [...element.childNodes].filter((node) => node.nodeType === Node.TEXT_NODE)
    const widest = Math.max(
      ...parts.map((part) => {
        range.selectNodeContents(part)
        return range.getBoundingClientRect().width
      }),
    )
    const px = width ?? Math.ceil(widest) + 1
    Object.assign(box.style, { width: `${px}px`, whiteSpace: 'normal', overflowWrap: 'anywhere' })
    const lines = new Set([...element.getClientRects()].map((rect) => Math.round(rect.top)))
    const spills = element.getBoundingClientRect().right > box.getBoundingClientRect().right + 1
    box.style.cssText = ''
    return { lines: lines.size, spills }
  }, width)
}

test(
  'a reference code breaks after its hyphens, inside a part only when the part cannot fit',
  PHONE_ONLY,
  async ({ page }) => {
    await useScreenshotWidth(page)
    await signIn(page, DEMO_EMAILS.owner, { account: DEMO_ACCOUNT_NAMES.cityCabs, to: '/payouts' })
    const payout = page.getByRole('region', { name: 'Payouts', exact: true }).locator('.ref-text')
    await expect(payout.first()).toBeVisible()
    expect(await payout.first().textContent()).toMatch(/^[^\s-]+$/)
    // Where its one part fits, it stays whole, even though the box may break anywhere.
    expect(await squeezed(payout.first())).toEqual({ lines: 1, spills: false })
    // Narrower than that part, it breaks inside it rather than run out of the box (and the page).
    const narrow = await squeezed(payout.first(), 30)
    expect(narrow.lines).toBeGreaterThan(1)
    expect(narrow.spills).toBe(false)

    await page.goto('/payment-links')
    const link = page
      .getByRole('region', { name: 'Payment Links', exact: true })
      .locator('.ref-text', { hasText: /^[^\s-]+-[^\s-]+$/ })
    await expect(link.first()).toBeVisible()
    // As wide as its widest part: one line per part, broken after the hyphen only.
    expect(await squeezed(link.first())).toEqual({ lines: 2, spills: false })
  },
)
