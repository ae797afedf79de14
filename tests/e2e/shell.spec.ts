import { expect, test } from '@playwright/test'
import { expectNoSeriousA11yViolations } from './support/axe'
import { DEMO_EMAILS } from './support/demo'
import { startPrivateServer } from './support/private-server'
import {
  isPhone,
  mainNavLabels,
  openMainNav,
  saveScreenshot,
  useScreenshotWidth,
} from './support/shell'
import { chooseAccount, signIn, submitLogin } from './support/sign-in'
import { PHONE_ONLY } from './support/projects'

const ALL = [
  'Dashboard',
  'Transactions',
  'Payment Links',
  'Scan to Pay',
  'Check a payment',
  'Payouts',
  'Terminals',
  'Tax year',
  'Support',
  'System Status',
  'Developer Tools',
  'Team',
]
const without = (...labels: string[]) => ALL.filter((label) => !labels.includes(label))

// Sidebar entries by role (docs/roles.md#sidebar), and the Scan to Pay whitelist (MetroPay operator + Riverside Cars).
const CASES = [
  { who: 'owner', email: DEMO_EMAILS.owner, account: 'City Cabs', expected: ALL },
  { who: 'manager', email: DEMO_EMAILS.manager, account: 'City Cabs', expected: ALL },
  {
    who: 'viewer',
    email: DEMO_EMAILS.viewer,
    account: 'City Cabs',
    expected: without('Tax year', 'Developer Tools', 'Team'),
  },
  {
    who: 'viewer on a whitelisted CabCard account',
    email: DEMO_EMAILS.viewer,
    account: 'Riverside Cars',
    expected: without('Tax year', 'Developer Tools', 'Team'),
  },
  {
    who: 'manager on a restricted CabCard account',
    email: DEMO_EMAILS.manager,
    account: 'North Cars',
    expected: without('Scan to Pay'),
  },
  {
    who: 'viewer on a restricted CabCard account',
    email: DEMO_EMAILS.viewer,
    account: 'Harbour Cars',
    // Harbour Cars is also payout-restricted (docs/roles.md#payouts): only its owner sees Payouts.
    expected: without('Scan to Pay', 'Payouts', 'Tax year', 'Developer Tools', 'Team'),
  },
]

for (const { who, email, account, expected } of CASES) {
  // The owner's sidebar on both projects; the role rules, which do not change with the width, once.
  const tags = who === 'owner' ? {} : PHONE_ONLY
  test(
    `the sidebar of the ${who} (${account}) shows exactly the allowed entries`,
    tags,
    async ({ page }) => {
      await signIn(page, email, { account })
      await expect(page.getByText(account, { exact: true }).first()).toBeVisible()
      expect(await mainNavLabels(page)).toEqual(expected)
    },
  )
}

test('the user menu, dropdowns and footer', async ({ page }) => {
  await signIn(page, DEMO_EMAILS.manager, { account: 'City Cabs' })
  // 'Mohammed Mansour' is 16 characters: cut at 15.
  const nav = await openMainNav(page)
  const scope = isPhone(page) ? page.getByRole('dialog', { name: 'Menu' }) : page
  void nav
  const userMenu = scope.getByRole('button', { name: 'User menu: Mohammed Mansou…' })
  await expect(userMenu).toContainText('Mohammed Mansou…')
  await userMenu.click()
  await expect(scope.getByRole('link', { name: 'Edit Profile' })).toBeVisible()
  await expect(scope.getByRole('link', { name: 'Switch account' })).toBeVisible()
  await expect(scope.getByRole('button', { name: 'Logout' })).toBeVisible()
  await scope.getByRole('link', { name: 'Edit Profile' }).click()
  await expect(page).toHaveURL(/\/user\/edit$/)
  await expect(page.getByRole('heading', { name: 'Edit Profile', level: 1 })).toBeVisible()

  // The bell's content is live (other specs' payments reach City Cabs): tests/e2e/bell.spec.ts reads it.
  const bell = page.getByRole('button', { name: /^Notifications/ })
  await expect(bell).not.toHaveAttribute('aria-disabled', 'true')
  await bell.click()
  await expect(page.getByRole('region', { name: 'Latest notifications' })).toBeVisible()
  await page.keyboard.press('Escape')
  await expect(page.getByRole('region', { name: 'Latest notifications' })).toBeHidden()

  await page.getByRole('button', { name: 'Settings' }).click()
  await expect(page.getByRole('link', { name: 'Switch account' })).toBeVisible()
  await page.getByRole('link', { name: 'Switch account' }).click()
  await expect(page).toHaveURL(/\/select-account/)
  await chooseAccount(page, 'Airport Express')

  const footer = page.getByRole('contentinfo')
  await expect(footer.getByText(/^Version \d+\.\d+\.\d+\+[0-9a-f]{7,}$/)).toBeVisible()
  await expect(footer.getByRole('link', { name: 'Help centre' })).toHaveAttribute(
    'href',
    /^https:\/\//,
  )
  await expect(footer.getByRole('link', { name: 'Contact support' })).toBeVisible()
  // Logging out from here is covered by auth-logout.spec.ts on its own sandbox: it would end the
  // shared demo user's sessions in every other test running now.
})

