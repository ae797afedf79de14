import { expect, test, type Browser } from '@playwright/test'
import { DEMO_EMAILS } from './support/demo'
import { startPrivateServer, type PrivateServer } from './support/private-server'
import { logOutFromSettings } from './support/shell'
import { signIn } from './support/sign-in'
import { persistedQueryCount } from './support/storage'

// Logout revokes the user's sessions on every device (DELETE /v1/tokens/all), so these tests get a
// sandbox of their own instead of ending the shared demo users' sessions in every other test.
test.describe.configure({ mode: 'serial' })

let server: PrivateServer

test.beforeAll(async () => {
  test.setTimeout(150_000)
  server = await startPrivateServer()
})

test.afterAll(async () => {
  await server?.stop()
})

async function newPage(browser: Browser, isMobile: boolean) {
  const context = await browser.newContext({
    baseURL: server.baseURL,
    viewport: isMobile ? { width: 412, height: 839 } : { width: 1024, height: 1366 },
  })
  return { context, page: await context.newPage() }
}

test('logout clears IndexedDB, and the back button shows no account data', async ({
  browser,
  isMobile,
}) => {
  const { context, page } = await newPage(browser, isMobile)
  await signIn(page, DEMO_EMAILS.manager, { account: 'North Cars', viaForm: true })
  await expect(page.getByText('North Cars')).toBeVisible()
  // The persister writes at most once a second.
  await expect.poll(() => persistedQueryCount(page)).toBeGreaterThan(0)

  await page.goto('/select-account')
  await page.getByRole('button', { name: 'Log out' }).click()
  await expect(page).toHaveURL(/\/login$/)
  await expect.poll(() => persistedQueryCount(page)).toBe(0)
  expect(await page.evaluate(() => localStorage.getItem('portal:device-id'))).toBeNull()

  await page.goBack()
  await expect(page).toHaveURL(/\/login/)
  await expect(page.getByText('North Cars')).toHaveCount(0)
  // The server session is gone too, once the logout's server call (made after /login shows) ends.
  await expect.poll(async () => (await page.request.get('/v1/users/current')).status()).toBe(401)
  await context.close()
})

test("the shell's settings menu logs out", async ({ browser, isMobile }) => {
  const { context, page } = await newPage(browser, isMobile)
  await signIn(page, DEMO_EMAILS.owner, { account: 'City Cabs', viaForm: true })
  await logOutFromSettings(page)
  await expect(page.getByRole('heading', { name: 'Log in' })).toBeVisible()
  // Local state goes first and /login shows at once; the tokens are revoked by the call after it.
  await expect.poll(async () => (await page.request.get('/v1/users/current')).status()).toBe(401)
  await context.close()
})

test('logout works offline and tells the server when the connection returns', async ({
  browser,
  isMobile,
}) => {
  const { context, page } = await newPage(browser, isMobile)
  await signIn(page, DEMO_EMAILS.viewer)
  await context.setOffline(true)
  await page.getByRole('button', { name: 'Log out' }).click()
  await expect(page).toHaveURL(/\/login$/)
  await expect(page.getByRole('heading', { name: 'Log in' })).toBeVisible()

  const revoked = page.waitForRequest(
    (req) => req.method() === 'DELETE' && req.url().endsWith('/v1/tokens/all'),
  )
  await context.setOffline(false)
  await revoked
  await expect.poll(async () => (await page.request.get('/v1/users/current')).status()).toBe(401)
  await context.close()
})
