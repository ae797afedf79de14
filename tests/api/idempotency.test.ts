import { type } from 'arktype'
import { count } from 'drizzle-orm'
import { beforeEach, describe, expect, it } from 'vitest'
import { outboxMessages } from '../../server/db/schema/platform'
import { parseJsonBody } from '../../server/middleware/validate'
import { requireAuth } from '../../server/middleware/auth'
import { addOutboxMessage } from '../../server/sandbox/outbox'
import { SEED_SUBMERCHANTS } from '../../server/seed/ids'
import { Client, createTestApp, EMAILS, signedIn, type TestApp } from './auth-harness'

const Note = type({ recipient: 'string.email', text: '0 < string <= 200' })

let t: TestApp
let owner: Client
// Lets a test hold the first request inside its handler, and know when it got there.
let gate: Promise<void> | null = null
let arrived = () => {}
// Makes the handler fail after its write, as a crash or a bug would.
let failAfterWrite = false

beforeEach(async () => {
  t = await createTestApp()
  gate = null
  failAfterWrite = false
  // A test-only POST that creates a row, behind the app's real /v1 middleware.
  t.app.post('/v1/test-notes', async (c) => {
    const auth = requireAuth(c)
    const input = await parseJsonBody(c, Note)
    arrived()
    if (gate) await gate
    // Yield so concurrent requests genuinely interleave.
    await new Promise((resolve) => setTimeout(resolve, 5))
    const message = await addOutboxMessage(c.get('deps').db.db, {
      channel: 'email',
      kind: 'test_note',
      recipient: input.recipient,
      body: input.text,
      metadata: { by: auth.userId },
      createdAt: c.get('deps').clock.now(),
    })
    if (failAfterWrite) throw new Error('failed after the write')
    return c.json({ id: message.id, createdAt: message.createdAt, random: Math.random() }, 201)
  })
  owner = await signedIn(t.app)
})

const rows = async () => {
  const [row] = await t.database.db.select({ n: count() }).from(outboxMessages)
  return row?.n ?? 0
}

const post = (client: Client, key: string, text = 'hello', extra: Record<string, string> = {}) =>
  client.request('POST', '/v1/test-notes', {
    json: { recipient: 'someone@example.com', text },
    headers: { 'Idempotency-Key': key, ...extra },
  })

describe('Idempotency-Key', () => {
  it('replays the first response byte for byte', async () => {
    const first = await post(owner, 'key-replay')
    const firstBody = await first.text()
    t.clock.advance(60)
    const second = await post(owner, 'key-replay')
    expect(second.status).toBe(first.status)
    expect(second.headers.get('Content-Type')).toBe(first.headers.get('Content-Type'))
    expect(await second.text()).toBe(firstBody)
    expect(second.headers.get('Idempotent-Replayed')).toBe('true')
    expect(await rows()).toBe(1)
  })

  it('creates exactly one row for 50 concurrent requests with the same key', async () => {
    const responses = await Promise.all(
      Array.from({ length: 50 }, () => post(owner, 'key-concurrent')),
    )
    const statuses = responses.map((r) => r.status)
    expect(statuses.every((s) => s === 201 || s === 409)).toBe(true)
    expect(statuses.filter((s) => s === 201).length).toBeGreaterThanOrEqual(1)
    const created = await Promise.all(
      responses.filter((r) => r.status === 201).map((r) => r.text()),
    )
    expect(new Set(created).size).toBe(1)
    expect(await rows()).toBe(1)
  })

  it('answers 409 with Retry-After to a duplicate while the first is in flight', async () => {
    let release = () => {}
    gate = new Promise((resolve) => {
      release = resolve
    })
    const inside = new Promise<void>((resolve) => {
      arrived = resolve
    })
    const first = post(owner, 'key-in-flight')
    await inside
    // The same on PGlite (one connection) and PostgreSQL: no waiting for the first to finish.
    const res = await post(owner, 'key-in-flight')
    expect(res.status).toBe(409)
    expect(res.headers.get('Retry-After')).toBe('1')
    expect(((await res.json()) as { code: string }).code).toBe('idempotency_key_in_use')
    release()
    expect((await first).status).toBe(201)
    const retry = await post(owner, 'key-in-flight')
    expect(retry.status).toBe(201)
    expect(retry.headers.get('Idempotent-Replayed')).toBe('true')
    expect(await rows()).toBe(1)
  })

  it('stores the response in the transaction of the write: a failure after the write leaves neither', async () => {
    failAfterWrite = true
    expect((await post(owner, 'key-atomic')).status).toBe(500)
    expect(await rows()).toBe(0)
    failAfterWrite = false
    const retry = await post(owner, 'key-atomic')
    expect(retry.status).toBe(201)
    expect(retry.headers.get('Idempotent-Replayed')).toBeNull()
    expect((await post(owner, 'key-atomic')).headers.get('Idempotent-Replayed')).toBe('true')
    expect(await rows()).toBe(1)
  })

  it('refuses the same key with a different body with 422', async () => {
    expect((await post(owner, 'key-mismatch', 'first')).status).toBe(201)
    const res = await post(owner, 'key-mismatch', 'second')
    expect(res.status).toBe(422)
    expect(((await res.json()) as { code: string }).code).toBe('idempotency_key_reused')
    expect(await rows()).toBe(1)
  })

  it('does not store validation failures', async () => {
    const invalid = await owner.request('POST', '/v1/test-notes', {
      json: { recipient: 'not-an-email', text: 'hello' },
      headers: { 'Idempotency-Key': 'key-invalid' },
    })
    expect(invalid.status).toBe(400)
    const fixed = await post(owner, 'key-invalid')
    expect(fixed.status).toBe(201)
    expect(await rows()).toBe(1)
  })

  it('keeps keys for 24 hours on the sandbox clock', async () => {
    expect((await post(owner, 'key-expiry', 'day one')).status).toBe(201)
    t.clock.advance(23 * 3600)
    // The access token lasts 15 minutes; refresh as the portal would.
    expect((await owner.refresh()).status).toBe(200)
    expect((await post(owner, 'key-expiry', 'day two')).status).toBe(422)
    t.clock.advance(3600 + 1)
    expect((await owner.refresh()).status).toBe(200)
    expect((await post(owner, 'key-expiry', 'day two')).status).toBe(201)
    expect(await rows()).toBe(2)
  })

  it('scopes keys to the user and the perspective', async () => {
    const manager = await signedIn(t.app, EMAILS.manager)
    expect((await post(owner, 'key-scope')).status).toBe(201)
    expect((await post(manager, 'key-scope')).status).toBe(201)
    const other = await post(owner, 'key-scope', 'hello', {
      'Token-Perspective': SEED_SUBMERCHANTS.cityCabs,
    })
    expect(other.status).toBe(201)
    expect(await rows()).toBe(3)
  })

  it('rejects malformed keys and works as usual without one', async () => {
    const bad = await post(owner, 'x'.repeat(256))
    expect(bad.status).toBe(400)
    expect((await post(owner, '')).status).toBe(400)
    const plainA = await owner.request('POST', '/v1/test-notes', {
      json: { recipient: 'someone@example.com', text: 'hello' },
    })
    const plainB = await owner.request('POST', '/v1/test-notes', {
      json: { recipient: 'someone@example.com', text: 'hello' },
    })
    expect([plainA.status, plainB.status]).toEqual([201, 201])
    expect(await rows()).toBe(2)
  })
})
