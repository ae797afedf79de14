import { expect, test, type Page } from '@playwright/test'
import { expectNoSeriousA11yViolations } from './support/axe'
import { DEMO_EMAILS } from './support/demo'
import { logOutFromSettings, saveScreenshot, useScreenshotWidth } from './support/shell'
import { signIn, submitLogin } from './support/sign-in'
import { PhoneAuthenticator } from './support/totp'
import { registerMfaUser, registerUser } from './support/users'
import { PHONE_ONLY } from './support/projects'

const INVALID_CODE = 'Invalid code provided. Please double check your authenticator app.'
const NEW_PASSWORD = 'Amber-Otter-Quilt-93'

// Logging out revokes a user's sessions on every device, so shared demo users are never logged
// out here: each role gets its own test (and browser context).
test(
  'the owner sees the Your Account card, side card and read-only details',
  PHONE_ONLY,
  async ({ page }) => {
    await signIn(page, DEMO_EMAILS.owner, { account: 'City Cabs', to: '/user/edit' })
    const account = page.getByRole('region', { name: 'Your Account' })
    await expect(account.getByText('City Cabs (City Cabs Ltd)')).toBeVisible()
    await expect(account.getByText('Standard (daily payouts)')).toBeVisible()
    await expect(account.getByText('Every working day, no minimum balance')).toBeVisible()
    await expect(account.getByRole('link', { name: 'Add a user to your account' })).toBeVisible()
    await expect(account.getByRole('link', { name: 'Update bank account' })).toBeVisible()
    await expect(account.getByRole('button', { name: 'Enable MFA' })).toBeVisible()
    // The account's top bar as on its other pages: its name, search and bell.
    const bar = page.getByRole('banner')
    await expect(bar.getByText('City Cabs', { exact: true })).toBeVisible()
    await expect(bar.getByRole('button', { name: 'Search' })).toBeVisible()
    await expect(bar.getByRole('button', { name: 'Notifications' })).toBeVisible()
    const side = page.getByRole('complementary', { name: 'Your profile' })
    await expect(side.getByRole('heading', { name: 'Olivia Owen' })).toBeVisible()
    for (const label of ['Joined', 'Updated', 'Credentials updated']) {
      await expect(side.getByText(label, { exact: true })).toBeVisible()
    }
    for (const [label, value] of [
      ['Email', DEMO_EMAILS.owner],
      ['First name', 'Olivia'],
      ['Last name', 'Owen'],
    ] as const) {
      const field = page.getByRole('textbox', { name: label, exact: true })
      await expect(field).toHaveValue(value)
      await expect(field).toBeDisabled()
    }
  },
)

test('a manager may add users but not update the bank account', PHONE_ONLY, async ({ page }) => {
  await signIn(page, DEMO_EMAILS.manager, { account: 'North Cars', to: '/user/edit' })
  await expect(page.getByText('Every Monday, minimum balance £50.00')).toBeVisible()
  await expect(page.getByRole('link', { name: 'Add a user to your account' })).toBeVisible()
  await expect(page.getByRole('link', { name: 'Update bank account' })).toHaveCount(0)
})

test('a viewer sees neither account link', PHONE_ONLY, async ({ page }) => {
  await signIn(page, DEMO_EMAILS.viewer, { account: 'City Cabs', to: '/user/edit' })
  await expect(page.getByRole('heading', { name: 'Your Account' })).toBeVisible()
  await expect(page.getByRole('link', { name: 'Add a user to your account' })).toHaveCount(0)
  await expect(page.getByRole('link', { name: 'Update bank account' })).toHaveCount(0)
})

test('profile screenshot and axe', async ({ page }, testInfo) => {
  await useScreenshotWidth(page)
  await signIn(page, DEMO_EMAILS.owner, { account: 'City Cabs', to: '/user/edit' })
  await expect(page.getByText('Standard (daily payouts)')).toBeVisible()
  await saveScreenshot(page, testInfo, 'profile')
  await expectNoSeriousA11yViolations(page)
  await page.getByRole('button', { name: 'Update password' }).click()
  await expect(page.getByRole('dialog', { name: 'Update password' })).toBeVisible()
  await expectNoSeriousA11yViolations(page)
})

async function openPasswordDialog(page: Page) {
  await page.goto('/user/edit')
  await page.getByRole('button', { name: 'Update password' }).click()
  const dialog = page.getByRole('dialog', { name: 'Update password' })
  await expect(dialog).toBeVisible()
  return dialog
}