test('the open drawer on a phone and the tablet sidebar: screenshot and axe', async ({
  page,
}, testInfo) => {
  await useScreenshotWidth(page)
  await signIn(page, DEMO_EMAILS.owner, { account: 'City Cabs' })
  await openMainNav(page)
  await expect(page.getByRole('link', { name: 'Developer Tools' })).toBeVisible()
  await saveScreenshot(page, testInfo, isPhone(page) ? 'drawer' : 'sidebar')
  await expectNoSeriousA11yViolations(page)
  if (isPhone(page)) {
    await page.getByRole('button', { name: 'Close menu' }).click()
    await expect(page.getByRole('dialog', { name: 'Menu' })).toBeHidden()
  }
})

test.describe('system status', () => {
  // The status is global sandbox state: a private server keeps other tests undisturbed.
  test.describe.configure({ timeout: 180_000 })

  test(
    'the icon follows the status page, polls every 300000 ms, stops offline, and shows not checked when it fails',
    PHONE_ONLY,
    async ({ page, context }) => {
      const server = await startPrivateServer()
      try {
        const base = server.baseURL
        const setStatus = async (indicator: string) => {
          const res = await page.request.post(`${base}/sandbox/status`, { data: { indicator } })
          expect(res.ok(), await res.text()).toBe(true)
        }
        const statusRequests: string[] = []
        page.on('request', (request) => {
          if (request.url().includes('/sandbox/status/api/v2/status.json'))
            statusRequests.push(request.url())
        })
        await setStatus('minor')
        await page.clock.install()
        await page.goto(`${base}/login`)
        await submitLogin(page, DEMO_EMAILS.owner, 'Sandbox-Demo-2025!')
        await chooseAccount(page, 'City Cabs')
        const icon = page.getByRole('link', { name: /^System status: / })
        await expect(icon).toHaveAccessibleName('System status: Minor incident')

        const states = [
          ['major', 'Major incident'],
          ['critical', 'Major incident'],
          ['none', 'OK'],
        ] as const
        for (const [indicator, label] of states) {
          await setStatus(indicator)
          const before = statusRequests.length
          // Just short of the interval: no new check yet.
          await page.clock.fastForward(290_000)
          expect(statusRequests.length).toBe(before)
          await page.clock.fastForward(10_000)
          // Wait for the check itself: 'critical' reads as 'Major incident' too, like the state before.
          await expect.poll(() => statusRequests.length).toBe(before + 1)
          await expect(icon).toHaveAccessibleName(`System status: ${label}`)
        }

        // Offline: no polling at all.
        await context.setOffline(true)
        const offlineCount = statusRequests.length
        await page.clock.fastForward(300_000)
        await page.clock.fastForward(300_000)
        expect(statusRequests.length).toBe(offlineCount)
        await context.setOffline(false)

        // The status URL stops answering: not checked.
        await server.stop()
        await page.clock.fastForward(300_000)
        await expect(icon).toHaveAccessibleName('System status: Not checked')
      } finally {
        await server.stop()
      }
    },
  )
})
