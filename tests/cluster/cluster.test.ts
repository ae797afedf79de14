// Three sandbox servers on one PostgreSQL behind HAProxy (deploy/haproxy.cfg), all on loopback and
// started here: they start together without racing, serve the same portal, share the sign-in
// limits, and under load lose no acknowledged write through a crash, a rolling restart and a
// database restart. The long form with 100 clients for 5 minutes: npm run bench -- --only cluster.
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { openDatabase, queryRows } from '../../server/db/client'
import { MAX_FAILED_ATTEMPTS } from '../../server/auth/rate-limit'
import { DEFAULT_ABUSE_LIMITS } from '../../server/config'
import { DEMO_PASSWORD } from '../../server/seed/fixtures'
import { SEED_PAYMENT_FACILITATORS, SEED_SUBMERCHANTS } from '../../server/seed/ids'
import { e2eBuild } from '../support/portal-build'
import { startCluster, type Cluster } from '../support/cluster'
import { runClusterScenario } from '../support/cluster-scenario'

const CITY = SEED_SUBMERCHANTS.cityCabs

let cluster: Cluster

beforeAll(async () => {
  cluster = await startCluster({ distDir: await e2eBuild() })
}, 300_000)

afterAll(async () => {
  await cluster?.stop()
})

// The portal's headers with a signed-in owner's cookies.
async function signIn(url: string): Promise<Record<string, string>> {
  const res = await post(url, '/v1/tokens', {
    type: 'refresh',
    grantType: 'password',
    emailAddress: 'owner@example.com',
    password: DEMO_PASSWORD,
    deviceIdentifier: 'cluster-test-owner',
  })
  expect(res.status).toBe(200)
  const cookie = res.headers
    .getSetCookie()
    .map((c) => c.split(';')[0])
    .join('; ')
  return {
    Cookie: cookie,
    'X-Requested-With': 'portal',
    'Token-Perspective': SEED_SUBMERCHANTS.cityCabs,
  }
}

function post(url: string, path: string, json: unknown, headers: Record<string, string> = {}) {
  return fetch(`${url}${path}`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', 'X-Requested-With': 'portal', ...headers },
    body: JSON.stringify(json),
  })
}

// The /sandbox controls of a proxied server need its SANDBOX_TOKEN.
const sandboxAuth = () => ({ Authorization: `Bearer ${cluster.sandboxToken}` })

function control(url: string, path: string, json?: unknown) {
  return json === undefined
    ? fetch(`${url}/sandbox${path}`, { headers: sandboxAuth() })
    : post(url, `/sandbox${path}`, json, sandboxAuth())
}

const wrongPassword = (email: string) => ({
  type: 'refresh',
  grantType: 'password',
  emailAddress: email,
  password: 'not-the-password-at-all',
  deviceIdentifier: 'cluster-test',
})

// An event stream read with fetch: the sale.created ids as they arrive.
async function openStream(url: string, cookie: string, lastEventId?: string) {
  const controller = new AbortController()
  const res = await fetch(`${url}/v1/events/stream?submerchantId=${CITY}`, {
    headers: { Cookie: cookie, ...(lastEventId ? { 'Last-Event-ID': lastEventId } : {}) },
    signal: controller.signal,
  })
  expect(res.status).toBe(200)
  const reader = res.body!.pipeThrough(new TextDecoderStream()).getReader()
  const saleIds: string[] = []
  let buffer = ''
  const until = async (done: (ids: string[]) => boolean) => {
    while (!done(saleIds)) {
      const { value, done: ended } = await reader.read()
      if (ended) throw new Error('the stream ended')
      buffer += value
      let end: number
      while ((end = buffer.indexOf('\n\n')) >= 0) {
        const block = buffer.slice(0, end)
        buffer = buffer.slice(end + 2)
        const id = /^id: (.*)$/m.exec(block)?.[1]
        if (id && /^event: sale\.created$/m.test(block)) saleIds.push(id)
      }
    }
  }
  return { saleIds, until, close: () => controller.abort() }
}

// The 1-based number of the first 429 in a run of attempts, and how many 429s there were.
async function firstRefusal(attempt: (i: number) => Promise<Response>, attempts: number) {
  let first = 0
  let refused = 0
  for (let i = 1; i <= attempts; i += 1) {
    const res = await attempt(i)
    await res.body?.cancel()
    if (res.status === 429) {
      refused += 1
      first ||= i
    }
  }
  return { first, refused }
}