test(
  'the password dialog judges the new password only once one is typed or sent',
  PHONE_ONLY,
  async ({ page }) => {
    await signIn(page, DEMO_EMAILS.owner, { account: 'City Cabs' })
    const dialog = await openPasswordDialog(page)
    // Nothing typed: no verdict yet, and the button is the action.
    await expect(dialog.getByText(/Strength:/)).toHaveCount(0)
    await expect(dialog.getByText('Unable to Reset')).toHaveCount(0)
    const update = dialog.getByRole('button', { name: 'Update password' })
    await expect(update).toBeEnabled()
    // Sending it empty says what is wrong (docs/validation.md#profile), on the fields; nothing reaches the server.
    await update.click()
    await expect(dialog.getByText('Current password is required')).toBeVisible()
    await expect(dialog.getByText('Unable to Reset')).toBeVisible()
    await expect(dialog.getByLabel('Current password', { exact: true })).toBeFocused()
    // Typing shows the strength; a weak password turns the button into the verdict.
    await dialog.getByLabel('New password', { exact: true }).fill('taxi')
    await expect(dialog.getByText('Strength: Empty')).toBeVisible()
    await expect(dialog.getByRole('button', { name: 'Unable to Reset' })).toBeDisabled()
    await dialog.getByLabel('New password', { exact: true }).fill(NEW_PASSWORD)
    await expect(dialog.getByText(/Strength: (Good|Strong)/)).toBeVisible()
    await expect(update).toBeEnabled()
  },
)

async function fillPasswords(dialog: ReturnType<Page['getByRole']>, current: string, next: string) {
  await dialog.getByLabel('Current password', { exact: true }).fill(current)
  await dialog.getByLabel('New password', { exact: true }).fill(next)
  await dialog.getByLabel('Confirm new password', { exact: true }).fill(next)
}

test(
  'password change without MFA: rules, a server refusal, success and signing in again',
  PHONE_ONLY,
  async ({ page, request }) => {
    test.setTimeout(90_000)
    const user = await registerUser(request)
    await signIn(page, user.emailAddress, { password: user.password })
    await page.goto('/user/edit')
    await expect(
      page.getByRole('complementary', { name: 'Your profile' }).getByText('Never'),
    ).toBeVisible()
    const dialog = await openPasswordDialog(page)

    // Rules from the shared module (docs/validation.md#new-password): prohibited word forces score 0.
    await dialog.getByLabel('New password', { exact: true }).fill('Quiet-Taxi-Lanterns-77')
    await expect(dialog.getByText('Password contains words from prohibited list')).toBeVisible()
    await expect(dialog.getByRole('button', { name: 'Unable to Reset' })).toBeDisabled()

    // A strong-looking password that is on the breached list: docs/errors.md#password shows the server text as given.
    await fillPasswords(dialog, user.password, 'correcthorsebatterystaple')
    await dialog.getByRole('button', { name: 'Update password' }).click()
    await expect(dialog.getByRole('alert')).toHaveText(
      'Password appears in list of compromised passwords',
    )

    // Anything but the two texts (docs/errors.md#password): 'Error updating password' plus the server message.
    await fillPasswords(dialog, 'Wrong-Current-Password-1', NEW_PASSWORD)
    await dialog.getByRole('button', { name: 'Update password' }).click()
    await expect(dialog.getByRole('alert')).toContainText('Error updating password')
    await expect(dialog.getByRole('alert')).toContainText('Current password is incorrect')

    await dialog.getByLabel('Current password', { exact: true }).fill(user.password)
    await dialog.getByRole('button', { name: 'Update password' }).click()
    await expect(dialog.getByText('Password changed. Renewing your session…')).toBeVisible()
    await expect(page.getByText('Password updated')).toBeVisible({ timeout: 15_000 })
    await expect(dialog).toBeHidden()
    // The profile reloaded: credentials now have a date.
    await expect(
      page.getByRole('complementary', { name: 'Your profile' }).getByText('Never'),
    ).toHaveCount(0)

    await logOutFromSettings(page)
    await signIn(page, user.emailAddress, { password: NEW_PASSWORD })
  },
)

test(
  'the server sends the two password messages the screen shows as given',
  PHONE_ONLY,
  async ({ page, request }) => {
    const user = await registerUser(request)
    await signIn(page, user.emailAddress, { password: user.password })
    const me = (await (await page.request.get('/v1/users/current')).json()) as { id: string }
    for (const [newPassword, message] of [
      ['Password123!', 'Password appears in list of compromised passwords'],
      ['Quiet-Taxi-Lanterns-77', 'Invalid format: Password contains words from prohibited list'],
    ]) {
      const res = await page.request.put(`/v1/users/${me.id}/password`, {
        headers: { 'X-Requested-With': 'portal' },
        data: { currentPassword: user.password, newPassword },
      })
      expect(res.status()).toBe(400)
      expect(((await res.json()) as { message: string }).message).toBe(message)
    }
  },
)

