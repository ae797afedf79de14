import { rmSync } from 'node:fs'

// The webServer is stopped by Playwright; its throwaway database goes with it, and so do the
// private servers' templates.
export default function globalTeardown() {
  const dir = process.env.E2E_DATA_DIR
  if (dir && dir.includes('portal-e2e-')) {
    rmSync(dir, { recursive: true, force: true })
    // The private servers' seeded templates (support/private-server.ts).
    rmSync(`${dir}-templates`, { recursive: true, force: true })
  }
}
