// Issues 12 and 49: absolute links come from PUBLIC_URL, never from the Host header nor, even behind
// a trusted proxy, from X-Forwarded-Host/-Proto. Requests go through a real HTTP server with a
// forged Host.
import { request as httpRequest } from 'node:http'
import type { AddressInfo } from 'node:net'
import { serve, type ServerType } from '@hono/node-server'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { SEED_PAYMENT_FACILITATORS } from '../../server/seed/ids'
import { listOutboxMessages } from '../../server/sandbox/outbox'
import { createTestApp, PORTAL_ORIGIN, signedIn, type TestApp } from './auth-harness'
import { firstRow, SEED_SUBMERCHANTS } from './helpers/db'

const PUBLIC_URL = 'https://portal.fleet.test'
// An origin allowed to call the API (CORS_ORIGINS) but not named in PORTAL_ORIGINS.
const CORS_ONLY_ORIGIN = 'https://widgets.fleet.test'
const CITY = SEED_SUBMERCHANTS.cityCabs

interface Sandbox {
  t: TestApp
  server: ServerType
  port: number
  cookie: string
}

async function start(overrides: Parameters<typeof createTestApp>[0]): Promise<Sandbox> {
  const t = await createTestApp(overrides)
  const owner = await signedIn(t.app)
  await owner.refresh({ attachments: [CITY] })
  const cookie = [...owner.cookies].map(([k, v]) => `${k}=${v}`).join('; ')
  const server = await new Promise<ServerType>((resolve) => {
    const s = serve({ fetch: t.app.fetch, hostname: '127.0.0.1', port: 0 }, () => resolve(s))
  })
  return { t, server, port: (server.address() as AddressInfo).port, cookie }
}

async function stop(sandbox: Sandbox | undefined) {
  if (!sandbox) return
  await new Promise((resolve) => sandbox.server.close(resolve))
  await sandbox.t.database.close()
}

// A raw HTTP request, so the Host header is exactly what an attacker would send.
function send(
  sandbox: Sandbox,
  method: string,
  path: string,
  opts: { json?: unknown; headers?: Record<string, string> } = {},
): Promise<{ status: number; text: string }> {
  const body = opts.json === undefined ? undefined : JSON.stringify(opts.json)
  return new Promise((resolve, reject) => {
    const req = httpRequest(
      {
        host: '127.0.0.1',
        port: sandbox.port,
        method,
        path,
        headers: {
          Host: 'evil.example',
          Cookie: sandbox.cookie,
          'X-Requested-With': 'portal',
          'Token-Perspective': CITY,
          ...(body ? { 'Content-Type': 'application/json' } : {}),
          ...opts.headers,
        },
      },
      (res) => {
        let text = ''
        res.setEncoding('utf8')
        res.on('data', (chunk: string) => (text += chunk))
        res.on('end', () => resolve({ status: res.statusCode ?? 0, text }))
      },
    )
    req.on('error', reject)
    req.end(body)
  })
}

const resetRequest = (completionUrl: string) => ({
  completionUrl,
  paymentFacilitatorId: SEED_PAYMENT_FACILITATORS.sandboxPay,
  emailAddress: 'owner@example.com',
})

async function receiptId(sandbox: Sandbox): Promise<string> {
  const row = await firstRow<{ receipt_id: string }>(
    sandbox.t.database,
    'select receipt_id from sales where submerchant_id = $1 and receipt_id is not null limit 1',
    [CITY],
  )
  return row.receipt_id
}

async function outboxLinks(sandbox: Sandbox, kind: string): Promise<string[]> {
  const messages = await listOutboxMessages(sandbox.t.database.db)
  return messages
    .filter((m) => m.kind === kind)
    .map((m) => String(m.metadata.link ?? m.metadata.receiptUrl))
}

