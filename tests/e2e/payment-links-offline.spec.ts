import { expect, test, type Page, type Route } from '@playwright/test'
import { DEMO_EMAILS, SEED_SUBMERCHANTS } from './support/demo'
import { goOffline, goOnline } from './support/pwa'
import { portalHeaders } from './support/sale-api'
import { reloadUnderServiceWorker, useOfflineSandbox } from './support/offline-sandbox'
import { signIn } from './support/sign-in'
import { unsavedIds } from './support/storage'

/**
 * A payment link created in a dead zone, on a sandbox of our own so every count is exact. The
 * network is cut for real (setOffline plus aborting every request, see support/pwa.ts).
 */

const CITY = SEED_SUBMERCHANTS.cityCabs
const WAITING = 'Waiting for connection'

const sandbox = useOfflineSandbox('links')

// Signed in, the list and the create page visited, the service worker in control.
async function openLinks(page: Page): Promise<void> {
  await signIn(page, DEMO_EMAILS.owner, { account: 'City Cabs', to: '/payment-links' })
  await expect(page.getByRole('heading', { name: 'Payment Links', level: 1 })).toBeVisible()
  await reloadUnderServiceWorker(
    page,
    page.getByRole('heading', { name: 'Payment Links', level: 1 }),
  )
}

async function fillCreate(page: Page, reference: string): Promise<void> {
  await page.getByRole('link', { name: 'Create payment link' }).click()
  await expect(page.getByRole('heading', { name: 'Create payment link' })).toBeVisible()
  await page.getByLabel('Amount (£)').fill('21.00')
  await page.getByLabel('Reference').fill(reference)
  await page.getByRole('button', { name: 'Create' }).click()
}

// A created link made through the API (as another device would), online.
async function createLink(page: Page, saleAmount: number): Promise<{ id: string }> {
  const res = await page.request.post('/v1/intents', {
    headers: portalHeaders(CITY),
    data: { saleAmount, currency: 'GBP', submerchantId: CITY },
  })
  expect(res.status(), await res.text()).toBe(201)
  return (await res.json()) as { id: string }
}

async function linksWithReference(page: Page, reference: string): Promise<number> {
  const res = await page.request.get(`/v1/intents?reference=${reference}`, {
    headers: portalHeaders(CITY),
  })
  return ((await res.json()) as unknown[]).length
}

const queued = (page: Page) =>
  page.getByRole('list', { name: 'Payment links waiting for a connection' }).getByRole('listitem')

test('a link created offline waits at the top of the list, survives three reloads and is made once', async ({
  browser,
}) => {
  // Three offline reloads of a production build with a service worker take a while on CI.
  test.slow()
  const { context, page } = await sandbox.newPortal(browser)
  await openLinks(page)
  // A link whose detail is on the device, to see the actions that need a connection.
  const open = await createLink(page, 900)
  await page.goto(`/payment-links/${open.id}`)
  await expect(page.getByRole('button', { name: /^Cancel link/ })).toBeEnabled()
  // Saved on the device before the page is left.
  await expect.poll(() => unsavedIds(page, [open.id])).toEqual([])
  await page.goto('/payment-links')

  const reference = `OFF-${Date.now().toString(36)}`
  await goOffline(context)
  await page.goto(`/payment-links/${open.id}`).catch(() => undefined)
  await expect(
    page.getByRole('button', { name: /Cancel link \(Needs a connection\)/ }),
  ).toBeDisabled()
  await expect(page.getByRole('button', { name: /Reset \(Needs a connection\)/ })).toBeDisabled()
  await page.getByRole('link', { name: 'Go back' }).click()
  await fillCreate(page, reference)
  await expect(page.getByRole('heading', { name: 'Payment Links', level: 1 })).toBeVisible()
  await expect(queued(page)).toHaveCount(1)
  await expect(queued(page).first()).toContainText(reference)
  await expect(queued(page).first()).toContainText(WAITING)

  for (let reload = 0; reload < 3; reload++) {
    await page.reload()
    await expect(queued(page).first()).toContainText(reference)
    await expect(queued(page)).toHaveCount(1)
  }

  await goOnline(context)
  await expect(queued(page)).toHaveCount(0, { timeout: 20_000 })
  await expect(
    page.getByRole('cell', { name: reference }).or(page.getByText(reference)),
  ).toBeVisible()
  expect(await linksWithReference(page, reference)).toBe(1)
  await context.close()
})

