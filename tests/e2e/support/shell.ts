import { mkdirSync } from 'node:fs'
import { expect, type Locator, type Page, type TestInfo } from '@playwright/test'
import { COLOUR_RULES, expectNoSeriousA11yViolations } from './axe'
import { doesWidthFreeChecks } from './projects'

// Below the shell's sidebar breakpoint (768 px) the navigation lives in a drawer.
export function isPhone(page: Page): boolean {
  return (page.viewportSize()?.width ?? 0) < 768
}

// The main navigation (docs/screens.md#the-shell): the sidebar on tablets, the drawer (opened from the bottom bar) on phones.
export async function openMainNav(page: Page): Promise<Locator> {
  if (isPhone(page)) {
    await page
      .getByRole('navigation', { name: 'Quick navigation' })
      .getByRole('button', { name: 'Menu' })
      .click()
    const drawer = page.getByRole('dialog', { name: 'Menu' })
    await expect(drawer).toBeVisible()
    return drawer.getByRole('navigation', { name: 'Main' })
  }
  return page.getByRole('navigation', { name: 'Main' })
}

export async function mainNavLabels(page: Page): Promise<string[]> {
  const nav = await openMainNav(page)
  return (await nav.getByRole('link').allInnerTexts()).map((text) => text.trim())
}

// Logs out from the top bar's settings dropdown.
export async function logOutFromSettings(page: Page): Promise<void> {
  await page.getByRole('button', { name: 'Settings' }).click()
  await page.getByRole('button', { name: 'Logout' }).click()
  await expect(page).toHaveURL(/\/login/)
}

// The phone screenshots are taken at 360 px, the narrowest width the portal supports.
export async function useScreenshotWidth(page: Page): Promise<void> {
  if (isPhone(page)) await page.setViewportSize({ width: 360, height: 780 })
}

/**
 * A picture of the page in .tmp/screens, and no sideways scrolling. `fullPage: false` keeps to the
 * viewport: for a modal dialog, which is all in it, where the full page's capture (the viewport
 * stretched to the page's height and back) has lost the dialog on a busy machine.
 */
export async function saveScreenshot(
  page: Page,
  testInfo: TestInfo,
  name: string,
  { fullPage = true }: { fullPage?: boolean } = {},
): Promise<void> {
  mkdirSync('.tmp/screens', { recursive: true })
  const width = page.viewportSize()?.width ?? 0
  await page.screenshot({ path: `.tmp/screens/${name}-${width}.png`, fullPage })
  // No sideways scrolling at this width.
  const overflow = await page.evaluate(
    () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
  )
  expect(overflow, `${name} scrolls sideways at ${width} px`).toBeLessThanOrEqual(0)
  void testInfo
}

const SCHEMES = ['light', 'dark'] as const

/**
 * A screen in light and dark: a screenshot of each and no serious axe violation in either. The
 * light scheme gets every rule at each width; dark, which changes colours and nothing else, gets
 * the colour rules once per test: at 1024 px, or at the phone's width when the test runs only there.
 */
export async function checkScreen(
  page: Page,
  testInfo: TestInfo,
  name: string,
  // The viewport only: what is open over the page (a menu), without the whole page under it.
  { fullPage = true }: { fullPage?: boolean } = {},
): Promise<void> {
  for (const colorScheme of SCHEMES) {
    await page.emulateMedia({ colorScheme })
    // The scheme change starts the controls' colour transitions: the picture waits for them to end
    // (finite ones only; a spinner never does), or buttons show halfway between the two schemes.
    await page.evaluate(async () => {
      // A hidden page (another tab opened after it) gets no animation frames: the wait below would
      // never end, so it ends here, with the reason.
      if (document.visibilityState === 'hidden') {
        throw new Error('checkScreen needs its page in front: call page.bringToFront() first')
      }
      await new Promise((done) => requestAnimationFrame(() => done(null)))
      const finite = document
        .getAnimations()
        .filter((animation) => Number.isFinite(animation.effect?.getComputedTiming().endTime))
      await Promise.all(finite.map((animation) => animation.finished.catch(() => null)))
    })
    await saveScreenshot(page, testInfo, `${name}-${colorScheme}`, { fullPage })
    // A full-page screenshot resizes the viewport and back; what reacts to sizes (a table's side
    // scroll, which makes it focusable) commits its state within two frames. axe reads it after.
    await page.evaluate(
      () =>
        new Promise((done) => requestAnimationFrame(() => requestAnimationFrame(() => done(null)))),
    )
    if (colorScheme === 'light') await expectNoSeriousA11yViolations(page)
    else if (doesWidthFreeChecks(testInfo)) await expectNoSeriousA11yViolations(page, COLOUR_RULES)
  }
  await page.emulateMedia({ colorScheme: 'light' })
}
