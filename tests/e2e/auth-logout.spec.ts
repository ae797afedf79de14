import { expect, test } from '@playwright/test'
import { DEMO_EMAILS } from './support/demo'
import { signIn } from './support/sign-in'
import { persistedQueryCount } from './support/storage'

test('logout clears IndexedDB, and the back button shows no account data', async ({ page }) => {
  await signIn(page, DEMO_EMAILS.manager, { account: 'North Cars' })
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
  // The server session is gone too.
  expect((await page.request.get('/v1/users/current')).status()).toBe(401)
})

test('logout works offline and tells the server when the connection returns', async ({
  page,
  context,
}) => {
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
})
