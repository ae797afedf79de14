// Debian's Chromium with the flags this machine needs (no background networking on a closed network).
const args = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
]

/** The full browser: the benches (their figures stay comparable) and the PWA's install proof. */
export const chromiumLaunchOptions = {
  executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
  args,
}

/**
 * The browser tests: Chromium's headless shell (Debian's chromium-headless-shell, the same engine
 * without the browser's UI layer), as Playwright itself uses for headless runs. On two cores it
 * costs a suite about 30% less CPU than the full browser in headless mode.
 */
export const headlessShellLaunchOptions = {
  executablePath: process.env.CHROMIUM_HEADLESS_SHELL_PATH ?? '/usr/bin/chromium-headless-shell',
  args,
}
