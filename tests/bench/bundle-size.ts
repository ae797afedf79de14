// Budget: JS+CSS that /login loads before its form renders ≤ 1.6 × a bare React page, and all it loads by network idle ≤ 140 KB gzip.
import { mkdirSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { join, resolve } from 'node:path'
import { gzipSync } from 'node:zlib'
import react from '@vitejs/plugin-react'
import { chromium } from '@playwright/test'
import { build, preview } from 'vite'
import { DEMO_EMAILS } from '../e2e/support/demo'
import { startSandboxWithDist } from '../e2e/support/pwa'
import { signIn } from '../e2e/support/sign-in'
import { chromiumLaunchOptions } from '../support/chromium'
import { heavyLibrariesIn } from '../support/heavy-libraries'
import { benchBuild } from '../support/portal-build'

// The sales list validates its API answers with arktype; the rest stay out of it.
const ALLOWED_ON_SALES = new Set(['arktype'])

const gz = (buf: Buffer | Uint8Array) => gzipSync(buf, { level: 9 }).length

export interface BundleSizeResult {
  loginGzipBytes: number
  // Every file /login loads; beforeForm: requested before the form was rendered (the budget).
  loginFiles: { url: string; gzipBytes: number; beforeForm: boolean }[]
  // Loaded after the first paint, not counted in loginGzipBytes.
  afterPaintGzipBytes: number
  bareReactGzipBytes: number
  ratio: number
  // Heavy libraries in what /login loads (all of it, after paint too) and in what the signed-in
  // sales list loads until its first row; both must be empty.
  heavyOnLogin: string[]
  heavyOnSales: string[]
}

// Every script the signed-in sales list loads until its rows show (no service worker: only what
// the page itself asks for), on a sandbox serving the bench build.
async function salesListScripts(outDir: string): Promise<string> {
  const server = await startSandboxWithDist(outDir, { sales: 300 })
  const browser = await chromium.launch(chromiumLaunchOptions)
  try {
    const context = await browser.newContext({ serviceWorkers: 'block', baseURL: server.baseURL })
    const page = await context.newPage()
    const scripts: Promise<string>[] = []
    page.on('response', (res) => {
      if (res.request().resourceType() === 'script') scripts.push(res.text().catch(() => ''))
    })
    await signIn(page, DEMO_EMAILS.owner, { account: 'City Cabs', to: '/transactions/sales' })
    await page.locator('main a[href*="/transactions/sales/sale_"]').first().waitFor()
    await page.waitForLoadState('networkidle')
    return (await Promise.all(scripts)).join('\n')
  } finally {
    await browser.close()
    await server.stop()
  }
}

async function measureLogin() {
  const outDir = await benchBuild()
  const server = await preview({
    logLevel: 'warn',
    build: { outDir },
    preview: { host: '127.0.0.1', port: 0, strictPort: false },
  })
  const address = server.httpServer.address()
  if (!address || typeof address === 'string') throw new Error('preview server has no port')
  const browser = await chromium.launch(chromiumLaunchOptions)
  try {
    // The service worker would fetch the whole precache; only what the page itself loads counts.
    const context = await browser.newContext({ serviceWorkers: 'block' })
    const page = await context.newPage()
    // When the sign-in form is first in the DOM: what was requested by then is its critical path;
    // what the app loads after its first paint (the offline cache, the service worker) is not.
    // A string, not a function: tsx would wrap a function's inner names in its own helpers.
    await page.addInitScript(`
      const observer = new MutationObserver(() => {
        if (!document.querySelector('input[type="email"]')) return
        window.__formAt = performance.now()
        observer.disconnect()
      })
      observer.observe(document, { childList: true, subtree: true })
    `)
    await page.goto(`http://127.0.0.1:${address.port}/login`, { waitUntil: 'networkidle' })
    await page.getByLabel('Email').waitFor()
    const entries = await page.evaluate(() => {
      const formAt = (window as unknown as { __formAt: number }).__formAt
      return performance
        .getEntriesByType('resource')
        .map((e) => ({ path: new URL(e.name).pathname, startTime: e.startTime }))
        .filter((e) => /\.(js|css)$/.test(e.path))
        .map((e) => ({ path: e.path, beforeForm: e.startTime <= formAt }))
    })
    const files = entries.map(({ path, beforeForm }) => ({
      url: path,
      gzipBytes: gz(readFileSync(join(outDir, path))),
      beforeForm,
    }))
    return files
  } finally {
    await browser.close()
    await new Promise<void>((done) => server.httpServer.close(() => done()))
  }
}

async function measureBareReact(workDir: string) {
  const root = join(workDir, 'bare-react')
  mkdirSync(root, { recursive: true })
  writeFileSync(
    join(root, 'index.html'),
    '<!doctype html><html><body><div id="root"></div><script type="module" src="./main.tsx"></script></body></html>',
  )
  writeFileSync(
    join(root, 'main.tsx'),
    "import { createRoot } from 'react-dom/client'\ncreateRoot(document.getElementById('root')!).render(<h1>Hello</h1>)\n",
  )
  const outDir = join(root, 'dist')
  await build({
    root,
    configFile: false,
    logLevel: 'warn',
    plugins: [react()],
    build: { outDir, emptyOutDir: true },
  })
  let total = 0
  const walk = (dir: string) => {
    for (const entry of readdirSync(dir, { withFileTypes: true })) {
      const path = join(dir, entry.name)
      if (entry.isDirectory()) walk(path)
      else if (/\.(js|css)$/.test(entry.name)) total += gz(readFileSync(path))
    }
  }
  walk(outDir)
  return total
}

export async function runBundleSizeBench(): Promise<BundleSizeResult> {
  const workDir = resolve('.tmp/bench/bundle')
  rmSync(workDir, { recursive: true, force: true })
  mkdirSync(workDir, { recursive: true })
  const loginFiles = await measureLogin()
  const sum = (files: typeof loginFiles) => files.reduce((total, f) => total + f.gzipBytes, 0)
  const loginGzipBytes = sum(loginFiles.filter((f) => f.beforeForm))
  const bareReactGzipBytes = await measureBareReact(workDir)
  const outDir = await benchBuild()
  const loginCode = loginFiles
    .filter((f) => f.url.endsWith('.js'))
    .map((f) => readFileSync(join(outDir, f.url), 'utf8'))
    .join('\n')
  return {
    heavyOnLogin: heavyLibrariesIn(loginCode),
    heavyOnSales: heavyLibrariesIn(await salesListScripts(outDir), ALLOWED_ON_SALES),
    loginGzipBytes,
    loginFiles,
    afterPaintGzipBytes: sum(loginFiles.filter((f) => !f.beforeForm)),
    bareReactGzipBytes,
    ratio: loginGzipBytes / bareReactGzipBytes,
  }
}
