// The live layer's budgets (docs/events.md), against real server processes on loopback:
//
// - Fan-out: one server on PGlite, 1,000 open event streams of one account; 20 sales made one at a
//   time by the sandbox world's traffic; for each, the time from the request that makes it to its
//   frame on every stream (p95 over all 20,000 deliveries), and the server's resident memory
//   before the streams opened and after the run.
// - Across servers: two servers on one PostgreSQL. A stream on server B hears sales committed
//   through server A (p95 from A's request to B's frame). Midway B is SIGKILLed; the client
//   reconnects to A with Last-Event-ID. Every sale made is then counted: lost (never received) and
//   received twice (on the wire; the portal drops repeats by id).
import http from 'node:http'
import { mkdtempSync, readFileSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { DEMO_PASSWORD } from '../../server/seed/fixtures'
import { SEED_SUBMERCHANTS } from '../../server/seed/ids'
import {
  killSandbox,
  spawnSandbox,
  stopServer,
  type SandboxProcess,
} from '../e2e/support/private-server'
import { startPostgres } from '../support/postgres'
import { summariseTimings, type TimingSummary } from './bench-stats'

const CITY = SEED_SUBMERCHANTS.cityCabs
const STREAMS = 1_000
const FANOUT_EVENTS = 20
const CROSS_EVENTS = 60
const KILL_AFTER = 30
const WAIT_MS = 30_000

interface StreamClient {
  // Arrival times of sale.created frames, in order, and every frame id (repeats included).
  sales: { id: string; at: number }[]
  ids: string[]
  lastEventId: string | null
  ended: Promise<void>
  close(): void
}

// An EventSource as a Node client: one socket, frames parsed as they arrive.
function openStream(
  baseURL: string,
  cookie: string,
  lastEventId: string | null = null,
): Promise<StreamClient> {
  return new Promise((resolve, reject) => {
    const url = new URL(`/v1/events/stream?submerchantId=${CITY}`, baseURL)
    const headers: Record<string, string> = { Cookie: cookie, Accept: 'text/event-stream' }
    if (lastEventId) headers['Last-Event-ID'] = lastEventId
    let onEnd!: () => void
    const ended = new Promise<void>((done) => (onEnd = done))
    const client: StreamClient = {
      sales: [],
      ids: [],
      lastEventId,
      ended,
      close: () => request.destroy(),
    }
    const request = http.get(url, { headers, agent: false }, (res) => {
      if (res.statusCode !== 200) {
        reject(new Error(`stream: ${res.statusCode}`))
        res.resume()
        return
      }
      let buffer = ''
      res.setEncoding('utf8')
      res.on('data', (chunk: string) => {
        buffer += chunk
        let end: number
        while ((end = buffer.indexOf('\n\n')) >= 0) {
          const block = buffer.slice(0, end)
          buffer = buffer.slice(end + 2)
          const id = /^id: (.*)$/m.exec(block)?.[1]
          const event = /^event: (.*)$/m.exec(block)?.[1]
          if (!id) continue
          client.ids.push(id)
          client.lastEventId = id
          if (event === 'sale.created') client.sales.push({ id, at: performance.now() })
        }
      })
      res.on('close', onEnd)
      resolve(client)
    })
    request.on('error', (error) => {
      onEnd()
      reject(error)
    })
  })
}

async function signIn(baseURL: string): Promise<string> {
  const res = await fetch(`${baseURL}/v1/tokens`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', 'X-Requested-With': 'portal' },
    body: JSON.stringify({
      type: 'refresh',
      grantType: 'password',
      emailAddress: 'owner@example.com',
      password: DEMO_PASSWORD,
      deviceIdentifier: 'live-events-bench',
    }),
  })
  if (res.status !== 200) throw new Error(`sign-in: ${res.status}`)
  return res.headers
    .getSetCookie()
    .map((c) => c.split(';')[0])
    .join('; ')
}

async function sandbox(baseURL: string, route: string, json?: unknown): Promise<unknown> {
  const res = await fetch(`${baseURL}/sandbox/${route}`, {
    method: 'POST',
    headers: json === undefined ? {} : { 'Content-Type': 'application/json' },
    body: json === undefined ? undefined : JSON.stringify(json),
  })
  if (!res.ok) throw new Error(`${route}: ${res.status} ${await res.text()}`)
  return res.json()
}

// One traffic sale, made now through `baseURL`: the clock moves a second, then a round runs.
async function makeSale(baseURL: string): Promise<number> {
  await sandbox(baseURL, 'clock', { advanceSeconds: 1 })
  const sent = performance.now()
  await sandbox(baseURL, 'world/rounds')
  return sent
}

async function until(condition: () => boolean, what: string): Promise<void> {
  const deadline = performance.now() + WAIT_MS
  while (!condition()) {
    if (performance.now() > deadline) throw new Error(`timed out waiting for ${what}`)
    await new Promise((resolve) => setTimeout(resolve, 5))
  }
}

function rssBytes(server: SandboxProcess): number {
  const status = readFileSync(`/proc/${server.child.pid}/status`, 'utf8')
  return Number(/VmRSS:\s+(\d+) kB/.exec(status)?.[1] ?? 0) * 1024
}

