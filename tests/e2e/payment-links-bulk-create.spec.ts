import { readFileSync } from 'node:fs'
import { parse } from 'csv-parse/sync'
import { expect, test, type Page } from '@playwright/test'
import { DEMO_EMAILS, SEED_SUBMERCHANTS } from './support/demo'
import { PHONE_ONLY } from './support/projects'
import { portalHeaders } from './support/sale-api'
import { checkScreen, useScreenshotWidth } from './support/shell'
import { signIn } from './support/sign-in'

const CITY = SEED_SUBMERCHANTS.cityCabs

interface ApiIntent {
  id: string
  reference: string | null
  amount: number
  customerPhoneNumber: string | null
  customerAddress?: { postcode: string | null } | null
}

// A reference prefix of its own per test run, so the API can count exactly this import's links.
const prefix = () =>
  `BLK${Date.now().toString(36).toUpperCase()}${Math.random().toString(36).slice(2, 5).toUpperCase()}`

// The account's links whose reference contains the text (the q search), every page.
async function intentsMatching(page: Page, text: string): Promise<ApiIntent[]> {
  const found: ApiIntent[] = []
  for (let offset = 0; ; offset += 100) {
    const res = await page.request.get('/v1/intents', {
      headers: portalHeaders(CITY),
      params: { submerchantId: CITY, q: text, limit: 100, offset },
    })
    expect(res.status(), await res.text()).toBe(200)
    const batch = (await res.json()) as ApiIntent[]
    found.push(...batch)
    if (batch.length < 100) return found
  }
}

async function openBulkCreate(page: Page) {
  await page.goto('/payment-links/bulk-create')
  await expect(
    page.getByRole('heading', { name: 'Bulk create payment links', level: 1 }),
  ).toBeVisible()
}

async function chooseCsv(page: Page, name: string, text: string) {
  await page.getByLabel('CSV file').setInputFiles({
    name,
    mimeType: 'text/csv',
    buffer: Buffer.from(text, 'utf8'),
  })
}

