import { expect, type Page } from '@playwright/test'
import { DEMO_PASSWORD } from './demo'

export interface SignInOptions {
  password?: string
  // The account to choose on /select-account; leave out to stop there.
  account?: string
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
  await expect(page.getByRole('heading', { name: 'Dashboard', level: 1 })).toBeVisible()
}

/** Signs in through the UI (no MFA), then optionally chooses an account. */
export async function signIn(page: Page, email: string, options: SignInOptions = {}) {
  await submitLogin(page, email, options.password ?? DEMO_PASSWORD)
  await expect(page).toHaveURL(/\/select-account/)
  if (options.account) await chooseAccount(page, options.account)
}
