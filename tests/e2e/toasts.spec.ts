import { expect, test } from '@playwright/test'
import { DEMO_EMAILS } from './support/demo'
import { overlaps, whenNoticeShows } from './support/notices'
import { isPhone } from './support/shell'
import { signIn } from './support/sign-in'

// Where notices appear (docs/screens.md#the-shell): the same place on every width, centred over the
// content just above its bottom edge (above the bottom bar on phones), and inside an open dialog,
// between its body and its buttons, never over them.

test.describe('notices', () => {
  test('on a page: centred over the content, just above its bottom edge', async ({ page }) => {
    await page.context().grantPermissions(['clipboard-read', 'clipboard-write'])
    await signIn(page, DEMO_EMAILS.owner, { account: 'City Cabs', to: '/scan-to-pay' })
    await expect(page.getByRole('heading', { name: 'Anytime Payments', level: 1 })).toBeVisible()

    const seen = whenNoticeShows(page, 'Copied to clipboard')
    await page.getByRole('button', { name: 'Copy the Scan to Pay link' }).click()
    const { toast, inDialog, content, bottomBar, viewport } = await seen
    expect(inDialog).toBe(false)

    // Centred over the content column (beside the sidebar on tablets), not in a corner.
    const contentCentre = content.x + content.width / 2
    expect(Math.abs(toast.x + toast.width / 2 - contentCentre)).toBeLessThanOrEqual(2)

    // Its bottom edge sits just above the bottom bar (phones) or the window's edge (tablets).
    expect(bottomBar !== null).toBe(isPhone(page))
    const floor = bottomBar ? bottomBar.y : viewport.height
    const gap = floor - (toast.y + toast.height)
    expect(gap).toBeGreaterThanOrEqual(0)
    expect(gap).toBeLessThanOrEqual(48)
  })

  test('in a dialog: between its body and its buttons, never over them', async ({ page }) => {
    await page.context().grantPermissions(['clipboard-read', 'clipboard-write'])
    await signIn(page, DEMO_EMAILS.owner, { account: 'City Cabs', to: '/developer' })
    await expect(page.getByRole('heading', { name: 'Developer Tools', level: 1 })).toBeVisible()

    await page.getByRole('button', { name: 'Create API key' }).click()
    const create = page.getByRole('dialog', { name: 'Create API key' })
    await create.getByRole('textbox', { name: 'Name' }).fill(`Toast ${Date.now().toString(36)}`)
    await create.getByRole('button', { name: 'Read only' }).click()
    await create.getByRole('button', { name: 'Create', exact: true }).click()

    const created = page.getByRole('dialog', { name: 'API key created' })
    await expect(created.getByText('It will not be shown again.')).toBeVisible()
    const seen = whenNoticeShows(page, 'Copied to clipboard')
    await created.getByRole('button', { name: /^Copy/ }).click()
    const { toast, inDialog, dialog, dialogButtons } = await seen

    // Inside the dialog (the rest of the page is inert under a modal dialog), above its buttons.
    expect(inDialog).toBe(true)
    expect(toast.y).toBeGreaterThanOrEqual(dialog!.y)
    expect(toast.y + toast.height).toBeLessThanOrEqual(dialog!.y + dialog!.height)
    expect(dialogButtons.length).toBeGreaterThan(0)
    for (const button of dialogButtons) {
      expect(overlaps(toast, button), 'the notice covers a dialog button').toBe(false)
      expect(toast.y + toast.height).toBeLessThanOrEqual(button.y)
    }
    // The buttons stay usable while the notice shows.
    await created.getByRole('button', { name: 'Done' }).click()
    await expect(created).toBeHidden()
  })
})
