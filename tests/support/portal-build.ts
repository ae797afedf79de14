// The one portal build every test shares, and the one the benches share.
import { cpSync, mkdtempSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { buildIfStale } from '../../server/portal-build'

/**
 * dist-e2e: built once (by the first of Playwright's web server, tests/build/pwa-build.test.ts or a
 * private server) and reused by every test while no source is newer. Its error reporting points
 * at the sandbox ingest (tests/e2e/error-reporting.spec.ts).
 */
// E2E_DIST_DIR lets two checkouts' runs on one machine keep builds of their own.
export const E2E_DIST_DIR = process.env.E2E_DIST_DIR?.trim() || 'dist-e2e'
export const E2E_BUILD_ENV = {
  VITE_SENTRY_DSN: 'https://e2e@errors.invalid/1',
  VITE_SENTRY_TUNNEL: '/sandbox/errors',
}

/** The shared e2e build, built first if stale; returns its absolute path. */
export async function e2eBuild(): Promise<string> {
  await buildIfStale(E2E_DIST_DIR, { env: E2E_BUILD_ENV })
  return path.resolve(E2E_DIST_DIR)
}

/**
 * A private copy of the e2e build in a temp folder (the caller removes it), for a test whose
 * service worker must not see dist-e2e change under it, or that builds a new version over it.
 */
export async function copyOfE2eBuild(prefix: string): Promise<string> {
  const source = await e2eBuild()
  const copy = mkdtempSync(path.join(tmpdir(), prefix))
  cpSync(source, copy, { recursive: true })
  return copy
}

/**
 * dist-bench: the portal as shipped (no error-reporting DSN, whose SDK would load on /login and
 * count in its bundle and Lighthouse score), built once and reused by every bench while fresh.
 */
export async function benchBuild(): Promise<string> {
  await buildIfStale('dist-bench')
  return path.resolve('dist-bench')
}
