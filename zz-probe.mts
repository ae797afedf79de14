import { chromium, devices, expect } from '@playwright/test'
import { chromiumLaunchOptions } from './tests/support/chromium'
const browser = await chromium.launch(chromiumLaunchOptions)
const PORTAL = { 'X-Requested-With': 'portal' }
const ctx = await browser.newContext({ ...devices['Pixel 7'], serviceWorkers: 'block', baseURL: 'http://127.0.0.1:40107' })
const page = await ctx.newPage()
const deviceIdentifier = 'dev-' + Math.random()
const grant = await page.request.post('/v1/tokens', { headers: PORTAL, data: { type: 'refresh', grantType: 'password', emailAddress: 'owner@example.com', password: 'Sandbox-Demo-2025!', deviceIdentifier } })
const { expiresAt } = await grant.json()
await page.request.post('/v1/tokens', { headers: PORTAL, data: { type: 'access', grantType: 'refresh_token', attachments: ['sub_demo_city_cabs'], deviceIdentifier } })
await page.goto('/manifest.webmanifest')
await page.evaluate(({ session, deviceIdentifier }) => {
  localStorage.setItem('portal:storage-cleared-at', new Date().toISOString())
  localStorage.setItem('portal:device-id', deviceIdentifier)
  localStorage.setItem('portal:local:session', JSON.stringify(session))
}, { session: { loggedIn: true, userId: null, submerchantId: 'sub_demo_city_cabs', expiresAt }, deviceIdentifier })
await page.goto('/')
await expect(page.getByRole('heading', { name: 'Dashboard', level: 1 })).toBeVisible({ timeout: 30000 })
await page.setViewportSize({ width: 360, height: 780 })
await page.waitForLoadState('networkidle')
const report = async (label: string) => {
  const r = await page.evaluate(() => {
    const W = document.documentElement.clientWidth
    const over = [...document.querySelectorAll('body *')].map((e) => ({ e, r: e.getBoundingClientRect() })).filter(({ r }) => r.right > W + 0.5 && r.width > 0).map(({ e, r }) => `${e.tagName.toLowerCase()}.${(e as HTMLElement).className?.toString().slice(0, 60)} right=${r.right.toFixed(0)} w=${r.width.toFixed(0)}`)
    return { sw: document.documentElement.scrollWidth, W, over: over.slice(0, 15) }
  })
  console.log(label, JSON.stringify(r, null, 1))
}
await report('dashboard')
await page.getByRole('navigation', { name: 'Quick navigation' }).getByRole('button', { name: 'Menu' }).click()
await page.getByRole('button', { name: /^User menu/ }).click()
await report('menu')
await page.screenshot({ path: '/tmp/e2eprobe/menu.png', fullPage: true })
await browser.close()