describe('links with PUBLIC_URL set and a forged Host', () => {
  let sandbox: Sandbox | undefined
  beforeAll(async () => {
    sandbox = await start({
      publicUrl: PUBLIC_URL,
      corsOrigins: [PORTAL_ORIGIN, CORS_ONLY_ORIGIN],
      portalOrigins: [PORTAL_ORIGIN],
    })
  })
  afterAll(() => stop(sandbox))

  it('refuses a reset completion page on the forged host and mails nothing', async () => {
    const s = sandbox as Sandbox
    const res = await send(s, 'POST', '/v1/password-reset-tickets', {
      json: resetRequest('http://evil.example/reset-password'),
    })
    expect(res.status).toBe(400)
    expect(JSON.parse(res.text)).toMatchObject({
      errors: [
        { field: 'completionUrl', messages: ['completionUrl must be a page of the portal'] },
      ],
    })
    expect(await outboxLinks(s, 'password_reset')).toEqual([])
  })

  it('stores reset links on PUBLIC_URL or a PORTAL_ORIGINS origin only, not a CORS-only one', async () => {
    const s = sandbox as Sandbox
    const statuses = []
    for (const origin of [PUBLIC_URL, PORTAL_ORIGIN, CORS_ONLY_ORIGIN]) {
      const res = await send(s, 'POST', '/v1/password-reset-tickets', {
        json: resetRequest(`${origin}/reset-password`),
      })
      statuses.push(res.status)
    }
    expect(statuses).toEqual([202, 202, 400])
    const links = await outboxLinks(s, 'password_reset')
    expect(links.map((link) => new URL(link).origin).sort()).toEqual([PORTAL_ORIGIN, PUBLIC_URL])
    expect(links.join(' ')).not.toContain('evil.example')
  })

  it('builds the receipt link from PUBLIC_URL', async () => {
    const s = sandbox as Sandbox
    const id = await receiptId(s)
    const res = await send(s, 'POST', `/v1/receipts/${id}/advice`, {
      json: { channel: 'sms', phoneNumber: '+447700900123', brand: 'metropay' },
      headers: { 'X-Forwarded-Host': 'evil.example', 'X-Forwarded-Proto': 'http' },
    })
    expect(res.status).toBe(201)
    expect(await outboxLinks(s, 'receipt_advice')).toEqual([`${PUBLIC_URL}/receipts/${id}`])
    const [message] = await listOutboxMessages(s.t.database.db)
    expect(message?.body).not.toContain('evil.example')
  })

  it('gives the status page its PUBLIC_URL', async () => {
    const res = await send(sandboxOf(sandbox), 'GET', '/sandbox/status/api/v2/status.json')
    expect(JSON.parse(res.text)).toMatchObject({ page: { url: `${PUBLIC_URL}/` } })
  })
})

const sandboxOf = (s: Sandbox | undefined) => s as Sandbox

