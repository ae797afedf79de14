import { expect, test } from '@playwright/test'
import { DEMO_EMAILS, DEMO_MFA_SECRET, COMPROMISED_PASSWORD, DEMO_PASSWORD } from './support/demo'
import { checkScreen, useScreenshotWidth } from './support/shell'
import { chooseAccount, signIn, submitLogin } from './support/sign-in'
import { PhoneAuthenticator } from './support/totp'
import { registerMfaUser, registerUser } from './support/users'

test('the owner signs in, chooses an account and sees its dashboard', async ({ page }) => {
  await page.goto('/login')
  await expect(page.getByRole('textbox', { name: 'Email' })).toHaveAttribute(
    'autocomplete',
    'username',
  )
  await expect(page.getByLabel('Password', { exact: true })).toHaveAttribute(
    'autocomplete',
    'current-password',
  )
  await signIn(page, DEMO_EMAILS.owner)
  await expect(page.getByRole('button', { name: 'City Cabs' })).toBeVisible()
  // One button per account, sorted by name.
  const names = await page
    .getByRole('list', { name: 'Accounts' })
    .getByRole('button')
    .allTextContents()
  expect(names.length).toBeGreaterThan(1)
  expect(names).toEqual([...names].sort((a, b) => a.localeCompare(b, 'en-GB')))
  await chooseAccount(page, 'City Cabs')
  await expect(page).toHaveURL(/\/dashboard$/)
  // The top bar names the account (the dashboard's vehicle names start with it too).
  await expect(page.getByText('City Cabs', { exact: true })).toBeVisible()
})

test('after signing in the person returns to the page they asked for', async ({ page }) => {
  await page.goto('/transactions/sales')
  await expect(page).toHaveURL(/\/login\?redirect=/)
  await submitLogin(page, DEMO_EMAILS.viewer, DEMO_PASSWORD)
  await expect(page).toHaveURL(/\/select-account/)
  await page.getByRole('button', { name: 'City Cabs', exact: true }).click()
  await expect(page.getByRole('heading', { name: 'Sales', level: 1 })).toBeVisible()
  await expect(page).toHaveURL(/\/transactions\/sales$/)
})

test('a wrong password shows the server message', async ({ page, request }) => {
  const user = await registerUser(request)
  await submitLogin(page, user.emailAddress, 'Not-The-Right-One-99')
  await expect(page.getByRole('alert')).toHaveText('Invalid email address or password')
  await expect(page).toHaveURL(/\/login/)
})

// The field messages and the failure summary load with the form's checks, after /login's first
// paint: pictures of both, light and dark, with axe.
test('the field messages and the failure summary, on screen', async ({
  page,
  request,
}, testInfo) => {
  await useScreenshotWidth(page)
  await page.goto('/login')
  await page.getByRole('button', { name: 'Log in' }).click()
  await expect(page.getByText('Email is required')).toBeVisible()
  await expect(page.getByText('Password is required')).toBeVisible()
  await checkScreen(page, testInfo, 'login-field-messages')
  const user = await registerUser(request)
  await submitLogin(page, user.emailAddress, 'Not-The-Right-One-99')
  await expect(page.getByRole('alert')).toHaveText('Invalid email address or password')
  await checkScreen(page, testInfo, 'login-failure-summary')
})

test('the MFA user signs in with an authenticator code', async ({ page }) => {
  // Both projects share this user and a code works once, so a refused code is followed by the
  // code of a later step (real time, as a phone would show it).
  const authenticator = new PhoneAuthenticator(DEMO_MFA_SECRET)
  await submitLogin(page, DEMO_EMAILS.mfa, DEMO_PASSWORD)
  await expect(page.getByRole('heading', { name: 'Two-factor authentication' })).toBeVisible()
  const code = page.getByRole('textbox', { name: 'Authentication code' })
  await expect(code).toHaveAttribute('autocomplete', 'one-time-code')
  await page.getByText('Lost access to your device?').click()
  await expect(page.getByText(/24-character recovery codes/)).toBeVisible()

  for (let attempt = 0; attempt < 3; attempt++) {
    await code.fill(await authenticator.code())
    const [answer] = await Promise.all([
      page.waitForResponse(
        (res) => res.request().method() === 'POST' && new URL(res.url()).pathname === '/v1/tokens',
      ),
      page.getByRole('button', { name: 'Verify' }).click(),
    ])
    if (answer.ok()) break
    await expect(
      page.getByText('Invalid code provided. Please double check your authenticator app.'),
    ).toBeVisible()
  }
  await expect(page).toHaveURL(/\/select-account/)
  await chooseAccount(page, 'Patel Cars')
})

