// Web Push (docs/events.md#push): the routes, who gets a push, and the delivery to a stand-in push
// service that this test decrypts (RFC 8291) and whose VAPID signature it checks (RFC 8292).
import {
  createDecipheriv,
  createECDH,
  createPublicKey,
  hkdfSync,
  randomBytes,
  verify,
} from 'node:crypto'
import { createServer, type IncomingHttpHeaders, type Server } from 'node:http'
import type { AddressInfo } from 'node:net'
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest'
import type { EventType } from '@/api/schema/event-values'
import type { Deps } from '../../server/context'
import { queryRows } from '../../server/db/client'
import { events } from '../../server/db/schema/events'
import { newId } from '../../server/auth/random'
import { recordEvent } from '../../server/domain/events'
import { deliverDuePushes, startPushDeliveryLoop } from '../../server/push/delivery'
import { pushPayload } from '../../server/push/payload'
import { queuePushDeliveries, type QueuedEvent } from '../../server/push/queue'
import { Client } from './auth-harness'
import { clientFor, seededApp, type SeededApp } from './helpers/app'
import { SEED_SUBMERCHANTS, SEED_USERS, TEST_API_KEY_TOKEN } from './helpers/db'

const CITY = SEED_SUBMERCHANTS.cityCabs
const AIRPORT = SEED_SUBMERCHANTS.airportExpress
// Payouts there are for the owner only (docs/roles.md#payouts).
const HARBOUR = SEED_SUBMERCHANTS.harbourCars
// The owner is no member of it.
const NORTH = SEED_SUBMERCHANTS.northFleet

let ctx: SeededApp
let deps: Deps
let owner: Client
let manager: Client
let viewer: Client

// ---- The stand-in push service ----------------------------------------------------------------

interface Received {
  path: string
  headers: IncomingHttpHeaders
  body: Buffer
  status: number
}

// Answers each path with its scripted statuses in turn (then 201), and keeps every request.
class PushService {
  readonly received: Received[] = []
  private readonly scripts = new Map<
    string,
    { status: number; headers?: Record<string, string> }[]
  >()
  private server!: Server
  origin = ''

  async start() {
    this.server = createServer((req, res) => {
      const chunks: Buffer[] = []
      req.on('data', (chunk: Buffer) => chunks.push(chunk))
      req.on('end', () => {
        const path = req.url ?? '/'
        const next = this.scripts.get(path)?.shift() ?? { status: 201 }
        this.received.push({ path, headers: req.headers, body: Buffer.concat(chunks), ...next })
        res.writeHead(next.status, { ...next.headers })
        res.end()
      })
    })
    await new Promise<void>((resolve) => this.server.listen(0, '127.0.0.1', resolve))
    this.origin = `http://127.0.0.1:${(this.server.address() as AddressInfo).port}`
  }

  script(path: string, ...answers: { status: number; headers?: Record<string, string> }[]) {
    this.scripts.set(path, answers)
  }

  to(path: string) {
    return this.received.filter((r) => r.path === path)
  }

  stop() {
    return new Promise<void>((resolve) => this.server.close(() => resolve()))
  }
}

const service = new PushService()

// ---- A browser's side of a subscription ---------------------------------------------------------

interface Device {
  endpoint: string
  path: string
  ecdh: ReturnType<typeof createECDH>
  auth: Buffer
  keys: { p256dh: string; auth: string }
}

function newDevice(): Device {
  const ecdh = createECDH('prime256v1')
  ecdh.generateKeys()
  const auth = randomBytes(16)
  const path = `/push/${randomBytes(8).toString('hex')}`
  return {
    endpoint: `${service.origin}${path}`,
    path,
    ecdh,
    auth,
    keys: { p256dh: ecdh.getPublicKey().toString('base64url'), auth: auth.toString('base64url') },
  }
}

