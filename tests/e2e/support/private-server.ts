import { spawn, type ChildProcess } from 'node:child_process'
import { cpSync, existsSync, mkdirSync, mkdtempSync, renameSync, rmSync } from 'node:fs'
import { createServer } from 'node:net'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { makeOnce } from '../../../server/lib/make-once'
import { E2E_DIST_DIR, e2eBuild } from '../../support/portal-build'
import { serverBundle } from '../../support/server-bundle'

export interface PrivateServer {
  baseURL: string
  stop(): Promise<void>
}

export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer()
    server.once('error', reject)
    server.listen(0, '127.0.0.1', () => {
      const address = server.address()
      server.close(() =>
        typeof address === 'object' && address
          ? resolve(address.port)
          : reject(new Error('no port')),
      )
    })
  })
}

async function waitUntilUp(url: string, child: ChildProcess, timeoutMs: number): Promise<void> {
  const deadline = Date.now() + timeoutMs
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`sandbox exited with ${child.exitCode}`)
    try {
      if ((await fetch(url)).ok) return
    } catch {
      // Not listening yet.
    }
    await new Promise((done) => setTimeout(done, 250))
  }
  throw new Error(`sandbox at ${url} did not start within ${timeoutMs} ms`)
}

// Ends a sandbox started by a test (a clean stop: its database closes) and removes its database.
export async function stopServer(child: ChildProcess, dataDir: string | null): Promise<void> {
  if (child.exitCode === null) {
    const exited = new Promise((done) => child.once('exit', done))
    child.kill('SIGTERM')
    await exited
  }
  if (dataDir) rmSync(dataDir, { recursive: true, force: true })
}

export interface SandboxProcess {
  baseURL: string
  child: ChildProcess
}

/**
 * Starts `server/main.ts` (bundled: tests/support/server-bundle.ts) on 127.0.0.1 over the given data directory and waits until `readyPath`
 * answers.
 */
export async function spawnSandbox(opts: {
  dataDir: string
  env?: Record<string, string>
  readyPath?: string
  // Its own process group, for killSandbox.
  processGroup?: boolean
  // Keep one address across restarts; default a free port.
  port?: number
  // Flags for node itself (--expose-gc).
  nodeArgs?: string[]
}): Promise<SandboxProcess> {
  const port = opts.port ?? (await freePort())
  const child = spawn(process.execPath, [...(opts.nodeArgs ?? []), await serverBundle()], {
    env: {
      ...process.env,
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: opts.dataDir,
      DIST_DIR: E2E_DIST_DIR,
      SEED_SALES: '50',
      SANDBOX_CONTROLS: '1',
      NODE_ENV: 'test',
      ...opts.env,
    },
    stdio: ['ignore', 'ignore', 'pipe'],
    detached: opts.processGroup ?? false,
  })
  let stderr = ''
  child.stderr?.on('data', (chunk: Buffer) => (stderr = (stderr + chunk.toString()).slice(-4000)))
  const baseURL = `http://127.0.0.1:${port}`
  try {
    await waitUntilUp(`${baseURL}${opts.readyPath ?? '/login'}`, child, 120_000)
  } catch (error) {
    child.kill('SIGTERM')
    throw new Error(`${String(error)}\n${stderr}`, { cause: error })
  }
  return { baseURL, child }
}

// SIGKILL of the sandbox's whole process group, as a crash or `kill -9` would do it.
export async function killSandbox(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return
  const exited = new Promise((done) => child.once('exit', done))
  try {
    if (child.pid) process.kill(-child.pid, 'SIGKILL')
  } catch {
    // Already gone.
  }
  await exited
}

/**
 * A seeded data directory of `sales` sales, kept for the rest of the test run beside the run's own
 * database (E2E_DATA_DIR, which playwright.config.ts makes and the global teardown removes): made
 * once by a server of its own, stopped cleanly, then copied by every private server of that size.
 * A fresh seed costs a server start about 8 s of CPU more than a copy (11 s against 3 s here).
 * Outside a Playwright run there is no template and each server seeds its own.
 */
async function seededTemplate(sales: number): Promise<string | null> {
  const runDir = process.env.E2E_DATA_DIR
  if (!runDir) return null
  const root = `${runDir}-templates`
  const template = join(root, `sales-${sales}`)
  mkdirSync(root, { recursive: true })
  // One worker seeds it; the other waits for it rather than seeding its own meanwhile.
  await makeOnce(
    `${template}.lock`,
    () => existsSync(join(template, 'PG_VERSION')),
    async () => {
      const building = `${template}.building`
      rmSync(building, { recursive: true, force: true })
      mkdirSync(building)
      const { child } = await spawnSandbox({
        dataDir: building,
        env: { SEED_SALES: String(sales) },
      })
      await stopServer(child, null)
      renameSync(building, template)
    },
    { pollMs: 250 },
  )
  return template
}

/**
 * A sandbox of one's own: for tests that move the clock far (session expiry), since the shared
 * server's clock is every other test's clock too, or that log a user out everywhere. It serves
 * the shared dist-e2e (tests/support/portal-build.ts) unless given another build, over a copy of
 * the run's seeded template of its size.
 */
export async function startPrivateServer({
  distDir,
  sales = 100,
}: { distDir?: string; sales?: number } = {}): Promise<PrivateServer> {
  const dist = distDir ?? (await e2eBuild())
  const dataDir = mkdtempSync(join(tmpdir(), 'portal-e2e-private-'))
  const template = await seededTemplate(sales)
  if (template) cpSync(template, dataDir, { recursive: true })
  const { baseURL, child } = await spawnSandbox({
    dataDir,
    env: { DIST_DIR: dist, SEED_SALES: String(sales) },
  })
  return {
    baseURL,
    stop: () => stopServer(child, dataDir),
  }
}
