// Budget (issue 12, item 5): under a flood of 5 logins a second from 4 clients, GET /v1/sales p95 stays
// within 2× of its unloaded p95, both measured in this one run, with production scrypt parameters
// (N=2^17) through the real app. Also: forgot-password takes the same time for a known and an
// unknown email.
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { setPasswordHashMode } from '../../server/auth/password'
import { migrate, openDatabase } from '../../server/db/client'
import { DEMO_PASSWORD } from '../../server/seed/fixtures'
import { SEED_PAYMENT_FACILITATORS, SEED_SUBMERCHANTS } from '../../server/seed/ids'
import { seed } from '../../server/seed/index'
import { Client, makeDistDir } from '../api/auth-harness'
import { createBenchApp } from './bench-app'
import { summariseTimings, type TimingSummary } from './bench-stats'

export interface LoginFloodResult {
  unloaded: TimingSummary
  loaded: TimingSummary
  ratio: number
  logins: Record<string, number>
  forgotKnown: TimingSummary
  forgotUnknown: TimingSummary
}

const OWNER = 'owner@example.com'
const LOGINS_PER_SECOND = 5
const CLIENTS = 4

export async function runLoginFloodBench(
  opts: { sales?: number; requests?: number } = {},
): Promise<LoginFloodResult> {
  const requests = opts.requests ?? 200
  const dir = mkdtempSync(path.join(tmpdir(), 'login-flood-'))
  const database = await openDatabase({ dataDir: dir })
  try {
    await migrate(database)
    // The demo passwords are hashed with the production parameters, as `npm start` does.
    setPasswordHashMode('production')
    await seed(database, { sales: opts.sales ?? 5_000, seed: 1, now: new Date() })
    const app = createBenchApp(database, makeDistDir(), {
      mode: 'production',
      abuseLimits: { windowSeconds: 60, perIp: 1_000_000, perEmail: 1_000_000 },
    })
    const sub = SEED_SUBMERCHANTS.cityCabs
    const reader = new Client(app)
    await reader.login(OWNER, { password: DEMO_PASSWORD })
    await reader.refresh({ attachments: [sub] })

    // At least `requests` lists, and under load at least 15 s of them, so dozens of logins land.
    const listTimings = async (minMs = 0) => {
      const timings: number[] = []
      const began = performance.now()
      for (let n = -5; n < requests || performance.now() - began < minMs; n++) {
        const started = performance.now()
        const res = await reader.request('GET', '/v1/sales?sort=-capturedAt&limit=20', {
          perspective: sub,
        })
        await res.arrayBuffer()
        if (res.status !== 200) throw new Error(`GET /v1/sales failed: ${res.status}`)
        if (n >= 0) timings.push(performance.now() - started)
        // In-process requests resolve on microtasks alone; yield so the flood's timers can fire,
        // as they would between socket reads in the real server.
        await new Promise((resolve) => setImmediate(resolve))
      }
      return summariseTimings(timings)
    }

    const unloaded = await listTimings()

    // 4 clients, each signing in every 800 ms (5 a second together), staggered.
    const logins: Record<string, number> = {}
    let flooding = true
    const inFlight = new Set<Promise<void>>()
    const timers = Array.from({ length: CLIENTS }, (_, i) => {
      const client = new Client(app)
      const fire = () => {
        const attempt = client
          .login(OWNER, { password: DEMO_PASSWORD, device: `flood-${i}` })
          .then(async (res) => {
            await res.arrayBuffer()
            logins[res.status] = (logins[res.status] ?? 0) + 1
          })
          .finally(() => inFlight.delete(attempt))
        inFlight.add(attempt)
      }
      const every = (1000 * CLIENTS) / LOGINS_PER_SECOND
      return setTimeout(
        function tick() {
          if (!flooding) return
          fire()
          timers[i] = setTimeout(tick, every)
        },
        (i * every) / CLIENTS,
      )
    })
    // Let the flood reach its steady state before measuring.
    await new Promise((resolve) => setTimeout(resolve, 2_000))
    const loaded = await listTimings(15_000)
    flooding = false
    timers.forEach((timer) => clearTimeout(timer))
    await Promise.all(inFlight)

    // Forgot-password, known and unknown email alternating.
    const forgot = (emailAddress: string) =>
      new Client(app).request('POST', '/v1/password-reset-tickets', {
        json: {
          emailAddress,
          completionUrl: 'http://localhost/reset-password',
          paymentFacilitatorId: SEED_PAYMENT_FACILITATORS.sandboxPay,
        },
      })
    const known: number[] = []
    const unknown: number[] = []
    for (let n = -5; n < requests; n++) {
      for (const [email, into] of [
        [OWNER, known],
        [`nobody-${n}@example.com`, unknown],
      ] as const) {
        const started = performance.now()
        const res = await forgot(email)
        if (res.status !== 202) throw new Error(`forgot-password failed: ${res.status}`)
        if (n >= 0) into.push(performance.now() - started)
      }
    }

    return {
      unloaded,
      loaded,
      ratio: loaded.p95 / unloaded.p95,
      logins,
      forgotKnown: summariseTimings(known),
      forgotUnknown: summariseTimings(unknown),
    }
  } finally {
    setPasswordHashMode(null)
    await database.close()
    rmSync(dir, { recursive: true, force: true })
  }
}
