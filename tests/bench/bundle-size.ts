// Budget (issue "Foundation"): JS+CSS loaded by /login ≤ 160 KB gzip, and ≤ 2.5 × a bare React page.
import { mkdirSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { join, resolve } from 'node:path'
import { gzipSync } from 'node:zlib'
import react from '@vitejs/plugin-react'
import { chromium } from '@playwright/test'
import { build, preview } from 'vite'
import { chromiumLaunchOptions } from '../support/chromium'
import { benchBuild } from '../support/portal-build'

const gz = (buf: Buffer | Uint8Array) => gzipSync(buf, { level: 9 }).length

export interface BundleSizeResult {
  loginGzipBytes: number
  loginFiles: { url: string; gzipBytes: number }[]
  bareReactGzipBytes: number
  ratio: number
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
    const urls = new Set<string>()
    page.on('response', (res) => {
      const type = res.request().resourceType()
      if (type === 'script' || type === 'stylesheet') urls.add(res.url())
    })
    await page.goto(`http://127.0.0.1:${address.port}/login`, { waitUntil: 'networkidle' })
    await page.getByLabel('Email').waitFor()
    const files = [...urls].map((url) => {
      const path = new URL(url).pathname
      return { url: path, gzipBytes: gz(readFileSync(join(outDir, path))) }
    })
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
  const loginGzipBytes = loginFiles.reduce((sum, f) => sum + f.gzipBytes, 0)
  const bareReactGzipBytes = await measureBareReact(workDir)
  return {
    loginGzipBytes,
    loginFiles,
    bareReactGzipBytes,
    ratio: loginGzipBytes / bareReactGzipBytes,
  }
}