// The aes128gcm body of Web Push encryption (RFC 8291 section 3.4, RFC 8188), one record, decrypted with the device's keys.
function decrypt(device: Device, body: Buffer): unknown {
  const salt = body.subarray(0, 16)
  const idlen = body[20]!
  const asPublic = body.subarray(21, 21 + idlen)
  const record = body.subarray(21 + idlen)
  const uaPublic = device.ecdh.getPublicKey()
  const ecdhSecret = device.ecdh.computeSecret(asPublic)
  const keyInfo = Buffer.concat([Buffer.from('WebPush: info\0'), uaPublic, asPublic])
  const ikm = Buffer.from(hkdfSync('sha256', ecdhSecret, device.auth, keyInfo, 32))
  const cek = Buffer.from(hkdfSync('sha256', ikm, salt, 'Content-Encoding: aes128gcm\0', 16))
  const nonce = Buffer.from(hkdfSync('sha256', ikm, salt, 'Content-Encoding: nonce\0', 12))
  const decipher = createDecipheriv('aes-128-gcm', cek, nonce)
  decipher.setAuthTag(record.subarray(record.length - 16))
  const padded = Buffer.concat([
    decipher.update(record.subarray(0, record.length - 16)),
    decipher.final(),
  ])
  // The last record ends with the delimiter 0x02, then zero padding.
  let end = padded.length - 1
  while (end >= 0 && padded[end] === 0) end -= 1
  expect(padded[end]).toBe(2)
  return JSON.parse(padded.subarray(0, end).toString('utf8'))
}

// RFC 8292: `vapid t=<JWT>, k=<public key>`, an ES256 JWT for the push service's origin.
function checkVapid(headers: IncomingHttpHeaders, publicKey: string) {
  const match = /^vapid t=([^,\s]+),\s*k=(\S+)$/.exec(headers.authorization ?? '')
  expect(match, headers.authorization).not.toBeNull()
  const [, jwt, k] = match!
  expect(k).toBe(publicKey)
  const [header, claims, signature] = jwt!.split('.') as [string, string, string]
  expect(JSON.parse(Buffer.from(header, 'base64url').toString())).toMatchObject({
    alg: 'ES256',
    typ: 'JWT',
  })
  const raw = Buffer.from(publicKey, 'base64url')
  const key = createPublicKey({
    key: {
      kty: 'EC',
      crv: 'P-256',
      x: raw.subarray(1, 33).toString('base64url'),
      y: raw.subarray(33, 65).toString('base64url'),
    },
    format: 'jwk',
  })
  const signed = Buffer.from(`${header}.${claims}`)
  const valid = verify(
    'sha256',
    signed,
    { key, dsaEncoding: 'ieee-p1363' },
    Buffer.from(signature, 'base64url'),
  )
  expect(valid).toBe(true)
  const body = JSON.parse(Buffer.from(claims, 'base64url').toString()) as {
    aud: string
    exp: number
    sub: string
  }
  expect(body.aud).toBe(service.origin)
  const now = Date.now() / 1000
  expect(body.exp).toBeGreaterThan(now)
  expect(body.exp).toBeLessThanOrEqual(now + 24 * 3600)
  expect(body.sub).toMatch(/^(mailto:|https:)/)
}

// ---- Helpers ------------------------------------------------------------------------------------

async function subscribe(
  client: Client,
  device: Device,
  submerchantIds: string[],
  eventTypes: EventType[],
) {
  const res = await client.request('POST', '/v1/push-subscriptions', {
    json: { endpoint: device.endpoint, keys: device.keys, submerchantIds, eventTypes },
  })
  expect(res.status, await res.clone().text()).toBe(201)
  return (await res.json()) as { id: string; submerchantIds: string[]; eventTypes: string[] }
}

// An event row as recordEvent writes it, with its pushes queued in the same transaction.
async function emit(
  submerchantId: string,
  type: EventType,
  data: Record<string, unknown> = {},
): Promise<{ event: QueuedEvent; queued: number }> {
  const event: QueuedEvent = {
    id: `evt_${randomBytes(10).toString('hex')}`,
    submerchantId,
    type,
    createdAt: ctx.clock.now(),
    objectId: (data.id as string | undefined) ?? newId('obj'),
    data,
  }
  const queued = await ctx.database.db.transaction(async (tx) => {
    await tx.insert(events).values(event)
    return queuePushDeliveries(tx, event)
  })
  return { event, queued }
}

async function subscriptionExists(id: string) {
  const rows = await queryRows(ctx.database, 'select 1 from push_subscriptions where id = $1', [id])
  return rows.length === 1
}

