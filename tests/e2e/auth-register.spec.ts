import { expect, test } from '@playwright/test'
import { uniqueEmail } from './support/demo'
import { TEST_USER_PASSWORD } from './support/users'

test('a new person registers, is signed in and welcomed', async ({ page }) => {
  const email = uniqueEmail('register')
  await page.goto('/register')
  await expect(page.getByLabel('Password', { exact: true })).toHaveAttribute(
    'autocomplete',
    'new-password',
  )
  await page.getByRole('textbox', { name: 'Email' }).fill(email)
  await page.getByLabel('Password', { exact: true }).fill(TEST_USER_PASSWORD)
  await page.getByRole('textbox', { name: /First name/ }).fill('Zoë')
  await page.getByRole('textbox', { name: /Last name/ }).fill('Ó Briain')
  const landedOnWelcome = page.waitForURL(/\/\?welcome=true$/)
  await page.getByRole('button', { name: 'Create account' }).click()
  await landedOnWelcome
  await expect(page.getByText('Welcome to FleetPay Portal')).toBeVisible()
  // A new user belongs to no account yet: the message (docs/screens.md#register), and the session is real.
  await expect(
    page.getByText("You don't have access to any accounts yet.", { exact: false }),
  ).toBeVisible()
  await expect(page.getByText(`Signed in as ${email}`)).toBeVisible()
})

test('registration bad input gets field messages', async ({ page }) => {
  await page.goto('/register')
  await page.getByRole('button', { name: 'Create account' }).click()
  await expect(page.getByText('Email is required')).toBeVisible()
  await expect(page.getByText('Password is required')).toBeVisible()

  await page.getByRole('textbox', { name: 'Email' }).fill('nope')
  await page.getByLabel('Password', { exact: true }).fill('short')
  await page.getByRole('textbox', { name: /First name/ }).fill('ü'.repeat(101))
  await page.getByRole('button', { name: 'Create account' }).click()
  await expect(page.getByText('Enter a valid email address')).toBeVisible()
  await expect(page.getByText('Password must be at least 8 characters')).toBeVisible()
  await expect(page.getByText('Must be at most 100 characters')).toBeVisible()

  await page.getByLabel('Password', { exact: true }).fill('y'.repeat(10_000))
  await page.getByRole('button', { name: 'Create account' }).click()
  await expect(page.getByText('Password must be at most 256 characters')).toBeVisible()

  // The server's own rules come back as its message.
  await page.getByRole('textbox', { name: 'Email' }).fill(uniqueEmail('taken'))
  await page.getByLabel('Password', { exact: true }).fill('My-Taxi-Rank-Lantern')
  await page.getByRole('textbox', { name: /First name/ }).fill('Zoë')
  await page.getByRole('button', { name: 'Create account' }).click()
  await expect(page.getByRole('alert')).toHaveText(
    'Invalid format: Password contains words from prohibited list',
  )
})
