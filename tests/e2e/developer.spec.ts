import { createHmac } from 'node:crypto'
import { expect, test, type Locator, type Page } from '@playwright/test'
import { startWebhookReceiver, type WebhookReceiver } from '../support/webhook-receiver'
import { DEMO_EMAILS, SEED_SUBMERCHANTS } from './support/demo'
import { PHONE_ONLY } from './support/projects'
import { dumpStorage, dumpTexts } from './support/pwa'
import { portalHeaders } from './support/sale-api'
import { checkScreen, isPhone, useScreenshotWidth } from './support/shell'
import { openFirst, signIn } from './support/sign-in'

const CITY = SEED_SUBMERCHANTS.cityCabs

let receiver: WebhookReceiver | null = null
test.afterEach(async () => {
  await receiver?.close()
  receiver = null
})

const HOSTILE_HTML = '<h1 id="injected">Oops</h1><img src="x" onerror="window.__injected = 1">'

const unique = (prefix: string) =>
  `${prefix} ${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`

async function openDeveloper(page: Page) {
  await openFirst(page, '/developer')
  await expect(page.getByRole('heading', { name: 'Developer Tools', level: 1 })).toBeVisible()
}

// The card of a named key or endpoint in its list.
function item(page: Page, list: 'API keys' | 'Webhook endpoints', name: string): Locator {
  return page
    .getByRole('list', { name: list })
    .getByRole('listitem')
    .filter({ has: page.getByRole('heading', { name, exact: true }) })
}

async function createKey(page: Page, name: string): Promise<string> {
  await page.getByRole('button', { name: 'Create API key' }).click()
  const dialog = page.getByRole('dialog', { name: 'Create API key' })
  // docs/validation.md#developer-tools: no permission preselected.
  await expect(dialog.getByRole('checkbox', { checked: true })).toHaveCount(0)
  await dialog.getByRole('textbox', { name: 'Name' }).fill(name)
  await dialog.getByRole('button', { name: 'Read only' }).click()
  await dialog.getByRole('button', { name: 'Create', exact: true }).click()
  const created = page.getByRole('dialog', { name: 'API key created' })
  await expect(created.getByText('It will not be shown again.')).toBeVisible()
  const token = (await created.locator('.secret-value__value').innerText()).trim()
  await created.getByRole('button', { name: 'Done' }).click()
  return token
}

async function addEndpoint(page: Page, name: string, url: string): Promise<string> {
  await page.getByRole('button', { name: 'Add endpoint' }).click()
  const dialog = page.getByRole('dialog', { name: 'Add webhook endpoint' })
  // docs/validation.md#developer-tools: sale.created preselected, intent.authorized not.
  await expect(dialog.getByRole('checkbox', { name: 'sale.created' })).toBeChecked()
  await expect(dialog.getByRole('checkbox', { name: 'intent.authorized' })).not.toBeChecked()
  await dialog.getByRole('textbox', { name: 'URL' }).fill(url)
  await dialog.getByRole('textbox', { name: 'Name' }).fill(name)
  await dialog.getByRole('button', { name: 'Add endpoint' }).click()
  const added = page.getByRole('dialog', { name: 'Endpoint added' })
  const secret = (await added.locator('.secret-value__value').innerText()).trim()
  expect(secret).toMatch(/^whsec_/)
  await added.getByRole('button', { name: 'Done' }).click()
  return secret
}

async function sendTest(page: Page, card: Locator) {
  await card.getByRole('button', { name: /^Test/ }).click()
  const dialog = page.getByRole('dialog', { name: 'Send a test notification' })
  await dialog.getByRole('button', { name: 'Send test' }).click()
  await expect(dialog.getByText('A sale must be selected')).toBeVisible()
  await dialog.getByRole('radio').first().check()
  await dialog.getByRole('button', { name: 'Send test' }).click()
  await expect(dialog).toBeHidden()
  await expect(page.getByText('Test notification sent')).toBeVisible()
}