test('password change with MFA needs the code', PHONE_ONLY, async ({ page, request }) => {
  test.setTimeout(150_000)
  // The helper confirmed the enrolment with the authenticator's first code; a code works once.
  const user = await registerMfaUser(request)
  await submitLogin(page, user.emailAddress, user.password)
  await page
    .getByRole('textbox', { name: 'Authentication code' })
    .fill(await user.authenticator.code())
  await page.getByRole('button', { name: 'Verify' }).click()
  await expect(page).toHaveURL(/\/select-account/)

  const dialog = await openPasswordDialog(page)
  await fillPasswords(dialog, user.password, NEW_PASSWORD)
  const code = dialog.getByRole('textbox', { name: 'Authenticator code' })
  await code.fill('12')
  await dialog.getByRole('button', { name: 'Update password' }).click()
  await expect(dialog.getByText(INVALID_CODE)).toBeVisible()
  await code.fill('000000')
  await dialog.getByRole('button', { name: 'Update password' }).click()
  await expect(dialog.getByRole('alert')).toContainText('Error updating password')
  await code.fill(await user.authenticator.code())
  await dialog.getByRole('button', { name: 'Update password' }).click()
  await expect(page.getByText('Password updated')).toBeVisible({ timeout: 15_000 })
})

test(
  'the MFA round trip: enrol, confirm, sign in with a code, disable with the recovery code',
  PHONE_ONLY,
  async ({ page, request }) => {
    test.setTimeout(150_000)
    const user = await registerUser(request)
    await signIn(page, user.emailAddress, { password: user.password })
    await page.goto('/user/edit')
    await page.getByRole('button', { name: 'Enable MFA' }).click()
    const enrol = page.getByRole('dialog', { name: 'Set up multi-factor authentication' })
    await expect(
      enrol.getByRole('img', { name: 'QR code for your authenticator app' }),
    ).toBeVisible()
    const secret = (await enrol.locator('.secret-value__value').innerText()).trim()
    expect(secret).toMatch(/^[A-Z2-7]{16,}$/)
    const authenticator = new PhoneAuthenticator(secret)
    await expect(enrol.getByRole('button', { name: 'Copy secret key' })).toBeVisible()
    const codeField = enrol.getByRole('textbox', { name: 'Authentication code' })
    await codeField.fill('12a456')
    await enrol.getByRole('button', { name: 'Confirm' }).click()
    await expect(enrol.getByText(INVALID_CODE)).toBeVisible()
    await codeField.fill(await authenticator.code())
    await enrol.getByRole('button', { name: 'Confirm' }).click()

    const recovery = page.getByRole('dialog', { name: 'Save your recovery code' })
    await expect(recovery).toBeVisible()
    const recoveryCode = (await recovery.locator('.secret-value__value').innerText()).trim()
    expect(recoveryCode).toHaveLength(24)
    const close = recovery.getByRole('button', { name: 'Close' })
    await expect(close).toBeDisabled()
    await page.keyboard.press('Escape')
    await expect(recovery).toBeVisible()
    await recovery.getByRole('textbox').fill('confirm')
    await expect(close).toBeDisabled()
    await recovery.getByRole('textbox').fill('Confirm')
    await close.click()
    await expect(recovery).toBeHidden()
    await expect(page.getByRole('button', { name: 'Disable MFA' })).toBeVisible()

    await logOutFromSettings(page)
    await submitLogin(page, user.emailAddress, user.password)
    await page
      .getByRole('textbox', { name: 'Authentication code' })
      .fill(await authenticator.code())
    await page.getByRole('button', { name: 'Verify' }).click()
    await expect(page).toHaveURL(/\/select-account/)

    await page.goto('/user/edit')
    await page.getByRole('button', { name: 'Disable MFA' }).click()
    const disable = page.getByRole('dialog', { name: 'Turn off multi-factor authentication' })
    const field = disable.getByRole('textbox', { name: 'Authentication or recovery code' })
    await field.fill('1234567')
    await disable.getByRole('button', { name: 'Disable MFA' }).click()
    await expect(disable.getByText(INVALID_CODE)).toBeVisible()
    await field.fill(recoveryCode)
    await disable.getByRole('button', { name: 'Disable MFA' }).click()
    await expect(page.getByText('MFA Successfully disabled')).toBeVisible()
    await expect(page.getByRole('button', { name: 'Enable MFA' })).toBeVisible()
  },
)
