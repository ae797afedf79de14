// Issue 18, "Scale and faults": two sandbox servers (server/main.ts as child processes) share one
// throwaway PostgreSQL and deliver 10,000 webhook notifications to a receiver on 127.0.0.1 that
// checks the Webhook-Signature of every delivery. One server is SIGKILLed (its whole process
// group) once ~3,000 notifications have arrived, and restarted on the same database. Reported:
// deliveries per second (10,000 ÷ the time from the notifications' commit until the database
// shows all 10,000 succeeded), lost (never received; must be 0), duplicated (received more than
// once), and signature failures (must be 0).
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { webhookNotifications } from '../../server/db/schema/core'
import { migrate, openDatabase, queryRows, type Database } from '../../server/db/client'
import { notificationRow } from '../../server/domain/events'
import { findOwnSale } from '../../server/domain/sales'
import { createWebhookEndpoint } from '../../server/domain/webhook-endpoints'
import { SEED_SUBMERCHANTS, SEED_USERS } from '../../server/seed/ids'
import { seed } from '../../server/seed/index'
import { verifySignature } from '../../server/webhooks/signature'
import { killSandbox, spawnSandbox, type SandboxProcess } from '../e2e/support/private-server'
import { startPostgres, type Postgres } from '../support/postgres'
import { startWebhookReceiver, type WebhookReceiver } from '../support/webhook-receiver'

const CITY = SEED_SUBMERCHANTS.cityCabs
const INSERT_CHUNK = 1_000
const POLL_MS = 100
const DEADLINE_MS = 300_000
// The lease a claim holds its rows for (WEBHOOK_LEASE_SECONDS; the default is 60 s). It must
// outlast the 10 s delivery timeout; after the kill, the dead server's claimed rows wait this long
// before the other servers take them, so it sets most of the recovery time.
const LEASE_SECONDS = 15

export interface WebhookDeliveryBenchResult {
  notifications: number
  leaseSeconds: number
  // Commit of the 10,000 rows → the database shows them all succeeded.
  wallMs: number
  deliveriesPerSecond: number
  // Distinct notifications received per second by both servers before the kill.
  ratePerSecondBeforeKill: number
  // Distinct notifications received when the first server was killed.
  receivedAtKill: number
  // The kill → all succeeded (mostly the lease of the dead server's rows running out).
  afterKillMs: number
  // Restart of the killed server until it answered again.
  restartMs: number
  succeeded: number
  // POSTs the receiver got, and attempts the servers recorded.
  deliveries: number
  attemptsRecorded: number
  lost: number
  // Notifications received more than once, and the extra copies in all.
  duplicated: number
  extraDeliveries: number
  signatureFailures: number
}

// ── The bench ─────────────────────────────────────────────────────────────────────────────────────

async function countSucceeded(database: Database, endpointId: string): Promise<number> {
  const [row] = await queryRows<{ n: number }>(
    database,
    'select count(*)::int as n from webhook_notifications where endpoint_id = $1 and has_succeeded',
    [endpointId],
  )
  return row?.n ?? 0
}

