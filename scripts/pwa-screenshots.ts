// Regenerates the manifest's install-dialog screenshots (public/screenshots) from a running portal
// with the demo data. Usage: npx tsx scripts/pwa-screenshots.ts --url http://127.0.0.1:8080
import { mkdirSync } from 'node:fs'
import { parseArgs } from 'node:util'
import { chromium, type Browser } from '@playwright/test'
import { DEMO_PASSWORD } from '../server/seed/fixtures'
import { chromiumLaunchOptions } from '../tests/support/chromium'

const { values } = parseArgs({
  options: {
    url: { type: 'string', default: 'http://127.0.0.1:8080' },
    email: { type: 'string', default: 'owner@example.com' },
    account: { type: 'string', default: 'City Cabs' },
  },
})

// Sizes must equal the manifest's `sizes`, or Chromium ignores the screenshot.
const SHOTS = [
  {
    file: 'public/screenshots/narrow.png',
    path: '/dashboard',
    viewport: { width: 360, height: 780 },
    scale: 2,
    mobile: true,
  },
  {
    file: 'public/screenshots/wide.png',
    path: '/transactions/sales',
    viewport: { width: 1280, height: 800 },
    scale: 1,
    mobile: false,
  },
]

async function shoot(browser: Browser, shot: (typeof SHOTS)[number]): Promise<void> {
  // No service worker: an update notice must not end up in the picture.
  const context = await browser.newContext({
    baseURL: values.url,
    viewport: shot.viewport,
    deviceScaleFactor: shot.scale,
    isMobile: shot.mobile,
    hasTouch: shot.mobile,
    serviceWorkers: 'block',
    colorScheme: 'light',
  })
  const page = await context.newPage()
  await page.goto('/login')
  await page.getByRole('textbox', { name: 'Email' }).fill(values.email)
  await page.getByLabel('Password', { exact: true }).fill(DEMO_PASSWORD)
  await page.getByRole('button', { name: 'Log in' }).click()
  await page.getByRole('button', { name: values.account, exact: true }).click()
  await page.getByRole('heading', { name: 'Dashboard', level: 1 }).waitFor()
  await page.goto(shot.path)
  await page.getByRole('heading', { level: 1 }).waitFor()
  await page.waitForLoadState('networkidle')
  await page.screenshot({ path: shot.file })
  console.log(`${shot.file}: ${shot.path} at ${shot.viewport.width}×${shot.viewport.height}`)
  await context.close()
}

mkdirSync('public/screenshots', { recursive: true })
const browser = await chromium.launch(chromiumLaunchOptions)
try {
  for (const shot of SHOTS) await shoot(browser, shot)
} finally {
  await browser.close()
}