async function publicKey(): Promise<string> {
  const res = await owner.request('GET', '/v1/push/vapid-public-key')
  expect(res.status).toBe(200)
  return ((await res.json()) as { publicKey: string }).publicKey
}

beforeAll(async () => {
  ctx = await seededApp()
  deps = { db: ctx.database, clock: ctx.clock, config: { mode: 'test' } as Deps['config'] }
  await service.start()
  owner = await clientFor(ctx.app, 'owner@example.com', CITY)
  manager = await clientFor(ctx.app, 'manager@example.com', CITY)
  viewer = await clientFor(ctx.app, 'viewer@example.com', CITY)
})

afterEach(async () => {
  // Nothing of one test is left due for the next.
  await queryRows(ctx.database, 'delete from push_subscriptions')
})

afterAll(async () => {
  await service.stop()
  await ctx.database.close()
})

// ---- Routes -------------------------------------------------------------------------------------

describe('push routes', () => {
  it('gives the stored VAPID public key, the same on every call', async () => {
    const key = await publicKey()
    expect(Buffer.from(key, 'base64url')).toHaveLength(65)
    expect(await publicKey()).toBe(key)
    const rows = await queryRows<{ public_key: string }>(
      ctx.database,
      'select public_key from vapid_keys',
    )
    expect(rows.map((r) => r.public_key)).toEqual([key])
  })

  it('needs a signed-in person: 401 without, 403 for an API key', async () => {
    const anonymous = new Client(ctx.app)
    for (const [method, path] of [
      ['GET', '/v1/push/vapid-public-key'],
      ['GET', '/v1/push-subscriptions'],
      ['POST', '/v1/push-subscriptions'],
      ['DELETE', '/v1/push-subscriptions/psub_0123456789abcdef0123'],
    ] as const) {
      const json = method === 'POST' ? {} : undefined
      expect((await anonymous.request(method, path, { json })).status).toBe(401)
      const byKey = await anonymous.request(method, path, {
        headers: { Authorization: `Bearer ${TEST_API_KEY_TOKEN}` },
        csrf: false,
      })
      expect(byKey.status, `${method} ${path}`).toBe(403)
    }
  })

  it('saves, replaces by endpoint, lists and deletes the person’s subscriptions', async () => {
    const device = newDevice()
    const first = await subscribe(owner, device, [CITY], ['intent.succeeded'])
    expect(first).toMatchObject({ submerchantIds: [CITY], eventTypes: ['intent.succeeded'] })
    const again = await subscribe(owner, device, [CITY, AIRPORT, CITY], ['sale.created'])
    expect(again.id).toBe(first.id)
    expect(again).toMatchObject({ submerchantIds: [CITY, AIRPORT], eventTypes: ['sale.created'] })

    const list = await owner.request('GET', '/v1/push-subscriptions')
    expect(list.headers.get('Total-Count')).toBe('1')
    expect(await list.json()).toEqual([
      expect.objectContaining({ id: first.id, endpoint: device.endpoint }),
    ])
    // Another person's list does not show it, nor may they delete it.
    expect(await (await manager.request('GET', '/v1/push-subscriptions')).json()).toEqual([])
    const theirs = await manager.request('DELETE', `/v1/push-subscriptions/${first.id}`)
    expect(theirs.status).toBe(404)
    expect(await subscriptionExists(first.id)).toBe(true)

    const mine = await owner.request('DELETE', `/v1/push-subscriptions/${first.id}`)
    expect(mine.status).toBe(204)
    expect(await subscriptionExists(first.id)).toBe(false)
    expect((await owner.request('DELETE', `/v1/push-subscriptions/${first.id}`)).status).toBe(404)
  })

  it('moves an endpoint to the person who subscribes it last (one browser, one person)', async () => {
    const device = newDevice()
    const owners = await subscribe(owner, device, [CITY], ['sale.created'])
    const managers = await subscribe(manager, device, [CITY], ['sale.created'])
    expect(await subscriptionExists(owners.id)).toBe(false)
    expect(await subscriptionExists(managers.id)).toBe(true)
  })

  it('refuses an account that is not the person’s with 403, and writes nothing', async () => {
    const device = newDevice()
    const res = await owner.request('POST', '/v1/push-subscriptions', {
      json: {
        endpoint: device.endpoint,
        keys: device.keys,
        submerchantIds: [CITY, NORTH],
        eventTypes: ['sale.created'],
      },
    })
    expect(res.status).toBe(403)
    expect(await (await owner.request('GET', '/v1/push-subscriptions')).json()).toEqual([])
  })

  it('refuses bad input with 400 naming the field', async () => {
    const device = newDevice()
    const valid = {
      endpoint: device.endpoint,
      keys: device.keys,
      submerchantIds: [CITY],
      eventTypes: ['sale.created'],
    }
    const cases: [Record<string, unknown>, string][] = [
      [{ ...valid, endpoint: 'http://push.example.com/x' }, 'endpoint'],
      [{ ...valid, endpoint: 'not a url' }, 'endpoint'],
      [{ ...valid, eventTypes: ['sale.exploded'] }, 'eventTypes.0'],
      [{ ...valid, submerchantIds: ['nope'] }, 'submerchantIds.0'],
      [
        { ...valid, keys: { ...device.keys, p256dh: Buffer.alloc(65, 4).toString('base64url') } },
        'keys.p256dh',
      ],
      [{ ...valid, keys: { ...device.keys, p256dh: 'x' } }, 'keys.p256dh'],
      [{ ...valid, keys: { ...device.keys, auth: 'c2hvcnQ' } }, 'keys.auth'],
      [{ ...valid, keys: undefined }, 'keys'],
    ]
    for (const [json, field] of cases) {
      const res = await owner.request('POST', '/v1/push-subscriptions', { json })
      expect(res.status, JSON.stringify(json)).toBe(400)
      const body = (await res.json()) as { errors: { field: string }[] }
      expect(body.errors.map((e) => e.field)).toContain(field)
    }
    expect((await owner.request('GET', '/v1/push-subscriptions?limit=5')).status).toBe(400)
  })
})

