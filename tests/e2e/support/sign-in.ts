import { randomUUID } from 'node:crypto'
import { expect, type Page } from '@playwright/test'
import { DEMO_PASSWORD } from './demo'

// A new context's first signed-in page fetches the whole app with an empty HTTP cache; on a busy
// two-core CI machine that alone has taken over 10 s, so the wait for it is longer than expect's.
export const COLD_START_MS = 30_000

export interface SignInOptions {
  password?: string
  // The account to choose on /select-account; leave out to stop there.
  account?: string
  // With an account, the specs that are about something else sign in through the API (the same
  // two token calls the form makes) and open the dashboard; this forces the form instead.
  viaForm?: boolean
  // Through the API: the first page to open instead of the dashboard (the caller checks it).
  to?: string
  // Through the API: open no page of the portal (the caller opens the one it is about first), so
  // a test that starts elsewhere does not pay for the dashboard's start-up on the way.
  openPortal?: boolean
}

// Fills the login form as a person would.
export async function submitLogin(page: Page, email: string, password: string): Promise<void> {
  if (!/\/login/.test(page.url())) await page.goto('/login')
  await page.getByRole('textbox', { name: 'Email' }).fill(email)
  await page.getByLabel('Password', { exact: true }).fill(password)
  await page.getByRole('button', { name: 'Log in' }).click()
}

// Picks an account on /select-account and waits for the dashboard.
export async function chooseAccount(page: Page, account: string): Promise<void> {
  await expect(page).toHaveURL(/\/select-account/)
  await page.getByRole('button', { name: account, exact: true }).click()
  await expect(page.getByRole('heading', { name: 'Dashboard', level: 1 })).toBeVisible({
    timeout: COLD_START_MS,
  })
}

const PORTAL = { 'X-Requested-With': 'portal' }

/**
 * The form's sign-in without its screens: the password grant and the account's access token
 * (docs/api.md#users-and-session) as the browser's own requests, so the cookies land in the page's context; then the
 * portal's session entry and device id, as the form leaves them, and the dashboard (or `to`).
 */
async function signInThroughApi(
  page: Page,
  email: string,
  password: string,
  account: string,
  to?: string,
  openPortal = true,
) {
  const deviceIdentifier = randomUUID()
  const grant = await page.request.post('/v1/tokens', {
    headers: PORTAL,
    data: {
      type: 'refresh',
      grantType: 'password',
      emailAddress: email,
      password,
      deviceIdentifier,
    },
  })
  expect(grant.status(), await grant.text()).toBe(200)
  const { expiresAt } = (await grant.json()) as { expiresAt: string }
  const list = await page.request.get('/v1/submerchants', {
    headers: PORTAL,
    params: { sort: 'name', limit: 100 },
  })
  expect(list.status(), await list.text()).toBe(200)
  const accounts = (await list.json()) as Array<{ id: string; name: string }>
  const chosen = accounts.find((item) => item.name === account)
  if (!chosen) throw new Error(`${email} has no account named ${account}`)
  const access = await page.request.post('/v1/tokens', {
    headers: PORTAL,
    data: {
      type: 'access',
      grantType: 'refresh_token',
      attachments: [chosen.id],
      deviceIdentifier,
    },
  })
  expect(access.status(), await access.text()).toBe(200)
  // Any same-origin document that is not the app gives the storage without booting the portal.
  await page.goto('/manifest.webmanifest')
  await page.evaluate(
    ({ session, deviceIdentifier }) => {
      // The one-time clearing of old storage (docs/states.md#session) has happened, as on any device that used the app.
      localStorage.setItem('portal:storage-cleared-at', new Date().toISOString())
      localStorage.setItem('portal:device-id', deviceIdentifier)
      localStorage.setItem('portal:local:session', JSON.stringify(session))
    },
    {
      session: { loggedIn: true, userId: null, submerchantId: chosen.id, expiresAt },
      deviceIdentifier,
    },
  )
  if (!openPortal) return
  await page.goto(to ?? '/')
  if (!to) {
    await expect(page.getByRole('heading', { name: 'Dashboard', level: 1 })).toBeVisible({
      timeout: COLD_START_MS,
    })
  } else if (!to.includes('.')) {
    // An account page of the portal (not a static file): its shell's top bar, after the cold start.
    await expect(page.getByRole('banner')).toBeVisible({ timeout: COLD_START_MS })
  }
}

/** Signs in (no MFA), then optionally chooses an account. */
export async function signIn(page: Page, email: string, options: SignInOptions = {}) {
  const password = options.password ?? DEMO_PASSWORD
  if (options.account && !options.viaForm) {
    return signInThroughApi(page, email, password, options.account, options.to, options.openPortal)
  }
  await submitLogin(page, email, password)
  // The password grant and the next page's cold start, which grow with the machine's load.
  await expect(page).toHaveURL(/\/select-account/, { timeout: COLD_START_MS })
  if (options.account) await chooseAccount(page, options.account)
}

/**
 * The first page of the portal after `signIn(…, { openPortal: false })`: a cold start, so its shell
 * gets the cold start's time.
 */
export async function openFirst(page: Page, url: string): Promise<void> {
  await page.goto(url)
  await expect(page.getByRole('banner')).toBeVisible({ timeout: COLD_START_MS })
}
