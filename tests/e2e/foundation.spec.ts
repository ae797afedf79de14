import { expect, test } from '@playwright/test'
import { heavyLibrariesIn } from '../support/heavy-libraries'

test('an unknown path shows Page Not Found with a link to the main page', async ({ page }) => {
  await page.goto('/no/such/place')
  await expect(page.getByRole('heading', { name: 'Page Not Found' })).toBeVisible()
  const home = page.getByRole('link', { name: /main page/i })
  await expect(home).toHaveAttribute('href', '/')
  await home.click()
  // The main page sends a signed-out person on to sign in.
  await expect(page).toHaveURL(/\/login/)
  await expect(page.getByRole('heading', { name: 'Page Not Found' })).toHaveCount(0)
})

test('a signed-out visit to the sales list lands on login, remembering where it was going', async ({
  page,
}) => {
  await page.goto('/transactions/sales')
  await expect(page).toHaveURL(/\/login\?redirect=/)
  const redirect = new URL(page.url()).searchParams.get('redirect')
  expect(redirect).toContain('/transactions/sales')
  await expect(page.getByLabel('Email')).toBeVisible()
  await expect(page.getByLabel('Password', { exact: true })).toBeVisible()
})

test('responses carry the security headers', async ({ request }) => {
  const res = await request.get('/login')
  expect(res.status()).toBe(200)
  const headers = res.headers()
  expect(headers['content-security-policy']).toContain("frame-ancestors 'none'")
  expect(headers['content-security-policy']).not.toContain("script-src 'self' 'unsafe-inline'")
  expect(headers['x-content-type-options']).toBe('nosniff')
  expect(headers['referrer-policy']).toBeTruthy()
  expect(headers['permissions-policy']).toBeTruthy()
  expect(headers['request-id']).toBeTruthy()
  expect(headers['cache-control']).toContain('no-cache')
})

test('the login route loads none of the heavy libraries', async ({ page }) => {
  // Each body is read before the test ends: a handler still reading at the end fails the test.
  const scripts: Array<Promise<string>> = []
  page.on('response', (res) => {
    if (res.request().resourceType() === 'script') scripts.push(res.text())
  })
  await page.goto('/login')
  await expect(page.getByLabel('Email')).toBeVisible()
  await page.waitForLoadState('networkidle')
  const code = (await Promise.all(scripts)).join('\n')
  expect(code.length).toBeGreaterThan(0)
  expect(heavyLibrariesIn(code)).toEqual([])
})

test('the loading screen paints from inline rules the CSP allows; the app waits for its stylesheet', async ({
  page,
}) => {
  const violations: string[] = []
  page.on('console', (message) => {
    if (/Content Security Policy/i.test(message.text())) violations.push(message.text())
  })
  // The app's stylesheet is held until the loading screen has been checked.
  let release = () => {}
  const held = new Promise<void>((done) => (release = done))
  await page.route(/\/assets\/index-[\w-]+\.css$/, async (route) => {
    await held
    await route.continue()
  })
  await page.goto('/login', { waitUntil: 'commit' })
  const boot = page.locator('#root .boot')
  await expect(boot).toBeVisible()
  await expect(boot).toHaveCSS('display', 'grid')
  await expect(boot).toContainText('Loading…')
  // The app's code has run (it asked for the stylesheet), yet renders nothing unstyled.
  await page.waitForFunction(
    () => document.querySelector('link[rel="stylesheet"][href*="/assets/index-"]') !== null,
  )
  await expect(page.getByLabel('Email')).toHaveCount(0)
  release()
  await expect(page.getByLabel('Email')).toBeVisible()
  await expect(page.getByRole('button', { name: 'Log in' })).not.toHaveCSS(
    'background-color',
    'rgba(0, 0, 0, 0)',
  )
  await expect(boot).toHaveCount(0)
  expect(violations).toEqual([])
})

test("the app's code is requested only once the loading screen has been rendered", async ({
  page,
}) => {
  // The first animation frame after the HTML is parsed is the one that paints the loading screen.
  await page.addInitScript(() => {
    requestAnimationFrame(() => {
      ;(window as unknown as { firstFrameAt: number }).firstFrameAt = performance.now()
    })
  })
  await page.goto('/login')
  await expect(page.getByLabel('Email')).toBeVisible()
  const timings = await page.evaluate(() => ({
    firstFrameAt: (window as unknown as { firstFrameAt?: number }).firstFrameAt ?? null,
    controlled: navigator.serviceWorker?.controller != null,
    entry: performance
      .getEntriesByType('resource')
      .filter((e) => /\/assets\/index-[\w-]+\.js$/.test(e.name))
      .map((e) => e.startTime),
  }))
  // A first visit: no service worker serves it, so the loader waits for that frame.
  expect(timings.controlled).toBe(false)
  expect(timings.firstFrameAt).not.toBeNull()
  expect(timings.entry).toHaveLength(1)
  expect(timings.entry[0]).toBeGreaterThan(timings.firstFrameAt ?? Infinity)
})
