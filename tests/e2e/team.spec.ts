import { expect, test, type Page } from '@playwright/test'
import { DEMO_EMAILS } from './support/demo'
import { PHONE_ONLY } from './support/projects'
import { firstLink, waitForOutboxMessage } from './support/sandbox'
import { checkScreen, useScreenshotWidth } from './support/shell'
import { COLD_START_MS, signIn } from './support/sign-in'

// Green Line: its owner invites; the new person only ever joins this account.
const ACCOUNT = 'Green Line Cars'
const unique = () => `${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`

async function openTeam(page: Page) {
  await page.goto('/team')
  await expect(page.getByRole('heading', { name: 'Team', level: 1 })).toBeVisible()
}

const memberRow = (page: Page, name: string) =>
  page.getByRole('list', { name: 'Members' }).getByRole('listitem').filter({ hasText: name })

test('invite, accept as a new person, change the role, remove; the activity shows each step', async ({
  page,
  browser,
}, testInfo) => {
  test.slow()
  await useScreenshotWidth(page)
  await signIn(page, DEMO_EMAILS.owner, { account: ACCOUNT, to: '/team' })
  await openTeam(page)
  await checkScreen(page, testInfo, 'team')

  const email = `invitee-${unique()}@example.com`
  await page.getByRole('button', { name: 'Invite' }).click()
  const dialog = page.getByRole('dialog', { name: 'Invite someone' })
  await dialog.getByRole('textbox', { name: 'Email address' }).fill(email)
  await dialog.getByRole('combobox', { name: 'Role' }).selectOption('viewer')
  await dialog.getByRole('button', { name: 'Send invitation' }).click()
  await expect(dialog).toBeHidden()
  const invitation = page
    .getByRole('list', { name: 'Invitations' })
    .getByRole('listitem')
    .filter({ hasText: email })
  await expect(invitation.getByText('Pending')).toBeVisible()

  // The email in the sandbox outbox links to the portal's invitation page.
  const message = await waitForOutboxMessage(page.request, {
    recipient: email,
    kind: 'team_invitation',
  })
  const link = firstLink(message)
  expect(link.pathname).toMatch(/^\/invitations\/[A-Za-z0-9_-]{16,}$/)

  // A second browser: the invitee registers from the link and accepts.
  const invitee = await browser.newContext({ viewport: page.viewportSize() })
  const other = await invitee.newPage()
  await other.goto(link.pathname)
  await expect(other.getByText(`You are invited to join ${ACCOUNT} as Viewer.`)).toBeVisible({
    timeout: COLD_START_MS,
  })
  await checkScreen(other, testInfo, 'invitation')
  await other.getByRole('link', { name: 'Create an account' }).click()
  await other.getByRole('textbox', { name: 'Email' }).fill(email)
  await other.getByLabel('Password', { exact: true }).fill('Kestrel-Harbour-9431')
  await other.getByRole('textbox', { name: /First name/ }).fill('Ines')
  await other.getByRole('textbox', { name: /Last name/ }).fill('Vitor')
  await other.getByRole('button', { name: 'Create account' }).click()
  await expect(other).toHaveURL(new RegExp(link.pathname), { timeout: COLD_START_MS })
  await other.getByRole('button', { name: 'Accept' }).click()
  await expect(other.getByRole('button', { name: ACCOUNT, exact: true })).toBeVisible({
    timeout: COLD_START_MS,
  })
  await invitee.close()

  // The owner sees the new member, makes them a manager, then removes them.
  await page.reload()
  const row = memberRow(page, 'Ines Vitor')
  await expect(row).toBeVisible()
  await row.getByRole('combobox', { name: 'Role of Ines Vitor' }).selectOption('manager')
  await expect(row.getByRole('combobox', { name: 'Role of Ines Vitor' })).toHaveValue('manager')
  await row.getByRole('button', { name: 'Remove Ines Vitor' }).click()
  const confirm = page.getByRole('dialog', { name: 'Remove Ines Vitor?' })
  await confirm.getByRole('button', { name: 'Remove' }).click()
  await expect(memberRow(page, 'Ines Vitor')).toHaveCount(0)

  // The activity log shows each step with its actor.
  await page.goto('/team/activity')
  await expect(page.getByRole('heading', { name: 'Activity', level: 1 })).toBeVisible()
  const steps: [string, string][] = [
    ['Member invited', 'Olivia Owen'],
    ['Member joined', 'Ines Vitor'],
    ['Member role changed', 'Olivia Owen'],
    ['Member removed', 'Olivia Owen'],
  ]
  for (const [what, who] of steps) {
    const entry = page.getByText(what, { exact: true }).filter({ visible: true }).first()
    await expect(entry).toBeVisible()
    await expect(
      page.getByText(who, { exact: true }).filter({ visible: true }).first(),
    ).toBeVisible()
  }
  await expect(
    page.getByText('Role: Viewer → Manager').filter({ visible: true }).first(),
  ).toBeVisible()
  await checkScreen(page, testInfo, 'team-activity')
})

test('a viewer sees no team page', PHONE_ONLY, async ({ page }) => {
  await signIn(page, DEMO_EMAILS.viewer, { account: 'City Cabs', to: '/team' })
  await expect(page.getByText('Not permitted to view this data.')).toBeVisible({
    timeout: COLD_START_MS,
  })
})