export async function runWebhookDeliveryBench(
  opts: { notifications?: number; killAfter?: number } = {},
): Promise<WebhookDeliveryBenchResult> {
  const total = opts.notifications ?? 10_000
  const killAfter = opts.killAfter ?? Math.round(total * 0.3)
  const unusedDataDir = mkdtempSync(path.join(tmpdir(), 'bench-webhooks-data-'))
  const servers: (SandboxProcess | null)[] = [null, null]
  let postgres: Postgres | null = null
  let database: Database | null = null
  let receiver: WebhookReceiver | null = null
  try {
    postgres = await startPostgres()
    database = await openDatabase({ url: postgres.url })
    await migrate(database)
    await seed(database, { sales: 50, seed: 1, now: new Date() })

    // The receiver: every delivery's signature checked against the endpoint's secret, every
    // notification id counted. It answers 200 even to a bad signature, so that a signing fault
    // shows up as a count here rather than as retries that never end.
    let secret = ''
    const seen = new Map<string, number>()
    let signatureFailures = 0
    let onKillPoint: () => void = () => undefined
    const killPoint = new Promise<void>((resolve) => (onKillPoint = resolve))
    receiver = await startWebhookReceiver(({ headers, body }) => {
      const header = headers['webhook-signature']
      const check = { nowSeconds: Math.floor(Date.now() / 1000), toleranceSeconds: 300 }
      const valid =
        typeof header === 'string' &&
        /^t=\d+,v1=[0-9a-f]{64}$/.test(header) &&
        verifySignature(header, body, secret, check)
      if (!valid) signatureFailures++
      // The body's id is the notification id, stable across retries (server/domain/events.ts).
      let id = ''
      try {
        id = String((JSON.parse(body) as { id?: unknown }).id)
      } catch {
        // Not JSON: counts as received under no id, so its notification shows as lost.
      }
      seen.set(id, (seen.get(id) ?? 0) + 1)
      if (seen.size >= killAfter) onKillPoint()
      return 200
    })
    const endpoint = await createWebhookEndpoint(
      database.db,
      { submerchantId: CITY, name: 'Bench receiver', url: receiver.url, events: ['sale.created'] },
      new Date(),
      SEED_USERS.owner,
    )
    secret = endpoint.signingSecret!

    const env = {
      DATABASE_URL: postgres.url,
      SEED_SALES: '50',
      WEBHOOK_LEASE_SECONDS: String(LEASE_SECONDS),
    }
    const start = () =>
      spawnSandbox({ dataDir: unusedDataDir, env, readyPath: '/sandbox/clock', processGroup: true })
    servers[0] = await start()
    servers[1] = await start()

    // 10,000 sale.created events for one sale, written as recordEvent writes them (one row per
    // endpoint, due now), in one transaction: they all become due at the commit.
    const [sale] = await queryRows<{ id: string }>(
      database,
      'select id from sales where submerchant_id = $1 order by captured_at desc limit 1',
      [CITY],
    )
    const data = await findOwnSale(database.db, sale!.id, CITY)
    const now = new Date()
    const rows = Array.from({ length: total }, () =>
      notificationRow(endpoint.id, { submerchantId: CITY, type: 'sale.created', data, now }),
    )
    const ids = rows.map((row) => row.id as string)
    await database.db.transaction(async (tx) => {
      for (let i = 0; i < rows.length; i += INSERT_CHUNK) {
        await tx.insert(webhookNotifications).values(rows.slice(i, i + INSERT_CHUNK))
      }
    })
    const startedAt = performance.now()
    const deadline = startedAt + DEADLINE_MS

    // The kill: SIGKILL of the first server's process group once ~30 % have arrived, whatever it
    // has in flight; then the same server is started again on the same database.
    const timeout = new Promise<never>((_, reject) =>
      setTimeout(
        () => reject(new Error(`only ${seen.size} of ${total} received`)),
        DEADLINE_MS,
      ).unref(),
    )
    await Promise.race([killPoint, timeout])
    await killSandbox(servers[0].child)
    const killedAt = performance.now()
    const receivedAtKill = seen.size
    servers[0] = null
    servers[0] = await start()
    const restartMs = performance.now() - killedAt

    let succeeded = await countSucceeded(database, endpoint.id)
    while (succeeded < total && performance.now() < deadline) {
      await new Promise((done) => setTimeout(done, POLL_MS))
      succeeded = await countSucceeded(database, endpoint.id)
    }
    const endedAt = performance.now()

    const [recorded] = await queryRows<{ n: number }>(
      database,
      `select count(*)::int as n from webhook_attempts a
       join webhook_notifications n on n.id = a.notification_id where n.endpoint_id = $1`,
      [endpoint.id],
    )
    const lost = ids.filter((id) => !seen.has(id)).length
    const copies = ids.map((id) => seen.get(id) ?? 0)
    const wallMs = endedAt - startedAt
    return {
      notifications: total,
      leaseSeconds: LEASE_SECONDS,
      wallMs,
      deliveriesPerSecond: total / (wallMs / 1000),
      ratePerSecondBeforeKill: receivedAtKill / ((killedAt - startedAt) / 1000),
      receivedAtKill,
      afterKillMs: endedAt - killedAt,
      restartMs,
      succeeded,
      deliveries: receiver.received.length,
      attemptsRecorded: recorded?.n ?? 0,
      lost,
      // At-least-once: a server killed after the receiver answered (or while it was answering)
      // but before the attempt was recorded leaves its claimed row pending; when the lease ends
      // another server sends it again, and the receiver sees that notification twice. Each such
      // copy is a POST with no recorded attempt, so extraDeliveries = deliveries − attemptsRecorded.
      duplicated: copies.filter((n) => n > 1).length,
      extraDeliveries: copies.reduce((sum, n) => sum + Math.max(0, n - 1), 0),
      signatureFailures,
    }
  } finally {
    // Everything started here goes, whatever failed above.
    for (const server of servers) if (server) await killSandbox(server.child).catch(() => undefined)
    await receiver?.close().catch(() => undefined)
    await database?.close().catch(() => undefined)
    await postgres?.stop().catch(() => undefined)
    rmSync(unusedDataDir, { recursive: true, force: true })
  }
}
