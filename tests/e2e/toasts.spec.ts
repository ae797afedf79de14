import { expect, test, type Locator, type Page } from '@playwright/test'
import { DEMO_EMAILS } from './support/demo'
import { isPhone } from './support/shell'
import { signIn } from './support/sign-in'

// Where notices appear (docs/screens.md#the-shell): the same place on every width, centred over the
// content just above its bottom edge (above the bottom bar on phones), and inside an open dialog,
// between its body and its buttons, never over them.

type Box = { x: number; y: number; width: number; height: number }

async function box(locator: Locator): Promise<Box> {
  const found = await locator.boundingBox()
  expect(found, 'element has a box').not.toBeNull()
  return found as Box
}

const overlaps = (a: Box, b: Box) =>
  a.x < b.x + b.width && b.x < a.x + a.width && a.y < b.y + b.height && b.y < a.y + a.height

// The one visible notice.
function notice(page: Page, text: string): Locator {
  return page.getByRole('region', { name: 'Notifications' }).getByText(text)
}

test.describe('notices', () => {
  test('on a page: centred over the content, just above its bottom edge', async ({ page }) => {
    await page.context().grantPermissions(['clipboard-read', 'clipboard-write'])
    await signIn(page, DEMO_EMAILS.owner, { account: 'City Cabs', to: '/scan-to-pay' })
    await expect(page.getByRole('heading', { name: 'Anytime Payments', level: 1 })).toBeVisible()

    await page.getByRole('button', { name: 'Copy the Scan to Pay link' }).click()
    const toast = notice(page, 'Copied to clipboard')
    await expect(toast).toBeVisible()
    const shown = await box(page.locator('.toast').filter({ hasText: 'Copied to clipboard' }))
    const content = await box(page.locator('main').first())
    const viewport = page.viewportSize()!

    // Centred over the content column (beside the sidebar on tablets), not in a corner.
    const contentCentre = content.x + content.width / 2
    expect(Math.abs(shown.x + shown.width / 2 - contentCentre)).toBeLessThanOrEqual(2)

    // Its bottom edge sits just above the bottom bar (phones) or the window's edge (tablets).
    let floor = viewport.height
    if (isPhone(page)) {
      const bar = await box(page.getByRole('navigation', { name: 'Quick navigation' }))
      floor = bar.y
    }
    const gap = floor - (shown.y + shown.height)
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
    await created.getByRole('button', { name: /^Copy/ }).click()

    // The notice is inside the dialog (the rest of the page is inert under a modal dialog).
    const toast = created
      .getByRole('region', { name: 'Notifications' })
      .getByText('Copied to clipboard')
    await expect(toast).toBeVisible()
    const shown = await box(created.locator('.toast'))
    const dialog = await box(created)
    expect(shown.y).toBeGreaterThanOrEqual(dialog.y)
    expect(shown.y + shown.height).toBeLessThanOrEqual(dialog.y + dialog.height)
    for (const button of await created.locator('.dialog__footer').getByRole('button').all()) {
      expect(overlaps(shown, await box(button)), 'the notice covers a dialog button').toBe(false)
    }
    // The buttons stay usable while the notice shows.
    await created.getByRole('button', { name: 'Done' }).click()
    await expect(created).toBeHidden()
  })
})