// ---- What a push says -----------------------------------------------------------------------

describe('pushPayload', () => {
  const at = new Date()
  const payload = (type: EventType, objectId: string, data: Record<string, unknown>) =>
    pushPayload({
      id: 'evt_0123456789abcdef',
      submerchantId: CITY,
      type,
      createdAt: at,
      objectId,
      data,
    })

  it('says each object in plain English, links its page, and carries no card data', () => {
    const sale = payload('sale.created', 'sale_1', {
      amount: 1999,
      currency: 'GBP',
      panLastFour: '4242',
      cardScheme: 'visa',
      authCode: 'AUTH77',
    })
    expect(sale).toMatchObject({
      title: 'New sale',
      body: '£19.99',
      url: '/transactions/sales/sale_1',
    })
    expect(JSON.stringify(sale)).not.toMatch(/4242|visa|AUTH77/)
    expect(payload('payout.paid', 'po_1', { amount: 120000, currency: 'EUR' })).toMatchObject({
      title: 'Payout paid',
      body: '€1,200.00',
      url: '/payouts/po_1',
    })
    expect(payload('refund_request.rejected', 'rfr_1', { saleId: 'sale_2' }).url).toBe(
      '/transactions/sales/sale_2',
    )
    expect(
      payload('webhook_endpoint.failing', 'we_1', { name: 'Booking system', url: 'https://x' }),
    ).toMatchObject({
      body: 'Booking system: five deliveries in a row failed',
      url: '/developer/endpoints/we_1/notifications',
    })
    // An object without a readable amount still gives a sentence.
    expect(payload('intent.expired', 'int_1', { amount: 'x', currency: 'ZZZZ' }).body).toBe(
      'Open the portal for details',
    )
  })
})

// ---- Who gets a push ----------------------------------------------------------------------------

