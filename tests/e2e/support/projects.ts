import path from 'node:path'
import type { TestInfo } from '@playwright/test'

/**
 * Which project runs a test. A test whose screen does not change with the width (a flow, a rule,
 * a data check) runs once, in the phone project: the drivers' device. The tablet project runs the
 * tests that look at the layout: screenshots, cards against tables, the drawer against the
 * sidebar. playwright.config.ts also names the spec files that run on the phone only.
 */
export const PHONE_ONLY = { tag: '@phone-only' } as const

/**
 * A test about the tablet's layout alone (a width the phone never has). Tagging it, rather than
 * skipping inside the test, spares the other project the test's page and its hooks.
 */
export const TABLET_ONLY = { tag: '@tablet-only' } as const

/** Spec files (by name, without .spec.ts) that run in the phone project only. */
export const PHONE_ONLY_SPECS = [
  'auth-logout',
  'auth-password-reset',
  'auth-register',
  'auth-session',
  'auth-sign-in',
  'error-reporting',
  'foundation',
  'loading-policy',
  'offline-outbox',
  'payment-links-offline',
]

/**
 * Whether this run of a test is the one that does its width-independent checks (a colour scheme's
 * contrast): the tablet's run, or the phone's when the tablet project does not run the test.
 */
export function doesWidthFreeChecks(testInfo: TestInfo): boolean {
  if (testInfo.project.name === 'tablet') return true
  const file = path.basename(testInfo.file, '.spec.ts')
  return testInfo.tags.includes(PHONE_ONLY.tag) || PHONE_ONLY_SPECS.includes(file)
}
