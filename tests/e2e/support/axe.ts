import AxeBuilder from '@axe-core/playwright'
import { expect, type Page } from '@playwright/test'

// The rules whose outcome depends on the colours alone: all a second colour scheme can change.
export const COLOUR_RULES = ['color-contrast', 'link-in-text-block']

/**
 * No serious or critical WCAG A/AA violations on the page as it is now; with `rules`, only those
 * (a page already checked whole, seen again in its other colour scheme).
 */
export async function expectNoSeriousA11yViolations(
  page: Page,
  rules?: readonly string[],
): Promise<void> {
  // Only the violations are read: axe skips building its passes and incomplete lists (a third of
  // its time on a full page).
  const builder = new AxeBuilder({ page }).options({ resultTypes: ['violations'] })
  const results = await (
    rules
      ? builder.withRules([...rules])
      : builder.withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'])
  ).analyze()
  const serious = results.violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map((v) => `${v.id}: ${v.help} (${v.nodes.map((n) => n.target.join(' ')).join(', ')})`)
  expect(serious, serious.join('\n')).toEqual([])
}