describe('links behind a trusted proxy (TRUST_PROXY=1)', () => {
  let sandbox: Sandbox | undefined
  beforeAll(async () => {
    sandbox = await start({ publicUrl: PUBLIC_URL, trustProxy: true, exposed: true })
  })
  afterAll(() => stop(sandbox))

  it('refuses a reset page on a forwarded host, and mails nothing (issue 49, rule 1)', async () => {
    const s = sandboxOf(sandbox)
    const res = await send(s, 'POST', '/v1/password-reset-tickets', {
      json: resetRequest('https://evil.example/reset-password'),
      headers: { 'X-Forwarded-Host': 'evil.example', 'X-Forwarded-Proto': 'https' },
    })
    expect(res.status).toBe(400)
    expect(JSON.parse(res.text)).toMatchObject({
      errors: [
        { field: 'completionUrl', messages: ['completionUrl must be a page of the portal'] },
      ],
    })
    expect(await outboxLinks(s, 'password_reset')).toEqual([])
  })

  it('builds every link on PUBLIC_URL whatever X-Forwarded-Host and -Proto say', async () => {
    const s = sandboxOf(sandbox)
    const reset = await send(s, 'POST', '/v1/password-reset-tickets', {
      json: resetRequest(`${PUBLIC_URL}/reset-password`),
      headers: { 'X-Forwarded-Host': 'evil.example', 'X-Forwarded-Proto': 'http' },
    })
    expect(reset.status).toBe(202)
    const id = await receiptId(s)
    const advice = { channel: 'sms', phoneNumber: '+447700900123', brand: 'metropay' }
    const forwarded = await send(s, 'POST', `/v1/receipts/${id}/advice`, {
      json: advice,
      headers: { 'X-Forwarded-Host': 'cabs.fleet.test', 'X-Forwarded-Proto': 'https' },
    })
    const junk = await send(s, 'POST', `/v1/receipts/${id}/advice`, {
      json: advice,
      headers: { 'X-Forwarded-Host': 'evil.example/@x', 'X-Forwarded-Proto': 'javascript' },
    })
    const link = await send(s, 'POST', '/v1/intents', {
      json: { saleAmount: 1234, currency: 'GBP', submerchantId: CITY, description: 'Fare' },
      headers: { 'X-Forwarded-Host': 'evil.example', 'Idempotency-Key': 'public-url-link-1' },
    })
    expect([forwarded.status, junk.status, link.status]).toEqual([201, 201, 201])
    expect(await outboxLinks(s, 'receipt_advice')).toEqual([
      `${PUBLIC_URL}/receipts/${id}`,
      `${PUBLIC_URL}/receipts/${id}`,
    ])
    const [resetLink] = await outboxLinks(s, 'password_reset')
    expect(new URL(resetLink!).origin).toBe(PUBLIC_URL)
    const intent = JSON.parse(link.text) as { id: string; clientAccessUrl: string }
    expect(intent.clientAccessUrl).toBe(`${PUBLIC_URL}/pay/${intent.id}`)
  })
})

// Issue 49, rule 2: the peer (127.0.0.1) is the trusted proxy; HAProxy's `option forwardfor`
// appended its hop after whatever the client had written.
describe("the client's address behind a trusted proxy", () => {
  let sandbox: Sandbox | undefined
  beforeAll(async () => {
    sandbox = await start({ publicUrl: PUBLIC_URL, trustProxy: true, exposed: true })
  })
  afterAll(() => stop(sandbox))

  const ipOfLink = async (s: Sandbox, headers: Record<string, string>) => {
    const res = await send(s, 'POST', '/v1/intents', {
      json: { saleAmount: 1234, currency: 'GBP', submerchantId: CITY, description: 'Fare' },
      headers,
    })
    expect(res.status).toBe(201)
    const { id } = JSON.parse(res.text) as { id: string }
    const row = await firstRow<{ ip_address: string | null }>(
      s.t.database,
      'select ip_address from activity_events where object_id = $1',
      [id],
    )
    return row.ip_address
  }

  it('logs the hop the proxy added, not the address the client wrote', async () => {
    const s = sandboxOf(sandbox)
    expect(
      await ipOfLink(s, {
        'X-Forwarded-For': '203.0.113.66, 198.51.100.7',
        'Idempotency-Key': 'xff-appended',
      }),
    ).toBe('198.51.100.7')
    expect(
      await ipOfLink(s, { 'X-Forwarded-For': 'evil, 198.51.100.8', 'Idempotency-Key': 'xff-junk' }),
    ).toBe('198.51.100.8')
    expect(await ipOfLink(s, { 'Idempotency-Key': 'xff-none' })).toBe('127.0.0.1')
  })
})

describe('links when PUBLIC_URL is the default loopback listening address', () => {
  let sandbox: Sandbox | undefined
  beforeAll(async () => {
    sandbox = await start({ publicUrl: 'http://localhost:8080' })
  })
  afterAll(() => stop(sandbox))

  it('accepts the loopback names of the server for the completion page, not the forged host', async () => {
    const s = sandboxOf(sandbox)
    const statuses = []
    for (const origin of [
      'http://127.0.0.1:8080',
      'http://localhost:8080',
      'http://evil.example',
      'http://127.0.0.1:9999',
    ]) {
      const res = await send(s, 'POST', '/v1/password-reset-tickets', {
        json: resetRequest(`${origin}/reset-password`),
      })
      statuses.push(res.status)
    }
    expect(statuses).toEqual([202, 202, 400, 400])
  })
})