describe('queuePushDeliveries', () => {
  it('queues for the subscriptions that asked for the account and the type only', async () => {
    await subscribe(owner, newDevice(), [CITY], ['sale.created'])
    await subscribe(owner, newDevice(), [CITY], ['intent.succeeded'])
    expect((await emit(CITY, 'sale.created')).queued).toBe(1)
    // Another account's event is never queued for it.
    expect((await emit(AIRPORT, 'sale.created')).queued).toBe(0)
    expect((await emit(CITY, 'intent.expired')).queued).toBe(0)
  })

  it('leaves out people whose role may not see the type there', async () => {
    await subscribe(owner, newDevice(), [HARBOUR], ['payout.paid', 'sale.created'])
    await subscribe(manager, newDevice(), [HARBOUR], ['payout.paid', 'sale.created'])
    await subscribe(viewer, newDevice(), [CITY], ['webhook_endpoint.failing', 'payout.paid'])
    // Harbour's payouts are the owner's alone; its sales are everyone's.
    expect((await emit(HARBOUR, 'payout.paid')).queued).toBe(1)
    expect((await emit(HARBOUR, 'sale.created')).queued).toBe(2)
    // A viewer may see City's payouts but not its developer tools.
    expect((await emit(CITY, 'webhook_endpoint.failing')).queued).toBe(0)
    expect((await emit(CITY, 'payout.paid')).queued).toBe(1)
    const rows = await queryRows<{ user_id: string; type: string }>(
      ctx.database,
      `select s.user_id, e.type from push_deliveries d
       join push_subscriptions s on s.id = d.subscription_id join events e on e.id = d.event_id
       where e.submerchant_id = $1 and e.type = 'payout.paid'`,
      [HARBOUR],
    )
    expect(rows.map((r) => r.user_id)).toEqual([SEED_USERS.owner])
  })

  it('leaves out a subscription that lists an account its person has left', async () => {
    const device = newDevice()
    await subscribe(manager, device, [AIRPORT], ['sale.created'])
    await queryRows(
      ctx.database,
      'delete from submerchant_users where user_id = $1 and submerchant_id = $2',
      [SEED_USERS.manager, AIRPORT],
    )
    expect((await emit(AIRPORT, 'sale.created')).queued).toBe(0)
  })
})

// ---- Delivery -----------------------------------------------------------------------------------

