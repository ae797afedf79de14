import { readFileSync } from 'node:fs'
import { createRequire } from 'node:module'
import { expect, type Page } from '@playwright/test'
import type { AxeResults, RunOptions } from 'axe-core'

// The rules whose outcome depends on the colours alone: all a second colour scheme can change.
export const COLOUR_RULES = ['color-contrast', 'link-in-text-block']

const WCAG_AA = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa']

// axe-core's own build, evaluated in the page once per document (the portal has no frames).
// @axe-core/playwright re-sent the half-megabyte source on every check and finished each run in
// a blank page of its own: 2.5 CPU-seconds a check on the dashboard, against 0.7 s run in place.
const AXE_SOURCE = readFileSync(
  createRequire(import.meta.url).resolve('axe-core/axe.min.js'),
  'utf8',
)

async function runAxe(page: Page, runOnly: RunOptions['runOnly']): Promise<AxeResults> {
  // Evaluated through the DevTools protocol, which the page's script policy does not govern.
  if (!(await page.evaluate(() => 'axe' in window))) await page.evaluate(AXE_SOURCE)
  return page.evaluate(
    // Only the violations are read: axe skips building its passes and incomplete lists (a third
    // of its time on a full page).
    (runOnly) =>
      (window as unknown as { axe: typeof import('axe-core') }).axe.run(document, {
        runOnly,
        resultTypes: ['violations'],
      }),
    runOnly,
  )
}

/**
 * No serious or critical WCAG A/AA violations on the page as it is now; with `rules`, only those
 * (a page already checked whole, seen again in its other colour scheme).
 */
export async function expectNoSeriousA11yViolations(
  page: Page,
  rules?: readonly string[],
): Promise<void> {
  const results = await runAxe(
    page,
    rules ? { type: 'rule', values: [...rules] } : { type: 'tag', values: WCAG_AA },
  )
  const serious = results.violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map((v) => `${v.id}: ${v.help} (${v.nodes.map((n) => n.target.join(' ')).join(', ')})`)
  expect(serious, serious.join('\n')).toEqual([])
}
