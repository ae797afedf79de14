// Several sandbox servers on one PostgreSQL behind HAProxy, on loopback, started and stopped by the
// test or bench that needs them: the deployment of deploy/haproxy.cfg with this run's ports.
import { spawn, type ChildProcess } from 'node:child_process'
import { randomBytes } from 'node:crypto'
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { freePort, killSandbox, spawnSandbox } from '../e2e/support/private-server'
import { startPostgres, type Postgres } from './postgres'

export interface ClusterServer {
  port: number
  url: string
  child: ChildProcess
}

export interface RestartTimes {
  exitCode: number | null
  // SIGTERM → exit; exit → ready; ready → back in the balancer's rotation.
  drainMs: number
  startMs: number
  rejoinMs: number
}

export interface Cluster {
  // The balancer: what clients use, and the servers' PUBLIC_URL.
  url: string
  // The servers' SANDBOX_TOKEN: a proxied server's /sandbox controls need it as a bearer token.
  sandboxToken: string
  postgres: Postgres
  servers: ClusterServer[]
  // SIGKILL of server i (a crash), then the same server started again on its port.
  crash(i: number): Promise<void>
  // SIGTERM of server i (a deploy): it drains and exits; then it is started again on its port.
  restart(i: number): Promise<RestartTimes>
  // The resident memory of server i's process, in bytes.
  memory(i: number): number
  // Servers that exited when nobody stopped them (a crash the balancer would hide), as 'port:code'.
  unexpectedExits: string[]
  // Server i's JavaScript heap in use after a full garbage collection, in bytes.
  heapAfterGc(i: number): Promise<number>
  stop(): Promise<void>
}

export const HAPROXY_CONFIG = path.resolve('deploy/haproxy.cfg')

// deploy/haproxy.cfg with this run's ports in place of 8080 and 3001-3003.
export function haproxyConfig(frontendPort: number, serverPorts: number[]): string {
  let server = 0
  return readFileSync(HAPROXY_CONFIG, 'utf8')
    .replace(/bind 127\.0\.0\.1:\d+/, `bind 127.0.0.1:${frontendPort}`)
    .replace(/(server s\d+ 127\.0\.0\.1:)\d+/g, (_, head: string) => {
      const port = serverPorts[server++]
      if (port === undefined) throw new Error('deploy/haproxy.cfg names more servers than started')
      return `${head}${port}`
    })
}

async function waitFor(check: () => Promise<boolean>, what: string, timeoutMs = 60_000) {
  const deadline = Date.now() + timeoutMs
  while (Date.now() < deadline) {
    if (await check().catch(() => false)) return
    await new Promise((done) => setTimeout(done, 100))
  }
  throw new Error(`${what} did not happen within ${timeoutMs} ms`)
}

function rss(pid: number | undefined): number {
  if (!pid) return 0
  const status = readFileSync(`/proc/${pid}/status`, 'utf8')
  const kb = /VmRSS:\s+(\d+) kB/.exec(status)?.[1]
  return Number(kb ?? 0) * 1024
}

export async function startCluster(opts: {
  size?: number
  env?: Record<string, string>
  distDir: string
}): Promise<Cluster> {
  const size = opts.size ?? 3
  const postgres = await startPostgres('cluster')
  const dataDir = mkdtempSync(path.join(tmpdir(), 'cluster-unused-data-'))
  const frontend = await freePort()
  const url = `http://127.0.0.1:${frontend}`
  const sandboxToken = `cluster-${randomBytes(12).toString('hex')}`
  // A proxied server does not start without PUBLIC_URL, and keeps its controls behind a token.
  const env = {
    DATABASE_URL: postgres.url,
    DIST_DIR: opts.distDir,
    TRUST_PROXY: '1',
    PUBLIC_URL: url,
    SANDBOX_TOKEN: sandboxToken,
    SEED_SALES: '2000',
    ...opts.env,
  }
  const ports = await Promise.all(Array.from({ length: size }, () => freePort()))
  const unexpectedExits: string[] = []
  const stopping = new Set<ChildProcess>()
  const start = async (port: number): Promise<ClusterServer> => {
    const { child, baseURL } = await spawnSandbox({
      dataDir,
      env,
      port,
      readyPath: '/readyz',
      processGroup: true,
      nodeArgs: ['--expose-gc'],
    })
    child.once('exit', (code, signal) => {
      if (!stopping.has(child)) unexpectedExits.push(`${port}:${code ?? signal}`)
    })
    return { port, url: baseURL, child }
  }
  const servers: ClusterServer[] = []
  let haproxy: ChildProcess | null = null
  const configDir = mkdtempSync(path.join(tmpdir(), 'cluster-haproxy-'))
  const stop = async () => {
    haproxy?.kill('SIGKILL')
    for (const s of servers) stopping.add(s.child)
    await Promise.all(servers.map((s) => killSandbox(s.child)))
    await postgres.stop()
    rmSync(dataDir, { recursive: true, force: true })
    rmSync(configDir, { recursive: true, force: true })
  }
  try {
    // All at once, as a deployment starts them: one migrates and seeds, the others wait for it.
    servers.push(...(await Promise.all(ports.map(start))))
    const config = path.join(configDir, 'haproxy.cfg')
    writeFileSync(config, haproxyConfig(frontend, ports))
    const proxy = spawn('haproxy', ['-db', '-f', config], { stdio: ['ignore', 'ignore', 'pipe'] })
    haproxy = proxy
    let proxyLog = ''
    proxy.stderr?.on('data', (chunk: Buffer) => (proxyLog = (proxyLog + chunk).slice(-4000)))
    const proxyFailed = new Promise<never>((_, reject) => {
      proxy.once('error', (error) =>
        reject(
          new Error(
            `HAProxy could not start (${error.message}). Install it: apt-get install -y haproxy`,
          ),
        ),
      )
      proxy.once('exit', (code) => reject(new Error(`HAProxy exited (${code}): ${proxyLog}`)))
    })
    proxyFailed.catch(() => undefined)
    await Promise.race([
      proxyFailed,
      waitFor(async () => (await fetch(`${url}/readyz`)).ok, 'HAProxy serving /readyz'),
    ])
    return {
      url,
      sandboxToken,
      postgres,
      servers,
      unexpectedExits,
      async crash(i) {
        stopping.add(servers[i]!.child)
        await killSandbox(servers[i]!.child)
        servers[i] = await start(servers[i]!.port)
      },
      async restart(i) {
        const { child } = servers[i]!
        stopping.add(child)
        const began = performance.now()
        const exited = new Promise<number | null>((done) => child.once('exit', done))
        process.kill(child.pid!, 'SIGTERM')
        const exitCode = await exited
        const drainMs = performance.now() - began
        servers[i] = await start(servers[i]!.port)
        const startMs = performance.now() - began - drainMs
        // Back in the balancer's rotation (its checks: rise 2 × inter 1 s) before the next goes.
        const name = `s${i + 1}`
        await waitFor(async () => {
          const res = await fetch(`${url}/healthz`)
          return res.headers.get('X-Served-By') === name
        }, `${name} back in HAProxy's rotation`)
        return {
          exitCode,
          drainMs,
          startMs,
          rejoinMs: performance.now() - began - drainMs - startMs,
        }
      },
      memory: (i) => rss(servers[i]!.child.pid),
      heapAfterGc: async (i) => {
        const res = await fetch(`${servers[i]!.url}/sandbox/memory`, {
          headers: { Authorization: `Bearer ${sandboxToken}` },
        })
        return ((await res.json()) as { heapUsed: number }).heapUsed
      },
      stop,
    }
  } catch (error) {
    await stop()
    throw error
  }
}
