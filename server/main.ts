import { spawn } from 'node:child_process'
import { existsSync, mkdirSync, readdirSync, rmSync, statSync } from 'node:fs'
import type { AddressInfo } from 'node:net'
import path from 'node:path'
import { serve } from '@hono/node-server'
import { createApp } from './app'
import { createClock } from './clock'
import { startBanner } from './banner'
import { ConfigError, listeningUrl, loadConfig } from './config'
import { migrate, openDatabase } from './db/client'
import { seedIfEmpty } from './seed/index'

// Sources whose change makes the built portal stale.
const BUILD_INPUTS = ['src', 'sw', 'public', 'index.html', 'vite.config.ts']
const SHUTDOWN_GRACE_MS = 10_000

function newestMtime(entry: string): number {
  if (!existsSync(entry)) return 0
  const info = statSync(entry)
  if (!info.isDirectory()) return info.mtimeMs
  let newest = info.mtimeMs
  for (const child of readdirSync(entry)) {
    newest = Math.max(newest, newestMtime(path.join(entry, child)))
  }
  return newest
}

function portalIsStale(distDir: string, root = process.cwd()): boolean {
  const index = path.join(distDir, 'index.html')
  if (!existsSync(index)) return true
  const built = statSync(index).mtimeMs
  return BUILD_INPUTS.some((input) => newestMtime(path.join(root, input)) > built)
}

function buildPortal(distDir: string): Promise<void> {
  return new Promise((resolve, reject) => {
    console.log(`Building the portal into ${distDir}/ …`)
    const child = spawn('npx', ['vite', 'build', '--outDir', distDir, '--emptyOutDir'], {
      stdio: 'inherit',
      env: { ...process.env, DIST_DIR: distDir },
    })
    child.on('error', reject)
    child.on('exit', (code) =>
      code === 0 ? resolve() : reject(new Error(`vite build exited with code ${code}`)),
    )
  })
}

// Two servers started at once (parallel test runs) must not build into the same folder together.
async function buildIfStale(distDir: string): Promise<void> {
  const lock = `${distDir}.build-lock`
  for (;;) {
    if (!portalIsStale(distDir)) return
    try {
      mkdirSync(lock)
    } catch {
      const age = existsSync(lock) ? Date.now() - statSync(lock).mtimeMs : 0
      if (age > 5 * 60_000) rmSync(lock, { recursive: true, force: true })
      await new Promise((resolve) => setTimeout(resolve, 500))
      continue
    }
    try {
      if (portalIsStale(distDir)) await buildPortal(distDir)
      return
    } finally {
      rmSync(lock, { recursive: true, force: true })
    }
  }
}

async function main(): Promise<void> {
  const config = loadConfig(process.env, process.argv.slice(2))
  if (config.buildIfStale) await buildIfStale(config.server.distDir)

  const database = await openDatabase(
    config.databaseUrl ? { url: config.databaseUrl } : { dataDir: config.dataDir },
  )
  await migrate(database)
  if (await seedIfEmpty(database, { sales: config.seedSales })) {
    console.log(`Seeded demo data (${config.seedSales} sales).`)
  }

  const clock = createClock()
  const app = createApp(
    { db: database, clock, config: config.server },
    {
      connectSrc: config.connectSrc,
    },
  )

  const server = serve({ fetch: app.fetch, port: config.port, hostname: config.host }, (info) => {
    const url = listeningUrl(config.host, (info as AddressInfo).port)
    // Links default to the listening address; set before the first connection is served.
    config.server.publicUrl ??= url
    console.log(startBanner(url, config))
  })

  let stopping = false
  const shutdown = (signal: string) => {
    if (stopping) return
    stopping = true
    console.log(`${signal}: finishing in-flight requests…`)
    // Stop accepting; idle keep-alive sockets would otherwise hold close() open.
    server.close(() => {
      database
        .close()
        .then(() => process.exit(0))
        .catch((error: unknown) => {
          console.error('Closing the database failed', error)
          process.exit(1)
        })
    })
    if ('closeIdleConnections' in server) server.closeIdleConnections()
    setTimeout(() => {
      if ('closeAllConnections' in server) server.closeAllConnections()
    }, SHUTDOWN_GRACE_MS).unref()
  }
  process.on('SIGTERM', () => shutdown('SIGTERM'))
  process.on('SIGINT', () => shutdown('SIGINT'))
}

main().catch((error: unknown) => {
  console.error(error instanceof ConfigError ? `Configuration error: ${error.message}` : error)
  process.exit(1)
})