test('a recovery code signs in once and warns that MFA is now disabled', async ({
  page,
  request,
}) => {
  const user = await registerMfaUser(request)
  await submitLogin(page, user.emailAddress, user.password)
  await expect(page.getByRole('heading', { name: 'Two-factor authentication' })).toBeVisible()
  await page.getByRole('textbox', { name: 'Authentication code' }).fill(user.recoveryCode)
  await page.getByRole('button', { name: 'Verify' }).click()
  const warning = page.getByRole('dialog', { name: 'Multi-factor authentication disabled' })
  await expect(warning).toBeVisible()
  await expect(warning).toContainText('multi-factor authentication is now disabled')
  await warning.getByRole('button', { name: 'Continue' }).click()
  await expect(page).toHaveURL(/\/select-account/)

  // MFA is really off: the same password now signs in without a code, and the code is spent.
  const again = await request.post('/v1/tokens', {
    headers: { 'X-Requested-With': 'portal' },
    data: {
      type: 'refresh',
      grantType: 'password',
      emailAddress: user.emailAddress,
      password: user.password,
      deviceIdentifier: 'e2e-recovery-check',
    },
  })
  expect(again.status()).toBe(200)
})

test('the compromised-password user is led to forgot-password with the email prefilled', async ({
  page,
}) => {
  await submitLogin(page, DEMO_EMAILS.compromised, COMPROMISED_PASSWORD)
  const dialog = page.getByRole('dialog', { name: 'Password reset required' })
  await expect(dialog).toBeVisible()
  await expect(dialog).toContainText('exposed credentials')
  await dialog.getByRole('button', { name: 'Reset password' }).click()
  await expect(page).toHaveURL(/\/forgot-password\?emailAddress=compromised%40example\.com/)
  await expect(page.getByRole('textbox', { name: 'Email' })).toHaveValue(DEMO_EMAILS.compromised)
})

test('bad input gets the field message, never a crash', async ({ page }) => {
  await page.goto('/login')
  await page.getByRole('button', { name: 'Log in' }).click()
  await expect(page.getByText('Email is required')).toBeVisible()
  await expect(page.getByText('Password is required')).toBeVisible()

  await page.getByRole('textbox', { name: 'Email' }).fill('not-an-email')
  await page.getByLabel('Password', { exact: true }).fill('x'.repeat(10_000))
  await page.getByRole('button', { name: 'Log in' }).click()
  await expect(page.getByText('Enter a valid email address')).toBeVisible()
  await expect(page.getByText('Password must be at most 256 characters')).toBeVisible()

  // Unicode everywhere: the email is refused by the rule the server applies (one schema), and a
  // Unicode password reaches the server, whose message is shown.
  await page.getByRole('textbox', { name: 'Email' }).fill('zoë@exämple.cøm')
  await page.getByLabel('Password', { exact: true }).fill('pässwörd-ü-日本')
  await page.getByRole('button', { name: 'Log in' }).click()
  await expect(page.getByText('Enter a valid email address')).toBeVisible()
  await page.getByRole('textbox', { name: 'Email' }).fill('zoe@example.com')
  await page.getByRole('button', { name: 'Log in' }).click()
  await expect(page.getByRole('alert').first()).toBeVisible()
  await expect(page.getByRole('heading', { name: 'Log in' })).toBeVisible()
  await expect(page).toHaveURL(/\/login/)
})