describe('push delivery', () => {
  it('sends the encrypted, VAPID-signed payload with TTL and urgency', async () => {
    const device = newDevice()
    await subscribe(owner, device, [CITY], ['intent.succeeded'])
    const intentId = newId('int')
    const { event } = await emit(CITY, 'intent.succeeded', {
      id: intentId,
      amount: 1250,
      captureAmount: 1250,
      currency: 'EUR',
      reference: 'ABC123',
      panLastFour: '4242',
    })
    expect(await deliverDuePushes(deps)).toBe(1)
    const [request] = service.to(device.path)
    expect(request).toBeDefined()
    expect(request!.headers['content-encoding']).toBe('aes128gcm')
    expect(request!.headers.ttl).toBe('86400')
    expect(request!.headers.urgency).toBe('high')
    checkVapid(request!.headers, await publicKey())
    expect(decrypt(device, request!.body)).toEqual({
      id: event.id,
      type: 'intent.succeeded',
      submerchantId: CITY,
      objectId: intentId,
      title: 'Payment link paid',
      body: '€12.50 · Ref ABC123',
      url: `/payment-links/${intentId}`,
    })
    // Sent once: nothing is due any more.
    expect(await deliverDuePushes(deps)).toBe(0)
    expect(service.to(device.path)).toHaveLength(1)
  })

  it('pushes an event written by recordEvent: its transaction queues the delivery', async () => {
    const device = newDevice()
    await subscribe(owner, device, [CITY], ['refund_request.completed'])
    const saleId = newId('sale')
    const input = {
      submerchantId: CITY,
      type: 'refund_request.completed' as const,
      data: { id: newId('rfr'), saleId, amount: 300, currency: 'GBP' },
      now: ctx.clock.now(),
    }
    const { id } = await ctx.database.db.transaction((tx) => recordEvent(tx, input))
    expect(await deliverDuePushes(deps)).toBe(1)
    const [request] = service.to(device.path)
    expect(decrypt(device, request!.body)).toMatchObject({
      id,
      title: 'Refund paid back',
      body: '£3.00',
      url: `/transactions/sales/${saleId}`,
    })
  })

  it('deletes the subscription when the push service answers 410', async () => {
    const device = newDevice()
    const { id } = await subscribe(owner, device, [CITY], ['sale.created'])
    service.script(device.path, { status: 410 })
    await emit(CITY, 'sale.created', { amount: 500, currency: 'GBP' })
    expect(await deliverDuePushes(deps)).toBe(1)
    expect(await subscriptionExists(id)).toBe(false)
  })

  it('retries a 503 after its Retry-After and sends once', async () => {
    const device = newDevice()
    await subscribe(owner, device, [CITY], ['sale.created'])
    service.script(device.path, { status: 503, headers: { 'Retry-After': '30' } })
    const { event } = await emit(CITY, 'sale.created', { amount: 500, currency: 'GBP' })
    expect(await deliverDuePushes(deps)).toBe(1)
    const [row] = await queryRows<{
      attempt_count: number
      next_attempt_at: Date
      last_status: number
    }>(
      ctx.database,
      'select attempt_count, next_attempt_at, last_status from push_deliveries where event_id = $1',
      [event.id],
    )
    expect(row).toMatchObject({ attempt_count: 1, last_status: 503 })
    const waitMs = new Date(row!.next_attempt_at).getTime() - ctx.clock.now().getTime()
    expect(waitMs).toBeGreaterThan(28_000)
    expect(waitMs).toBeLessThanOrEqual(30_000)
    // Not before its time.
    expect(await deliverDuePushes(deps)).toBe(0)
    ctx.clock.advance(31)
    expect(await deliverDuePushes(deps)).toBe(1)
    expect(await deliverDuePushes(deps)).toBe(0)
    const sent = service.to(device.path)
    expect(sent.map((r) => r.status)).toEqual([503, 201])
    expect(decrypt(device, sent[1]!.body)).toMatchObject({ id: event.id, title: 'New sale' })
  })

  it('gives up on another 4xx', async () => {
    const device = newDevice()
    await subscribe(owner, device, [CITY], ['sale.created'])
    service.script(device.path, { status: 400 })
    const { event } = await emit(CITY, 'sale.created')
    expect(await deliverDuePushes(deps)).toBe(1)
    const [row] = await queryRows<{ next_attempt_at: Date | null; last_status: number }>(
      ctx.database,
      'select next_attempt_at, last_status from push_deliveries where event_id = $1',
      [event.id],
    )
    expect(row).toEqual({ next_attempt_at: null, last_status: 400 })
  })

  it('sends each push once with two delivery loops on one database', async () => {
    const device = newDevice()
    await subscribe(owner, device, [CITY], ['sale.created'])
    const ids: string[] = []
    for (let i = 0; i < 20; i += 1) ids.push((await emit(CITY, 'sale.created')).event.id)
    const options = { batchSize: 3, concurrency: 2, idleMs: 5 }
    const loops = [startPushDeliveryLoop(deps, options), startPushDeliveryLoop(deps, options)]
    try {
      await expect
        .poll(
          async () => {
            const [row] = await queryRows<{ n: number }>(
              ctx.database,
              'select count(*)::int as n from push_deliveries where event_id = any($1) and next_attempt_at is null',
              [ids],
            )
            return row?.n
          },
          // Twenty sends by two loops take seconds on a busy machine, not the default second.
          { timeout: 30_000 },
        )
        .toBe(20)
    } finally {
      await Promise.all(loops.map((loop) => loop.stop()))
    }
    const sentIds = service
      .to(device.path)
      .map((r) => (decrypt(device, r.body) as { id: string }).id)
    expect(sentIds.sort()).toEqual([...ids].sort())
  })
})

// Last: it signs the viewer out everywhere, which the tests above rely on.
describe('signing out', () => {
  it("signing out everywhere deletes every device's subscription of that person", async () => {
    const person = await clientFor(ctx.app, 'viewer@example.com', CITY)
    const { id } = await subscribe(person, newDevice(), [CITY], ['sale.created'])
    const kept = await subscribe(owner, newDevice(), [CITY], ['sale.created'])
    expect((await person.request('DELETE', '/v1/tokens/all')).status).toBe(204)
    expect(await subscriptionExists(id)).toBe(false)
    expect(await subscriptionExists(kept.id)).toBe(true)
  })
})
