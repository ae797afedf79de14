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