describe('three servers on one PostgreSQL behind HAProxy', () => {
  it('start together: one applies the migrations and seeds, the others wait for it', async () => {
    const database = await openDatabase({ url: cluster.postgres.url })
    try {
      const [migrations] = await queryRows<{ n: number }>(
        database,
        'select count(*)::int as n from drizzle.__drizzle_migrations',
      )
      const [accounts] = await queryRows<{ n: number; distinct: number }>(
        database,
        'select count(*)::int as n, count(distinct name)::int as distinct from submerchants',
      )
      expect(migrations!.n).toBeGreaterThan(0)
      // Seeded once: a second seed would have doubled the rows or failed on a key.
      expect(accounts!.n).toBe(accounts!.distinct)
    } finally {
      await database.close()
    }
    for (const server of cluster.servers) {
      expect((await fetch(`${server.url}/readyz`)).status).toBe(200)
    }
  })

  it('every server serves the same portal build', async () => {
    const pages = await Promise.all(
      cluster.servers.map(async (s) => (await fetch(`${s.url}/login`)).text()),
    )
    const assets = pages.map((html) => [...html.matchAll(/\/assets\/[\w.-]+/g)].map((m) => m[0]))
    expect(assets[0]!.length).toBeGreaterThan(0)
    for (const list of assets) expect(list).toEqual(assets[0])
  })

  it('wrong passwords spread over the servers lock the email at the same count as one server', async () => {
    const attempts = MAX_FAILED_ATTEMPTS + 10
    const one = await firstRefusal(
      () => post(cluster.servers[0]!.url, '/v1/tokens', wrongPassword('one-server@example.com')),
      attempts,
    )
    const spread = await firstRefusal(
      () => post(cluster.url, '/v1/tokens', wrongPassword('three-servers@example.com')),
      attempts,
    )
    expect(one.first).toBe(MAX_FAILED_ATTEMPTS + 1)
    expect(spread).toEqual(one)
  })

  it('the per-email limit on forgot-password counts across the servers', async () => {
    const limit = DEFAULT_ABUSE_LIMITS.perEmail
    const ticket = {
      emailAddress: 'limit-across@example.com',
      completionUrl: `${cluster.url}/reset-password`,
      paymentFacilitatorId: SEED_PAYMENT_FACILITATORS.sandboxPay,
    }
    const served = new Set<string>()
    const { first } = await firstRefusal(async () => {
      const res = await post(cluster.url, '/v1/password-reset-tickets', ticket)
      served.add(res.headers.get('X-Served-By') ?? '?')
      return res
    }, limit + 3)
    expect(served.size).toBe(3)
    expect(first).toBe(limit + 1)
  })

  // Issue 49, rules 1 and 2: a client writes its own forwarding headers; HAProxy replaces them.
  it('a spoofed X-Forwarded-Host neither places the reset link nor is allowed as its page', async () => {
    const spoof = { 'X-Forwarded-Host': 'evil.example', 'X-Forwarded-Proto': 'https' }
    const ticket = (completionUrl: string) => ({
      emailAddress: 'owner@example.com',
      completionUrl,
      paymentFacilitatorId: SEED_PAYMENT_FACILITATORS.sandboxPay,
    })
    const evil = await post(
      cluster.url,
      '/v1/password-reset-tickets',
      ticket('https://evil.example/reset-password'),
      spoof,
    )
    expect(evil.status).toBe(400)
    const own = await post(
      cluster.url,
      '/v1/password-reset-tickets',
      ticket(`${cluster.url}/reset-password`),
      spoof,
    )
    expect(own.status).toBe(202)
    const outbox = (await (await control(cluster.url, '/outbox')).json()) as {
      kind: string
      recipient: string
      metadata: { link?: string }
    }[]
    const links = outbox
      .filter((m) => m.kind === 'password_reset' && m.recipient === 'owner@example.com')
      .map((m) => m.metadata.link!)
    expect(links.length).toBe(1)
    expect(new URL(links[0]!).origin).toBe(cluster.url)
  })

  it('a spoofed X-Forwarded-For is one client to the per-IP limit', async () => {
    // A fresh window on the sandbox clock, so the count starts at zero.
    expect((await control(cluster.url, '/clock', { advanceSeconds: 120 })).status).toBe(200)
    const limit = DEFAULT_ABUSE_LIMITS.perIp
    const { first } = await firstRefusal(
      (i) =>
        post(
          cluster.url,
          '/v1/password-reset-tickets',
          {
            // A new email each time: only the per-IP count can refuse.
            emailAddress: `spoofed-${i}@example.com`,
            completionUrl: `${cluster.url}/reset-password`,
            paymentFacilitatorId: SEED_PAYMENT_FACILITATORS.sandboxPay,
          },
          { 'X-Forwarded-For': `203.0.113.${i % 250}, 198.51.100.${i % 250}` },
        ),
      limit + 1,
    )
    expect(first).toBe(limit + 1)
  })

  it('the sandbox clock moved through one server has moved on all of them', async () => {
    const read = async (url: string) =>
      Date.parse(((await (await control(url, '/clock')).json()) as { now: string }).now)
    const before = await read(cluster.servers[2]!.url)
    const moved = await control(cluster.servers[0]!.url, '/clock', { advanceSeconds: 600 })
    expect(moved.status).toBe(200)
    for (const server of cluster.servers) {
      expect((await read(server.url)) - before).toBeGreaterThanOrEqual(600_000)
    }
  })

  it("an event committed through one server reaches another's stream, and a resume on a third misses none", async () => {
    const [a, b, c] = cluster.servers.map((server) => server.url) as [string, string, string]
    const headers = await signIn(a)
    const sale = async () => {
      expect((await control(a, '/clock', { advanceSeconds: 1 })).status).toBe(200)
      expect((await control(a, '/world/rounds', {})).status).toBe(200)
    }
    expect(
      (await control(a, '/world/traffic', { submerchantId: CITY, everySeconds: 1 })).status,
    ).toBe(200)
    try {
      const onB = await openStream(b, headers.Cookie!)
      for (let i = 0; i < 3; i++) await sale()
      await onB.until((ids) => ids.length >= 3)
      onB.close()
      const last = onB.saleIds.at(-1)!
      // Sales made while no stream is open come back on the third server after the last one seen.
      await sale()
      await sale()
      const listed = await fetch(`${a}/v1/events?type=sale.created&limit=100`, { headers })
      const made = ((await listed.json()) as { id: string }[]).map((e) => e.id)
      const missed = made.filter((id) => !onB.saleIds.includes(id))
      // The servers' own rounds make traffic sales too, so at least ours are among them.
      expect(missed.length).toBeGreaterThan(0)
      const onC = await openStream(c, headers.Cookie!, last)
      await onC.until((ids) => missed.every((id) => ids.includes(id)))
      onC.close()
    } finally {
      await control(a, '/world/traffic', { submerchantId: CITY, everySeconds: 0 })
    }
  })

  it('the same Idempotency-Key sent to two servers at once makes one link', async () => {
    const owner = await signIn(cluster.url)
    const body = {
      saleAmount: 1234,
      currency: 'GBP',
      submerchantId: SEED_SUBMERCHANTS.cityCabs,
      description: 'Two servers, one key',
      reference: 'BK-2SRV1',
      customerName: 'Amelia Hughes',
    }
    for (let round = 0; round < 10; round += 1) {
      const key = `two-servers-${round}-${Date.now()}`
      const send = (server: number) =>
        fetch(`${cluster.servers[server]!.url}/v1/intents`, {
          method: 'POST',
          headers: { ...owner, 'Content-Type': 'application/json', 'Idempotency-Key': key },
          body: JSON.stringify(body),
        })
      const answers = await Promise.all([send(0), send(1)])
      const ids = new Set<string>()
      for (const [server, first] of answers.entries()) {
        let res = first
        // In flight on the other server: come back after Retry-After, and get its answer.
        for (let tries = 0; res.status === 409 && tries < 50; tries += 1) {
          expect(Number(res.headers.get('Retry-After'))).toBeGreaterThanOrEqual(1)
          await res.body?.cancel()
          res = await send(server)
        }
        expect(res.status).toBe(201)
        ids.add(((await res.json()) as { id: string }).id)
      }
      expect(ids.size).toBe(1)
    }
  })

  it('under load: a crash, a rolling restart and a database restart lose and duplicate no write', async () => {
    const report = await runClusterScenario(cluster, {
      clients: 20,
      warmUpMs: 5_000,
      steadyMs: 12_000,
      tailMs: 5_000,
    })
    const { writes, load } = report
    // One line for the log: what each phase cost in retries, so a slower run says where.
    console.log(
      `cluster scenario: ${load.operations} operations, ${writes.acknowledged} writes; retried by phase: ` +
        report.phases.map((p) => `${p.name} ${p.retried}`).join(', '),
    )
    expect(load.operations).toBeGreaterThan(100)
    expect(writes.acknowledged).toBeGreaterThan(10)
    expect(writes).toMatchObject({ lost: 0, duplicated: 0, mismatched: 0 })
    // Nobody saw a failure: the balancer retried what never reached a server, the clients
    // retried the rest with the same key.
    expect(load.failures).toEqual([])
    expect(report.rollingRestart.map((r) => r.exitCode)).toEqual([0, 0, 0])
  }, 240_000)
})
