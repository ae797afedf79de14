import { execFileSync } from 'node:child_process'
import { mkdtempSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { defineConfig, devices } from '@playwright/test'
import { headlessShellLaunchOptions } from './tests/support/chromium'
import { PHONE_ONLY_SPECS } from './tests/e2e/support/projects'
import { E2E_BUILD_ENV, E2E_DIST_DIR } from './tests/support/portal-build'

// Workers re-evaluate this file; the env carries the first choice so all agree on one server.
if (!process.env.E2E_PORT) {
  process.env.E2E_PORT = execFileSync(process.execPath, [
    '-e',
    "const s=require('net').createServer().listen(0,'127.0.0.1',()=>{process.stdout.write(String(s.address().port));s.close()})",
  ]).toString()
}
if (!process.env.E2E_DATA_DIR) {
  process.env.E2E_DATA_DIR = mkdtempSync(join(tmpdir(), 'portal-e2e-'))
}
const port = Number(process.env.E2E_PORT)
const baseURL = `http://127.0.0.1:${port}`

const chromium = headlessShellLaunchOptions

export default defineConfig({
  testDir: 'tests/e2e',
  outputDir: '.tmp/test-results',
  fullyParallel: true,
  forbidOnly: !!process.env.CI,
  retries: process.env.CI ? 1 : 0,
  workers: 2,
  timeout: 60_000,
  expect: { timeout: 10_000 },
  reporter: [
    ['list'],
    [
      'json',
      { outputFile: process.env.PLAYWRIGHT_JSON_OUTPUT_NAME ?? '.tmp/reports/playwright.json' },
    ],
  ],
  globalTeardown: './tests/e2e/global-teardown.ts',
  use: {
    baseURL,
    // Recording a trace (a DOM snapshot per action, a screencast) doubled each test's CPU on two
    // cores; a failure's retry records one.
    trace: 'on-first-retry',
    screenshot: 'only-on-failure',
    launchOptions: chromium,
    // A fresh context would install the service worker and precache the whole build in every
    // test; the specs about offline and the PWA allow it (test.use) where they rely on it.
    serviceWorkers: 'block',
  },
  projects: [
    {
      name: 'phone',
      use: {
        ...devices['Pixel 7'],
        // The layout is the Pixel 7's (412 CSS px, touch, mobile); Chromium paints in software here,
        // and at the device's 2.625 every frame and screenshot cost seven times the pixels.
        deviceScaleFactor: 1,
        launchOptions: chromium,
      },
      grepInvert: /@tablet-only/,
    },
    {
      name: 'tablet',
      use: {
        viewport: { width: 1024, height: 1366 },
        // Layout does not depend on it; at 2 every frame and screenshot costs four times the pixels.
        deviceScaleFactor: 1,
        isMobile: true,
        hasTouch: true,
        launchOptions: chromium,
      },
      // Specs whose screens do not change with the width (flows, sessions, offline proofs) run
      // once, on the phone; so do tests tagged PHONE_ONLY (tests/e2e/support/projects.ts).
      testIgnore: PHONE_ONLY_SPECS.map((name) => `**/${name}.spec.ts`),
      grepInvert: /@phone-only/,
    },
  ],
  webServer: {
    // The shared e2e build (tests/support/portal-build.ts), built here when stale, and a fresh
    // database. Every private server of the suite serves that build or a copy of it.
    command: 'npx tsx server/main.ts --build-if-stale',
    url: `${baseURL}/login`,
    timeout: 240_000,
    reuseExistingServer: false,
    stdout: 'pipe',
    stderr: 'pipe',
    env: {
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: process.env.E2E_DATA_DIR,
      DIST_DIR: E2E_DIST_DIR,
      SEED_SALES: '3000',
      SANDBOX_CONTROLS: '1',
      // The world's round (payouts, refunds settling) stays off: tests move the shared clock, and
      // a spec that needs a round asks for one (POST /sandbox/world/rounds).
      SANDBOX_WORLD: '0',
      NODE_ENV: 'test',
      ...E2E_BUILD_ENV,
    },
  },
})
