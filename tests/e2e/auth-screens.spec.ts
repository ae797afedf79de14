import { expect, test, type Page } from '@playwright/test'
import { expectNoSeriousA11yViolations } from './support/axe'
import { DEMO_EMAILS, DEMO_PASSWORD } from './support/demo'
import { PHONE_ONLY, TABLET_ONLY } from './support/projects'
import { signIn, submitLogin } from './support/sign-in'

// The public screens at a 360 px phone and a tablet: no serious a11y issues, no sideways scroll.
// Each size runs in its own project only: the phone at 360 px, the tablet at 1024 px.
const SIZES = [
  { name: 'phone-360', only: PHONE_ONLY, width: 360, height: 780 },
  { name: 'tablet-1024', only: TABLET_ONLY, width: 1024, height: 1366 },
] as const

const SCREENS: Array<{ name: string; open: (page: Page) => Promise<void> }> = [
  {
    name: 'login',
    open: async (page) => {
      await page.goto('/login')
      await expect(page.getByRole('heading', { name: 'Log in' })).toBeVisible()
    },
  },
  {
    name: 'login-code',
    open: async (page) => {
      await submitLogin(page, DEMO_EMAILS.mfa, DEMO_PASSWORD)
      await expect(page.getByRole('heading', { name: 'Two-factor authentication' })).toBeVisible()
      await page.getByText('Lost access to your device?').click()
    },
  },
  {
    name: 'register',
    open: async (page) => {
      await page.goto('/register')
      await page.getByRole('button', { name: 'Create account' }).click()
      await expect(page.getByText('Email is required')).toBeVisible()
    },
  },
  {
    name: 'forgot-password',
    open: async (page) => {
      await page.goto('/forgot-password?emailAddress=owner%40example.com')
      await expect(page.getByRole('textbox', { name: 'Email' })).toHaveValue(DEMO_EMAILS.owner)
    },
  },
  {
    name: 'reset-password',
    open: async (page) => {
      await page.goto('/reset-password?ticketId=prt_1&token=t&emailAddress=owner%40example.com')
      await page.getByLabel('New password', { exact: true }).fill('taxi')
      await expect(page.getByText('Password contains words from prohibited list')).toBeVisible()
    },
  },
  {
    name: 'reset-password-missing-ticket',
    open: async (page) => {
      await page.goto('/reset-password')
      await expect(page.getByText(/Unable to validate password reset ticket/)).toBeVisible()
    },
  },
  {
    name: 'select-account',
    open: async (page) => {
      await signIn(page, DEMO_EMAILS.owner)
      await expect(page.getByRole('button', { name: 'City Cabs' })).toBeVisible()
    },
  },
]

for (const size of SIZES) {
  for (const screen of SCREENS) {
    test(
      `${screen.name} at ${size.width}×${size.height}`,
      size.only,
      async ({ page }, testInfo) => {
        await page.setViewportSize({ width: size.width, height: size.height })
        await screen.open(page)
        const overflow = await page.evaluate(
          () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
        )
        expect(overflow).toBeLessThanOrEqual(0)
        await expectNoSeriousA11yViolations(page)
        await page.screenshot({
          path: `.tmp/screenshots/${testInfo.project.name}/${screen.name}-${size.name}.png`,
          fullPage: true,
        })
      },
    )
  }
}

// Like the shell's, the sign-in screens' support links open another tab and leave the form as it is.
test('support links open in a new tab without an opener', PHONE_ONLY, async ({ page }) => {
  await page
    .context()
    .route(/^https:\/\/(support|www)\.fleetpay\.example\//, (route) =>
      route.fulfill({ contentType: 'text/html', body: '<title>Help centre</title>' }),
    )
  await page.goto('/login')
  for (const name of ['Support', 'Terms', 'Privacy']) {
    await expect(page.getByRole('link', { name, exact: true })).toHaveAttribute('target', '_blank')
    await expect(page.getByRole('link', { name, exact: true })).toHaveAttribute(
      'rel',
      'noopener noreferrer',
    )
  }
  await page.getByRole('textbox', { name: 'Email' }).fill(DEMO_EMAILS.mfa)
  const [tab] = await Promise.all([
    page.waitForEvent('popup'),
    page.getByRole('link', { name: 'Support', exact: true }).click(),
  ])
  await expect(tab).toHaveTitle('Help centre')
  expect(await tab.evaluate(() => window.opener)).toBeNull()
  await tab.close()
  await expect(page.getByRole('textbox', { name: 'Email' })).toHaveValue(DEMO_EMAILS.mfa)

  await page.getByLabel('Password', { exact: true }).fill(DEMO_PASSWORD)
  await page.getByRole('button', { name: 'Log in' }).click()
  await page.getByText('Lost access to your device?').click()
  const contact = page.getByRole('link', { name: 'Contact support' })
  await expect(contact).toHaveAttribute('target', '_blank')
  await expect(contact).toHaveAttribute('rel', 'noopener noreferrer')
})
