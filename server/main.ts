import type { AddressInfo } from 'node:net'
import { serve } from '@hono/node-server'
import { createApp } from './app'
import { createClock } from './clock'
import { createSharedClock } from './domain/shared-clock'
import { startBanner } from './banner'
import { ConfigError, listeningUrl, loadConfig } from './config'
import type { Lifecycle } from './context'
import { compileDatabaseFully, migrate, openDatabase, withStartupLock } from './db/client'
import { buildIfStale } from './portal-build'
import { seedIfEmpty } from './seed/index'
import { startPushDeliveryLoop } from './push/delivery'
import { vapidKeysOf } from './push/vapid'
import { ensureReceiptKeys } from './domain/receipt-keys'
import { startDeliveryLoop } from './webhooks/delivery'
import { existingEventHub } from './events/hub'
import { startWorld } from './sandbox/world'

const SHUTDOWN_GRACE_MS = 10_000

async function main(): Promise<void> {
  const config = loadConfig(process.env, process.argv.slice(2))
  if (config.buildIfStale) await buildIfStale(config.server.distDir, { verbose: true })

  if (!config.databaseUrl) compileDatabaseFully()
  const database = await openDatabase(
    config.databaseUrl ? { url: config.databaseUrl } : { dataDir: config.dataDir },
  )
  // Several servers may start together on one PostgreSQL: one migrates and seeds, the rest wait.
  const seeded = await withStartupLock(database, async () => {
    await migrate(database)
    return seedIfEmpty(database, { sales: config.seedSales })
  })
  if (seeded) console.log(`Seeded demo data (${config.seedSales} sales).`)

  // On PostgreSQL other servers may share the database, and so the sandbox clock.
  const clock = database.kind === 'postgres' ? await createSharedClock(database.db) : createClock()
  const lifecycle: Lifecycle = { draining: false }
  const app = createApp(
    { db: database, clock, config: config.server, lifecycle },
    {
      connectSrc: config.connectSrc,
    },
  )

  // Webhook deliveries (server/webhooks/delivery.ts); WEBHOOK_DELIVERY=0 leaves them to other servers.
  const deliveries = config.webhookDelivery
    ? startDeliveryLoop(
        { db: database, clock, config: config.server },
        { leaseSeconds: config.webhookLeaseSeconds },
      )
    : null

  // The sandbox world moves on its clock: expiries, refunds, payouts and traffic (SANDBOX_WORLD=0: off).
  const world = config.sandboxWorld
    ? startWorld({ db: database, clock, config: config.server })
    : null

  // Web Push (server/push/delivery.ts): the key pair is made now if this is the first start; every
  // server sends (skip locked claims keep each push to one sender).
  await vapidKeysOf(database, clock.now())
  // Payment proofs (docs/api.md#payment-proofs): the first signing key is made now on a first start.
  await ensureReceiptKeys(database.db, clock.now())
  const pushes = startPushDeliveryLoop({ db: database, clock, config: config.server })

  const server = serve({ fetch: app.fetch, port: config.port, hostname: config.host }, (info) => {
    const url = listeningUrl(config.host, (info as AddressInfo).port)
    // Links default to the listening address; set before the first connection is served.
    config.server.publicUrl ??= url
    console.log(startBanner(url, config))
  })

  // Node's 5 s keep-alive is shorter than clients keep idle sockets for reuse: a request sent just
  // as the server closes one is reset (ECONNRESET). The usual remedy: outlast them.
  if ('keepAliveTimeout' in server) {
    server.keepAliveTimeout = 65_000
    server.headersTimeout = 66_000
  }

  // A graceful stop (docs/sandbox.md#many-servers): /readyz turns 503 so a balancer stops sending
  // new requests, the listener closes, requests in flight get up to 10 s to finish (their
  // responses close the connection), the webhook and push loops finish their rounds, and the
  // process exits.
  const shutdown = (signal: string) => {
    if (lifecycle.draining) return
    lifecycle.draining = true
    console.log(`${signal}: finishing in-flight requests…`)
    // Open event streams end now (their clients reconnect to another server with Last-Event-ID).
    void existingEventHub(database)?.close()
    // Stop accepting; idle keep-alive sockets would otherwise hold close() open.
    server.close(() => {
      Promise.all([deliveries?.stop(), world?.stop(), pushes.stop()])
        .then(() => database.close())
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