test('a create whose answer is lost after the server committed still makes one link', async ({
  browser,
}) => {
  test.slow()
  // Online, so no service worker is needed; without one every request passes context.route.
  const { context, page } = await sandbox.newPortal(browser, { serviceWorkers: 'block' })
  await signIn(page, DEMO_EMAILS.owner, { account: 'City Cabs', to: '/payment-links' })
  await expect(page.getByRole('heading', { name: 'Payment Links', level: 1 })).toBeVisible()
  const reference = `LOST-${Date.now().toString(36)}`
  // Recorded as each request arrives, before any await, so a slow server cannot hide a call.
  const keys: (string | undefined)[] = []
  const committed: number[] = []
  await context.route('**/v1/intents', async (route: Route) => {
    if (route.request().method() !== 'POST') return route.continue()
    keys.push(route.request().headers()['idempotency-key'])
    if (keys.length === 1) {
      // The server does the work; the answer never reaches the portal.
      const response = await route.fetch()
      committed.push(response.status())
      await route.abort('connectionreset')
    } else {
      await route.continue()
    }
  })
  await fillCreate(page, reference)
  await expect(
    page.getByRole('heading', { name: 'Payment link', level: 1, exact: true }),
  ).toBeVisible({
    timeout: 30_000,
  })
  expect(keys.length).toBeGreaterThanOrEqual(1)
  expect(keys[0]).toBeTruthy()
  // Every attempt carried the key made when Create was pressed.
  expect(keys.every((key) => key === keys[0])).toBe(true)
  await expect.poll(() => committed[0]).toBe(201)
  expect(await linksWithReference(page, reference)).toBe(1)
  await context.close()
})

test('a notification resent offline waits in the outbox and goes out exactly once', async ({
  browser,
}) => {
  test.slow()
  const { context, page } = await sandbox.newPortal(browser)
  await openLinks(page)
  const link = await createLink(page, 1250)
  await page.goto(`/payment-links/${link.id}`)
  const form = page.getByRole('form', { name: 'Resend notification' })
  await expect(form).toBeVisible()
  const phone = `+44 7700 900${String(Date.now()).slice(-3)}`

  await goOffline(context)
  await form.getByLabel('Customer phone number').fill(phone)
  await form.getByRole('group', { name: 'Send by' }).getByLabel('SMS').check()
  await form.getByRole('button', { name: 'Send notification' }).click()
  await expect(page.getByText('Queued: it will be sent when the connection returns.')).toBeVisible()
  // It waits on the device, also across an offline reload.
  await page.reload()
  await expect(page.getByRole('link', { name: 'Outbox: 1 action waiting' })).toBeVisible()
  expect(await smsFor(link.id)).toBe(0)

  await goOnline(context)
  await expect.poll(() => smsFor(link.id), { timeout: 20_000 }).toBe(1)
  // A second reload online replays nothing more.
  await page.reload()
  await expect(
    page.getByRole('heading', { name: 'Payment link', level: 1, exact: true }),
  ).toBeVisible()
  expect(await smsFor(link.id)).toBe(1)
  await context.close()
})

// SMS notifications of one link in the sandbox's outbox.
async function smsFor(intentId: string): Promise<number> {
  const res = await sandbox.api.get('/sandbox/outbox', { headers: { accept: 'application/json' } })
  expect(res.ok()).toBe(true)
  const messages = (await res.json()) as { channel: string; metadata: { intentId?: string } }[]
  return messages.filter((m) => m.channel === 'sms' && m.metadata.intentId === intentId).length
}