const LIVE_ENV = {
  // The bench makes every round itself.
  SANDBOX_WORLD: '0',
  STREAMS_PER_USER: String(STREAMS * 2),
  STREAMS_PER_IP: String(STREAMS * 2),
}

export interface FanoutBenchResult {
  streams: number
  events: number
  delivery: TimingSummary
  // Per sale, until its frame reached the last stream.
  lastStream: TimingSummary
  rssBeforeBytes: number
  rssAfterBytes: number
}

export async function runStreamFanoutBench(): Promise<FanoutBenchResult> {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'live-fanout-'))
  const server = await spawnSandbox({ dataDir, env: { ...LIVE_ENV, SEED_SALES: '500' } })
  const streams: StreamClient[] = []
  try {
    const cookie = await signIn(server.baseURL)
    await sandbox(server.baseURL, 'world/traffic', { submerchantId: CITY, everySeconds: 1 })
    const rssBeforeBytes = rssBytes(server)
    for (let i = 0; i < STREAMS; i += 50) {
      const batch = Array.from({ length: Math.min(50, STREAMS - i) }, () =>
        openStream(server.baseURL, cookie),
      )
      streams.push(...(await Promise.all(batch)))
    }
    const delivery: number[] = []
    const lastStream: number[] = []
    for (let event = 0; event < FANOUT_EVENTS; event++) {
      const sent = await makeSale(server.baseURL)
      await until(() => streams.every((s) => s.sales.length > event), `sale ${event + 1}`)
      const arrivals = streams.map((s) => s.sales[event]!.at - sent)
      delivery.push(...arrivals)
      lastStream.push(Math.max(...arrivals))
    }
    return {
      streams: STREAMS,
      events: FANOUT_EVENTS,
      delivery: summariseTimings(delivery),
      lastStream: summariseTimings(lastStream),
      rssBeforeBytes,
      rssAfterBytes: rssBytes(server),
    }
  } finally {
    for (const stream of streams) stream.close()
    await stopServer(server.child, null)
    rmSync(dataDir, { recursive: true, force: true })
  }
}

export interface CrossServerBenchResult {
  events: number
  beforeKill: TimingSummary
  made: number
  lost: number
  receivedTwice: number
  // SIGKILL of B → the client's stream on A is open again.
  reconnectMs: number
}

export async function runCrossServerBench(): Promise<CrossServerBenchResult> {
  const postgres = await startPostgres('live-events')
  const dataDir = mkdtempSync(path.join(tmpdir(), 'live-cross-'))
  const env = { ...LIVE_ENV, DATABASE_URL: postgres.url, SEED_SALES: '500' }
  const a = await spawnSandbox({ dataDir, env, processGroup: true, readyPath: '/readyz' })
  const b = await spawnSandbox({ dataDir, env, processGroup: true, readyPath: '/readyz' })
  let stream: StreamClient | null = null
  try {
    const cookie = await signIn(a.baseURL)
    await sandbox(a.baseURL, 'world/traffic', { submerchantId: CITY, everySeconds: 1 })
    stream = await openStream(b.baseURL, cookie)
    const received: string[] = []
    const beforeKill: number[] = []
    let reconnectMs = 0
    for (let event = 0; event < CROSS_EVENTS; event++) {
      if (event === KILL_AFTER) {
        const first = stream
        const killed = performance.now()
        await killSandbox(b.child)
        await first.ended
        received.push(...first.ids)
        // The client comes back on the other server with the last id it saw; sales go on meanwhile.
        const next = openStream(a.baseURL, cookie, first.lastEventId)
        await makeSale(a.baseURL)
        stream = await next
        reconnectMs = performance.now() - killed
        continue
      }
      const sent = await makeSale(a.baseURL)
      if (event < KILL_AFTER) {
        const current = stream
        await until(() => current.sales.length > event, `sale ${event + 1} on server B`)
        beforeKill.push(current.sales[event]!.at - sent)
      }
    }
    const list = await fetch(`${a.baseURL}/v1/events?type=sale.created&limit=100&sort=-createdAt`, {
      headers: { Cookie: cookie, 'X-Requested-With': 'portal', 'Token-Perspective': CITY },
    })
    const made = ((await list.json()) as { id: string }[]).map((e) => e.id)
    const current = stream
    await until(
      () => made.every((id) => current.ids.includes(id) || received.includes(id)),
      'every sale after the reconnect',
    ).catch(() => undefined)
    received.push(...current.ids)
    const seen = new Set(received)
    const saleIds = new Set(made)
    return {
      events: CROSS_EVENTS,
      beforeKill: summariseTimings(beforeKill),
      made: made.length,
      lost: made.filter((id) => !seen.has(id)).length,
      receivedTwice:
        received.filter((id) => saleIds.has(id)).length -
        [...seen].filter((id) => saleIds.has(id)).length,
      reconnectMs,
    }
  } finally {
    stream?.close()
    await stopServer(a.child, null)
    await killSandbox(b.child).catch(() => undefined)
    await postgres.stop()
    rmSync(dataDir, { recursive: true, force: true })
  }
}