test.describe('developer tools', () => {
  test(
    'an API key: its token once, a real credential with its permissions, disabled and enabled',
    PHONE_ONLY,
    async ({ page }) => {
      await signIn(page, DEMO_EMAILS.owner, { account: 'City Cabs', openPortal: false })
      await openDeveloper(page)
      const name = unique('Dispatch')
      const token = await createKey(page, name)
      const card = item(page, 'API keys', name)
      await expect(card.getByText('Never used')).toBeVisible()
      await expect(card.getByText('Enabled', { exact: true })).toBeVisible()
      await expect(card.getByText('sales:read')).toBeVisible()
      await expect(card.getByText('intents:create')).toHaveCount(0)
      // The token is not on the page any more.
      await expect(page.getByText(token)).toHaveCount(0)

      // A bearer token, no cookies and no CSRF header: read works, a write is refused by name.
      const bearer = { Authorization: `Bearer ${token}` }
      const list = await page.request.fetch(`/v1/sales?submerchantId=${CITY}&limit=1`, {
        headers: bearer,
        maxRedirects: 0,
      })
      expect(list.status()).toBe(200)
      const write = await page.request.post('/v1/intents', {
        headers: bearer,
        data: { submerchantId: CITY, saleAmount: 1000, currency: 'GBP' },
      })
      expect(write.status()).toBe(403)
      expect(((await write.json()) as { message: string }).message).toBe(
        'Missing permission: intents:create',
      )

      await card.getByRole('button', { name: /^Disable/ }).click()
      await expect(card.getByText('Disabled', { exact: true })).toBeVisible()
      expect(
        (
          await page.request.get(`/v1/sales?submerchantId=${CITY}&limit=1`, { headers: bearer })
        ).status(),
      ).toBe(401)
      await card.getByRole('button', { name: /^Enable/ }).click()
      await expect(card.getByText('Enabled', { exact: true })).toBeVisible()

      // A failed toggle opens the error dialog (docs/errors.md#developer-tools) and leaves the key as it was.
      await page.route('**/v1/api-keys/*', (route) =>
        route.request().method() === 'PATCH'
          ? route.fulfill({ status: 503, json: { code: 'unavailable', message: 'Try later' } })
          : route.continue(),
      )
      await card.getByRole('button', { name: /^Disable/ }).click()
      const failure = page.getByRole('dialog', { name: 'Error disabling API key' })
      await expect(failure.getByText('Try later')).toBeVisible()
      await failure.getByRole('button', { name: 'OK' }).click()
      await expect(card.getByText('Enabled', { exact: true })).toBeVisible()
    },
  )

  test(
    'an endpoint: signed test delivery, history, attempts with Load more, resend, delete',
    PHONE_ONLY,
    async ({ page }) => {
      // A long walk (seven resends, paging, delete) through one endpoint's whole life.
      test.slow()
      // The receiver fails everything, answering HTML: each resend adds an attempt without moving
      // the clock, and the answer must show as text, never as markup.
      receiver = await startWebhookReceiver(() => ({
        status: 500,
        body: HOSTILE_HTML,
        contentType: 'text/html',
      }))
      await signIn(page, DEMO_EMAILS.owner, { account: 'City Cabs', openPortal: false })
      await openDeveloper(page)
      const name = unique('Dispatch hook')
      const secret = await addEndpoint(page, name, receiver.url)
      const card = item(page, 'Webhook endpoints', name)
      await expect(card.getByText(receiver.url)).toBeVisible()
      await sendTest(page, card)

      // The delivery arrives signed with the secret shown once (checked here, not by the server).
      await expect.poll(() => receiver?.received.length ?? 0).toBeGreaterThan(0)
      const delivery = receiver.received[0]!
      const header = String(delivery.headers['webhook-signature'])
      const t = /t=(\d+)/.exec(header)?.[1]
      const v1 = [...header.matchAll(/v1=([0-9a-f]{64})/g)].map((m) => m[1])
      const expected = createHmac('sha256', secret).update(`${t}.${delivery.body}`).digest('hex')
      expect(v1).toContain(expected)
      const body = JSON.parse(delivery.body) as { id: string; type?: string; event?: string }

      // History: the notification, failed, with its attempt.
      await card.getByRole('link', { name: /^History/ }).click()
      await expect(
        page.getByRole('heading', { name: 'Notification history', level: 1 }),
      ).toBeVisible()
      const results = page.getByRole('region', { name: 'Notification history' })
      await expect(results.locator('code', { hasText: body.id })).toBeVisible()

      // Resend it until it has 7 attempts (the receiver still fails), the last one as a selection.
      for (let n = 2; n <= 6; n++) {
        await results.getByRole('button', { name: `Resend ${body.id}` }).click()
        await expect.poll(() => receiver?.received.length ?? 0).toBe(n)
      }
      const selected = page.getByRole('region', { name: 'Selected notifications' })
      await expect(selected.getByRole('button', { name: /^Resend selected/ })).toHaveCount(0)
      await results.getByRole('checkbox', { name: `Select ${body.id}` }).check()
      await expect(selected.getByText('1 selected', { exact: true })).toBeVisible()
      await selected.getByRole('button', { name: 'Resend selected (1)' }).click()
      await expect.poll(() => receiver?.received.length ?? 0).toBe(7)
      await expect(selected.getByRole('status')).toHaveCount(0)
      await page.getByRole('button', { name: 'Refresh' }).click()
      await results.getByRole('button', { name: `View attempts of ${body.id}` }).click()
      const attempts = page.getByRole('dialog', { name: 'Attempts' })
      await expect(attempts.locator('details.attempt')).toHaveCount(5)
      const first = attempts.locator('details.attempt').first()
      await expect(first.getByText(receiver.url)).toBeVisible()
      await expect(
        first.locator('.attempt-part__text').filter({ hasText: '500' }).first(),
      ).toBeVisible()
      // The request body, pretty-printed as text.
      await expect(first.locator('pre').filter({ hasText: `"id": "${body.id}"` })).toBeVisible()
      // The receiver's HTML answer is shown as text: no element made of it, no script run.
      await expect(first.locator('pre').filter({ hasText: HOSTILE_HTML })).toBeVisible()
      await expect(page.locator('#injected')).toHaveCount(0)
      expect(
        await page.evaluate(() => (window as { __injected?: number }).__injected),
      ).toBeUndefined()
      await attempts.getByRole('button', { name: 'Load more attempts' }).click()
      await expect(attempts.locator('details.attempt')).toHaveCount(7)
      await expect(attempts.getByRole('button', { name: 'Load more attempts' })).toBeHidden()
      await attempts.getByRole('button', { name: 'Close' }).last().click()

      // Filter by outcome: succeeded shows none, failed shows it.
      // On the phone the filters are a bottom sheet; on the tablet they stand open.
      const phone = isPhone(page)
      if (phone) await page.locator('summary', { hasText: 'Filters' }).click()
      const filters = phone ? page.getByRole('group', { name: 'Filters', exact: true }) : page
      await filters.getByLabel('Outcome', { exact: true }).selectOption('true')
      if (phone) await expect(filters.getByRole('button', { name: 'Show 0 results' })).toBeVisible()
      else await expect(page.getByText('No notifications match these filters.')).toBeVisible()
      await filters.getByLabel('Outcome', { exact: true }).selectOption('false')
      if (phone) await filters.getByRole('button', { name: 'Show 1 result' }).click()
      await expect(page.locator('.list-status__count')).toHaveText('1 notification')
      await expect(results.locator('code', { hasText: body.id })).toBeVisible()

      // Delete, after confirmation.
      await openDeveloper(page)
      await card.getByRole('button', { name: /^Delete/ }).click()
      const confirm = page.getByRole('dialog', { name: 'Delete endpoint?' })
      await confirm.getByRole('button', { name: 'Delete', exact: true }).click()
      await expect(confirm).toBeHidden()
      await expect(card).toHaveCount(0)
    },
  )

  test(
    'tokens and signing secrets never reach the device storage',
    PHONE_ONLY,
    async ({ page }) => {
      receiver = await startWebhookReceiver()
      await signIn(page, DEMO_EMAILS.owner, { account: 'City Cabs', openPortal: false })
      await openDeveloper(page)
      const token = await createKey(page, unique('Storage check'))
      const secret = await addEndpoint(page, unique('Storage hook'), receiver.url)
      // The persisted cache is written on change; open another page so it has been.
      await page.goto('/transactions/sales')
      await expect(page.getByRole('heading', { name: 'Sales', level: 1 })).toBeVisible()
      await expect
        .poll(async () => (await dumpStorage(page)).indexedDb.length, { timeout: 10_000 })
        .toBeGreaterThan(0)
      const texts = dumpTexts(await dumpStorage(page)).join('\n')
      expect(texts).not.toContain(token)
      expect(texts).not.toContain(secret)
    },
  )

  test('a viewer is refused, on the page and by the sandbox', PHONE_ONLY, async ({ page }) => {
    await signIn(page, DEMO_EMAILS.viewer, { account: 'City Cabs', openPortal: false })
    await openFirst(page, '/developer')
    await expect(page.getByText('Not permitted to view this data.')).toBeVisible()
    for (const path of ['/v1/api-keys', '/v1/webhook-endpoints']) {
      const res = await page.request.get(`${path}?submerchantId=${CITY}`, {
        headers: portalHeaders(CITY),
      })
      expect(res.status(), path).toBe(403)
    }
  })

  test('screens: the page, the create forms, the history and attempts', async ({
    page,
  }, testInfo) => {
    // Eight full-page screenshots, each with its axe run.
    test.slow()
    receiver = await startWebhookReceiver()
    await useScreenshotWidth(page)
    await signIn(page, DEMO_EMAILS.owner, { account: 'City Cabs', openPortal: false })
    await openDeveloper(page)
    const name = unique('Screens hook')
    await addEndpoint(page, name, receiver.url)
    await checkScreen(page, testInfo, 'developer')
    await page.getByRole('button', { name: 'Create API key' }).click()
    await checkScreen(page, testInfo, 'developer-key-create')
    await page
      .getByRole('dialog', { name: 'Create API key' })
      .getByRole('button', { name: 'Cancel' })
      .click()
    const card = item(page, 'Webhook endpoints', name)
    await sendTest(page, card)
    await expect.poll(() => receiver?.received.length ?? 0).toBeGreaterThan(0)
    await card.getByRole('link', { name: /^History/ }).click()
    const results = page.getByRole('region', { name: 'Notification history' })
    await expect(results.getByRole('button', { name: /^View attempts/ }).first()).toBeVisible()
    await checkScreen(page, testInfo, 'developer-history')
    await results
      .getByRole('button', { name: /^View attempts/ })
      .first()
      .click()
    await expect(
      page.getByRole('dialog', { name: 'Attempts' }).locator('details.attempt'),
    ).toHaveCount(1)
    await checkScreen(page, testInfo, 'developer-attempts')
  })
})
