import { expect, test, type Browser, type Page } from '@playwright/test'
import { DEMO_EMAILS } from './support/demo'
import { startPrivateServer, type PrivateServer } from './support/private-server'
import { advanceSandboxClock } from './support/sandbox'
import { signIn } from './support/sign-in'

// These tests move the sandbox clock by minutes to weeks, so they get a server of their own.
test.describe.configure({ mode: 'serial' })

let server: PrivateServer

test.beforeAll(async () => {
  test.setTimeout(150_000)
  server = await startPrivateServer()
})

test.afterAll(async () => {
  await server?.stop()
})

function newContext(browser: Browser) {
  return browser.newContext({ baseURL: server.baseURL, viewport: { width: 390, height: 844 } })
}

test('two tabs whose access tokens expired refresh once, and both stay signed in', async ({
  browser,
}) => {
  const context = await newContext(browser)
  const first = await context.newPage()
  await signIn(first, DEMO_EMAILS.owner)
  const second = await context.newPage()
  await second.goto('/select-account')
  await expect(second.getByRole('button', { name: 'City Cabs' })).toBeVisible()

  // Watched from before the clock moves: a call either tab makes in the background meanwhile
  // (a refetch) may be the one that meets the expired token.
  const refreshes: string[] = []
  const unauthorised: string[] = []
  // A refresh counts when the server answered it: a call the reload cancelled in a page being
  // left (a background refetch that met the expired token just before) never changed the tokens.
  context.on('response', (res) => {
    const req = res.request()
    if (req.method() === 'POST' && req.url().endsWith('/v1/tokens')) {
      refreshes.push(req.postData() ?? '')
    }
    if (res.status() === 401) unauthorised.push(res.url())
  })
  // Past the 15-minute access token.
  await advanceSandboxClock(context.request, 16 * 60)

  // Both tabs ask for the account list at the same moment. It shows from the saved copy at once;
  // each tab's own answer for it comes after its 401 and the one refresh, and is waited for.
  const listAnswered = (page: Page) =>
    page.waitForResponse((res) => res.url().includes('/v1/submerchants') && res.ok())
  const answered = Promise.all([listAnswered(first), listAnswered(second)])
  await Promise.all([first.reload(), second.reload()])
  await answered
  for (const page of [first, second]) {
    await expect(page.getByRole('button', { name: 'City Cabs' })).toBeVisible()
    await expect(page).toHaveURL(/\/select-account/)
  }
  expect(unauthorised.length).toBeGreaterThanOrEqual(1)
  expect(refreshes).toHaveLength(1)
  expect(refreshes[0]).toContain('"grantType":"refresh_token"')

  // The chain was not revoked as reused: both tabs keep working.
  await first.getByRole('button', { name: 'City Cabs' }).click()
  await expect(first.getByRole('heading', { name: 'Dashboard' })).toBeVisible()
  await second.goto('/select-account')
  await second.getByRole('button', { name: 'Airport Express' }).click()
  await expect(second.getByRole('heading', { name: 'Dashboard' })).toBeVisible()
  await context.close()
})

test('when the refresh-token expiry passes, the user is sent to login', async ({ browser }) => {
  const context = await newContext(browser)
  const page = await context.newPage()
  await page.clock.install()
  await signIn(page, DEMO_EMAILS.owner, { account: 'City Cabs', viaForm: true })

  const readRemaining = () =>
    page.evaluate(() => {
      const stored = JSON.parse(localStorage.getItem('portal:local:session') ?? '{}') as {
        expiresAt?: string
      }
      return Date.parse(stored.expiresAt ?? '') - Date.now()
    })
  // The expiry is stored when the account's token answer lands, which may follow the dashboard.
  await expect.poll(readRemaining).toBeGreaterThan(29 * 24 * 3600 * 1000)
  const remaining = await readRemaining()
  // 30 days later on both the server and the device, in two steps that keep them together: a
  // call the page makes during the first (a refetch, a token refresh) meets a session that is
  // still open. Timers fire at most once per jump, and the expiry timer is chained past 24.8 days.
  const firstJump = 20 * 24 * 3600 * 1000
  await advanceSandboxClock(context.request, firstJump / 1000)
  await page.clock.fastForward(firstJump)
  await expect(page).toHaveURL(/\/dashboard/)
  const secondJump = remaining - firstJump + 60_000
  await advanceSandboxClock(context.request, Math.ceil(secondJump / 1000))
  await page.clock.fastForward(secondJump)
  await expect(page).toHaveURL(/\/login/)
  await expect(page.getByRole('heading', { name: 'Log in' })).toBeVisible()
  expect((await context.request.get('/v1/users/current')).status()).toBe(401)
  await context.close()
})

test('a session the server ended is logged out on the next request (forced logout)', async ({
  browser,
}) => {
  const context = await newContext(browser)
  const page = await context.newPage()
  await signIn(page, DEMO_EMAILS.viewer)
  // Another device logs out everywhere.
  const other = await browser.newContext({ baseURL: server.baseURL })
  await signIn(await other.newPage(), DEMO_EMAILS.viewer)
  expect(
    (
      await other.request.delete('/v1/tokens/all', { headers: { 'X-Requested-With': 'portal' } })
    ).status(),
  ).toBe(204)
  await page.reload()
  await expect(page).toHaveURL(/\/login/)
  await other.close()
  await context.close()
})