test.describe('bulk create', () => {
  test(
    'odd headers and bad rows: the messages in the preview, and only valid rows created',
    PHONE_ONLY,
    async ({ page }) => {
      await signIn(page, DEMO_EMAILS.owner, { account: 'City Cabs' })
      await openBulkCreate(page)
      const ref = prefix()
      // Odd headers: case, spaces, underscores; an unknown column; a quoted comma.
      const csv = [
        'Reference,AMOUNT,Customer Name,send_customer_sms,Customer Phone Number,sendCustomerEmail,customer_email_address,Customer Postcode,Colour',
        `${ref}-1,12.34,"Smith, Jo",yes,07700-900 123,no,,sw1a 1aa,red`,
        `${ref}-2,,No Amount,no,,no,,,blue`,
        `${ref}-3,5.00,No Phone,YES,,no,,,green`,
        `${ref}-4,12.345,Bad Amount,no,,no,,,`,
        `${ref}-5,7,Email Only,no,,TRUE,al@example.com,m1 1ae,`,
      ].join('\r\n')
      await chooseCsv(page, 'week-47.csv', csv)
      const preview = page.getByRole('region', { name: 'Preview' })
      await expect(preview.getByRole('status')).toHaveText(
        'week-47.csv: 2 valid rows, 3 rows with problems.',
      )
      await expect(preview.getByText('Columns not used: Colour.')).toBeVisible()
      // Only the rows with problems are listed first, each with its exact docs/validation.md#bulk-create text.
      const table = page.getByRole('table', { name: 'Rows in the file' })
      // Each problem names its column as the file spells it (issue 28).
      await expect(table.getByRole('row').filter({ hasText: 'No Amount' })).toContainText(
        'AMOUNT: Amount is required',
      )
      await expect(table.getByRole('row').filter({ hasText: 'No Phone' })).toContainText(
        'Customer Phone Number: Customer phone number is required to send SMS',
      )
      await expect(table.getByRole('row').filter({ hasText: 'Bad Amount' })).toContainText(
        'AMOUNT: Enter an amount in pounds, such as 12.50',
      )
      await expect(table.getByRole('row')).toHaveCount(4)

      // Nothing is sent before the person confirms.
      expect(await intentsMatching(page, ref)).toEqual([])
      // The sandbox is told the import started (its id is the portal's), before the first row.
      const startReport = page.waitForRequest(
        (r) => r.method() === 'POST' && new URL(r.url()).pathname === '/v1/intent-imports',
      )
      await preview.getByRole('button', { name: 'Send 2 payment links' }).click()
      const importId = ((await startReport).postDataJSON() as { id: string }).id
      const run = page.getByRole('region', { name: 'Import' })
      await expect(run.getByText('Import finished')).toBeVisible()
      await expect(run.getByText('2 created.')).toBeVisible()
      // The activity log has the start and the end, by the person, with the file and the counts.
      await expect
        .poll(async () => {
          const res = await page.request.get('/v1/activity', {
            headers: portalHeaders(CITY),
            params: { objectId: importId, sort: 'occurredAt' },
          })
          expect(res.status()).toBe(200)
          const entries = (await res.json()) as {
            action: string
            actorName: string
            objectLabel: string
            changes: { field: string; after: unknown }[]
          }[]
          return entries.map((e) => [
            e.action,
            e.actorName,
            e.objectLabel,
            e.changes.map((c) => `${c.field} ${String(c.after)}`).join(', '),
          ])
        })
        .toEqual([
          ['payment_link.import_started', 'Olivia Owen', 'week-47.csv', 'rows 2'],
          [
            'payment_link.import_finished',
            'Olivia Owen',
            'week-47.csv',
            'created 2, failed 0, cancelled 0',
          ],
        ])

      const created = await intentsMatching(page, ref)
      expect(created.map((intent) => [intent.reference, intent.amount]).sort()).toEqual([
        [`${ref}-1`, 1234],
        [`${ref}-5`, 700],
      ])
      const first = created.find((intent) => intent.reference === `${ref}-1`)
      expect(first?.customerPhoneNumber).toBe('+447700900123')

      // The results file: each row with its link.
      const download = page.waitForEvent('download')
      await run.getByRole('button', { name: 'Download results' }).click()
      const file = await download
      expect(file.suggestedFilename()).toBe('week-47 results.csv')
      const results = parse(readFileSync(await file.path()), {
        bom: true,
        columns: true,
      }) as Record<string, string>[]
      expect(results.map((r) => [r.reference, r.status, r.intentId?.startsWith('int')])).toEqual([
        [`${ref}-1`, 'created', true],
        [`${ref}-5`, 'created', true],
      ])
    },
  )

  test(
    'a reload in the middle of 200 rows, then Resume: exactly one link per row',
    PHONE_ONLY,
    async ({ page }) => {
      test.slow()
      await signIn(page, DEMO_EMAILS.owner, { account: 'City Cabs' })
      await openBulkCreate(page)
      const ref = prefix()
      const lines = ['reference,amount,customerName']
      for (let i = 1; i <= 200; i++)
        lines.push(`${ref}-${String(i).padStart(3, '0')},${i}.50,Rider ${i}`)
      await chooseCsv(page, 'big.csv', lines.join('\n'))
      await page.getByRole('button', { name: 'Send 200 payment links' }).click()
      const progress = page.getByRole('progressbar', { name: 'Sending payment links' })
      await expect(progress).toBeVisible()
      // Mid-way: some rows done, some not.
      await expect
        .poll(async () => Number((await progress.getAttribute('aria-valuenow')) ?? 0))
        .toBeGreaterThan(40)
      await page.reload()
      const run = page.getByRole('region', { name: 'Import' })
      await expect(run.getByText('Import paused')).toBeVisible()
      const before = (await intentsMatching(page, ref)).length
      expect(before).toBeGreaterThan(40)
      expect(before).toBeLessThan(200)
      await run.getByRole('button', { name: 'Resume' }).click()
      await expect(run.getByText('Import finished')).toBeVisible({ timeout: 120_000 })
      await expect(run.getByText('200 created.')).toBeVisible()

      const created = await intentsMatching(page, ref)
      expect(created).toHaveLength(200)
      expect(new Set(created.map((intent) => intent.reference)).size).toBe(200)
    },
  )

  test(
    'a lost answer mid-import: the row is checked again with its key, never made twice',
    PHONE_ONLY,
    async ({ page, context }) => {
      await signIn(page, DEMO_EMAILS.owner, { account: 'City Cabs' })
      await openBulkCreate(page)
      const ref = prefix()
      const lines = ['reference,amount']
      for (let i = 1; i <= 5; i++) lines.push(`${ref}-${i},${i}`)
      await chooseCsv(page, 'lossy.csv', lines.join('\n'))
      // The third create reaches the server, which makes the link, but its answer is lost.
      let creates = 0
      await context.route('**/v1/intents', async (route) => {
        if (route.request().method() !== 'POST') return route.continue()
        creates += 1
        if (creates === 3) {
          await route.fetch()
          return route.abort('internetdisconnected')
        }
        return route.continue()
      })
      await page.getByRole('button', { name: 'Send 5 payment links' }).click()
      const run = page.getByRole('region', { name: 'Import' })
      await expect(run.getByText('Connection lost')).toBeVisible()
      expect(await intentsMatching(page, ref)).toHaveLength(3)
      await run.getByRole('button', { name: 'Resume' }).click()
      await expect(run.getByText('Import finished')).toBeVisible()
      const created = await intentsMatching(page, ref)
      expect(created.map((intent) => intent.reference).sort()).toEqual(
        [1, 2, 3, 4, 5].map((i) => `${ref}-${i}`),
      )
    },
  )

  test('a large file is read in a worker, with the same checks', PHONE_ONLY, async ({ page }) => {
    await signIn(page, DEMO_EMAILS.owner, { account: 'City Cabs' })
    await openBulkCreate(page)
    const workers: string[] = []
    page.on('worker', (worker) => workers.push(worker.url()))
    // About 400 KB: over the 256 KB the page parses itself.
    const lines = ['reference,amount,customerName,description,sendCustomerSms,customerPhoneNumber']
    for (let i = 1; i <= 3000; i++) {
      const amount = i === 17 ? '' : `${i}.10`
      lines.push(
        `BIG-${i},${amount},Rider ${i},${'Long trip description '.repeat(4)},no,07700 900123`,
      )
    }
    await chooseCsv(page, 'large.csv', lines.join('\n'))
    await expect(page.getByRole('region', { name: 'Preview' }).getByRole('status')).toHaveText(
      'large.csv: 2,999 valid rows, 1 row with problems.',
    )
    expect(workers.some((url) => url.includes('bulk-import.worker'))).toBe(true)
    await expect(
      page
        .getByRole('table', { name: 'Rows in the file' })
        .getByRole('row')
        .filter({ hasText: 'Rider 17' }),
    ).toContainText('amount: Amount is required')
  })

  test('a viewer is told they may not', PHONE_ONLY, async ({ page }) => {
    await signIn(page, DEMO_EMAILS.viewer, { account: 'City Cabs' })
    await page.goto('/payment-links/bulk-create')
    await expect(
      page.getByText(
        'Sorry, you do not have sufficient permissions to create payment links for this account',
      ),
    ).toBeVisible()
  })

  test('screens: choosing, the preview and the finished import', async ({ page }, testInfo) => {
    // Every stage of an import in light and dark, each with its axe run.
    test.slow()
    await useScreenshotWidth(page)
    await signIn(page, DEMO_EMAILS.owner, { account: 'City Cabs' })
    await openBulkCreate(page)
    await checkScreen(page, testInfo, 'bulk-create')
    const ref = prefix()
    await chooseCsv(
      page,
      'screens.csv',
      `reference,amount,customerName,sendCustomerSms\n${ref}-1,10,Al,no\n${ref}-2,,Bo,yes\n`,
    )
    await expect(page.getByRole('region', { name: 'Preview' })).toBeVisible()
    await checkScreen(page, testInfo, 'bulk-create-preview')
    await page.getByRole('button', { name: 'Send 1 payment link' }).click()
    await expect(page.getByText('Import finished')).toBeVisible()
    await checkScreen(page, testInfo, 'bulk-create-finished')
    await page.getByRole('button', { name: 'Start a new import' }).click()
    await expect(page.getByLabel('CSV file')).toBeVisible()
  })
})
