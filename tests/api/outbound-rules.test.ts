// Safe to expose, the outbound half (docs/events.md#who-sees-what, docs/events.md#where-deliveries-go,
// docs/events.md#push): who an endpoint's events are for, where an exposed server may send them,
// what a session ends, and which events an API key sees. Each block starts with the case that went
// wrong before. No test reaches a non-loopback address: every resolver here is injected.
import { createECDH, randomBytes } from 'node:crypto'
import type { LookupAddress } from 'node:dns'
import { createServer, type Server } from 'node:http'
import type { AddressInfo } from 'node:net'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { EventType } from '@/api/schema/event-values'
import type { ApiKey, WebhookAttempt, WebhookEndpoint } from '@/api/schema/developer'
import { createApp } from '../../server/app'
import type { Deps } from '../../server/context'
import { queryRows } from '../../server/db/client'
import { replacePassword } from '../../server/domain/accounts'
import { recordEvent } from '../../server/domain/events'
import { deliverDue } from '../../server/webhooks/delivery'
import type { HostResolver } from '../../server/lib/public-address'
import { startWebhookReceiver, type WebhookReceiver } from '../support/webhook-receiver'
import { Client, errorBody, makeDistDir, PORTAL_ORIGIN } from './auth-harness'
import { clientFor, seededApp, type SeededApp } from './helpers/app'
import { DEMO_PASSWORD, firstRow, SEED_SUBMERCHANTS, SEED_USERS } from './helpers/db'

const CITY = SEED_SUBMERCHANTS.cityCabs
const AIRPORT = SEED_SUBMERCHANTS.airportExpress
// Payouts there are for the owner only (docs/roles.md#payouts); it has no seeded endpoint.
const HARBOUR = SEED_SUBMERCHANTS.harbourCars

// The only names any delivery here may resolve; every other name fails as DNS would.
const NAMES: Record<string, LookupAddress[]> = {
  'public.example': [{ address: '93.184.216.34', family: 4 }],
  'internal.example': [{ address: '10.0.0.1', family: 4 }],
  'fcm.googleapis.com': [{ address: '142.250.0.95', family: 4 }],
  'push.evil.example': [{ address: '93.184.216.35', family: 4 }],
}
const resolveHost: HostResolver = async (hostname) => {
  const found = NAMES[hostname]
  if (!found) throw new Error(`ENOTFOUND ${hostname}`)
  return found
}

let ctx: SeededApp
// The loopback-only sandbox, and the same database served as an exposed server.
let sandboxDeps: Deps
let exposedDeps: Deps
let exposedApp: ReturnType<typeof createApp>
let receiver: WebhookReceiver
let saleId: string

beforeAll(async () => {
  ctx = await seededApp()
  const config = {
    mode: 'test' as const,
    sandboxControls: true,
    corsOrigins: [PORTAL_ORIGIN],
    portalOrigins: [PORTAL_ORIGIN],
    distDir: makeDistDir(),
    insecureCookies: true,
  }
  sandboxDeps = { db: ctx.database, clock: ctx.clock, config, resolveHost }
  exposedDeps = { ...sandboxDeps, config: { ...config, exposed: true } }
  exposedApp = createApp(exposedDeps)
  receiver = await startWebhookReceiver(() => ({
    status: 200,
    body: 'y'.repeat(10_000),
    contentType: 'text/plain',
  }))
  saleId = (
    await firstRow<{ id: string }>(
      ctx.database,
      'select id from sales where submerchant_id = $1 order by captured_at desc limit 1',
      [CITY],
    )
  ).id
})
afterAll(async () => {
  await receiver.close()
  await ctx.database.close()
})

const BASE = '/v1/webhook-endpoints'

type FieldErrors = { field: string; messages: string[] }[]

async function createEndpoint(
  client: Client,
  submerchantId: string,
  json: Record<string, unknown>,
): Promise<Response> {
  return client.request('POST', BASE, {
    json: { submerchantId, url: receiver.url, events: ['sale.created'], ...json },
    perspective: submerchantId,
  })
}

async function emit(submerchantId: string, type: EventType) {
  return ctx.database.db.transaction((tx) =>
    recordEvent(tx, {
      submerchantId,
      type,
      data: { id: `obj_${randomBytes(6).toString('hex')}`, amount: 100, currency: 'GBP' },
      now: ctx.clock.now(),
    }),
  )
}

async function notificationsOf(endpointId: string): Promise<{ event: string; due: boolean }[]> {
  return queryRows(
    ctx.database,
    `select event, next_attempt_at is not null as due from webhook_notifications
      where endpoint_id = $1 order by created_at, id`,
    [endpointId],
  )
}

describe('webhooks obey the event rule of the stream, bell and push', () => {
  it('refuses a payout endpoint to a manager of a payout-restricted account with the payouts text', async () => {
    const manager = await clientFor(ctx.app, 'manager@example.com', HARBOUR)
    const res = await createEndpoint(manager, HARBOUR, {
      events: ['payout.created', 'payout.paid'],
    })
    expect(res.status).toBe(403)
    const payouts = await manager.request('GET', '/v1/payouts', { perspective: HARBOUR })
    expect(payouts.status).toBe(403)
    expect(await errorBody(res)).toMatchObject({ message: (await errorBody(payouts)).message })
    // What the manager may see is fine.
    expect((await createEndpoint(manager, HARBOUR, { events: ['sale.created'] })).status).toBe(201)
  })

  it('queues only what the creator may still see: a later role change stops payouts', async () => {
    const owner = await clientFor(ctx.app, 'owner@example.com', HARBOUR)
    const setRole = (role: string) =>
      owner.request('PATCH', `/v1/submerchants/${HARBOUR}/users/${SEED_USERS.manager}`, {
        json: { role },
        perspective: HARBOUR,
      })
    expect((await setRole('owner')).status).toBe(200)
    const manager = await clientFor(ctx.app, 'manager@example.com', HARBOUR)
    const res = await createEndpoint(manager, HARBOUR, {
      events: ['payout.created', 'sale.created'],
    })
    expect(res.status).toBe(201)
    const endpoint = (await res.json()) as WebhookEndpoint
    await emit(HARBOUR, 'payout.created')
    expect(await notificationsOf(endpoint.id)).toEqual([{ event: 'payout.created', due: true }])
    expect((await setRole('manager')).status).toBe(200)
    await emit(HARBOUR, 'payout.created')
    await emit(HARBOUR, 'sale.created')
    expect((await notificationsOf(endpoint.id)).map((n) => n.event)).toEqual([
      'payout.created',
      'sale.created',
    ])
    // Turning it off and on again is held to the rule of a new endpoint.
    const again = await clientFor(ctx.app, 'manager@example.com', HARBOUR)
    const toggle = (isEnabled: boolean) =>
      again.request('PATCH', `${BASE}/${endpoint.id}`, {
        json: { isEnabled },
        perspective: HARBOUR,
      })
    expect((await toggle(false)).status).toBe(200)
    expect((await toggle(true)).status).toBe(403)
    await queryRows(
      ctx.database,
      'update webhook_notifications set next_attempt_at = null where endpoint_id = $1',
      [endpoint.id],
    )
  })
})

describe('no request to a private address from an exposed server', () => {
  it.each([
    'http://169.254.169.254/latest/meta-data/',
    'http://10.0.0.5:8080/',
    'http://2130706433/',
    'http://[::ffff:127.0.0.1]/',
    'http://localhost./',
    'https://internal.example/hooks',
  ])('refuses the endpoint %s at create: 400 on url', async (url) => {
    const owner = await clientFor(exposedApp, 'owner@example.com', CITY)
    const res = await createEndpoint(owner, CITY, { url })
    expect(res.status).toBe(400)
    expect(((await res.json()) as { errors: FieldErrors }).errors).toEqual([
      { field: 'url', messages: ['must be a public address'] },
    ])
  })

  it('accepts a public receiver on an exposed server, and a local one on the sandbox', async () => {
    const exposedOwner = await clientFor(exposedApp, 'owner@example.com', CITY)
    // Created disabled: nothing is ever sent to it.
    const res = await createEndpoint(exposedOwner, CITY, {
      url: 'https://public.example/hooks',
      isEnabled: false,
    })
    expect(res.status).toBe(201)
    const owner = await clientFor(ctx.app, 'owner@example.com', CITY)
    expect((await createEndpoint(owner, CITY, { isEnabled: false })).status).toBe(201)
  })

  it('checks again at delivery: an endpoint saved on the sandbox gets nothing once exposed', async () => {
    const owner = await clientFor(ctx.app, 'owner@example.com', CITY)
    const endpoint = (await (await createEndpoint(owner, CITY, {})).json()) as WebhookEndpoint
    const sent = await owner.request('POST', `${BASE}/${endpoint.id}/test-notifications`, {
      json: { event: 'sale.created', saleId },
      perspective: CITY,
    })
    expect(sent.status).toBe(201)
    const heard = receiver.received.length
    await deliverDue(exposedDeps)
    expect(receiver.received.length).toBe(heard)
    const [attempt] = await queryRows<{ response_status_code: number | null }>(
      ctx.database,
      `select a.response_status_code from webhook_attempts a
         join webhook_notifications n on n.id = a.notification_id where n.endpoint_id = $1`,
      [endpoint.id],
    )
    expect(attempt).toEqual({ response_status_code: null })
    // The sandbox delivers the retry, and the attempt keeps 4 KiB of the 10,000-byte answer.
    await queryRows(
      ctx.database,
      'update webhook_notifications set next_attempt_at = $2 where endpoint_id = $1',
      [endpoint.id, ctx.clock.now().toISOString()],
    )
    await deliverDue(sandboxDeps)
    const { id } = (await sent.json()) as { id: string }
    expect(receiver.received.filter((r) => r.headers['webhook-id'] === id)).toHaveLength(1)
    const attempts = await owner.request(
      'GET',
      `${BASE}/${endpoint.id}/notifications/${id}/attempts?sort=createdAt`,
      { perspective: CITY },
    )
    const [, answered] = (await attempts.json()) as WebhookAttempt[]
    expect(answered?.responseStatusCode).toBe(200)
    expect(answered?.responseBody).toBe('y'.repeat(4096))
  })

  it('a receiver that never answers does not delay the others of its round', async () => {
    const open: (() => void)[] = []
    let slowClosed = false
    let resolveFast!: (slowStillOpen: boolean) => void
    const fastHeard = new Promise<boolean>((resolve) => (resolveFast = resolve))
    const slow: Server = createServer((req) => {
      req.resume()
      req.socket.on('close', () => (slowClosed = true))
      open.push(() => req.destroy())
    })
    const fast: Server = createServer((req, res) => {
      req.resume()
      // Sent one at a time, the slow one (due first) would have timed out by now.
      resolveFast(!slowClosed)
      res.end('ok')
    })
    const listen = async (server: Server) => {
      await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
      return `http://127.0.0.1:${(server.address() as AddressInfo).port}/hooks`
    }
    const owner = await clientFor(ctx.app, 'owner@example.com', CITY)
    let round: Promise<number> | undefined
    try {
      // The slow one is due first, so a round that sent one at a time would wait for its timeout.
      const ids: string[] = []
      for (const url of [await listen(slow), await listen(fast)]) {
        const endpoint = (await (
          await createEndpoint(owner, CITY, { url })
        ).json()) as WebhookEndpoint
        ids.push(endpoint.id)
        const sent = await owner.request('POST', `${BASE}/${endpoint.id}/test-notifications`, {
          json: { event: 'sale.created', saleId },
          perspective: CITY,
        })
        expect(sent.status).toBe(201)
        ctx.clock.advance(1)
      }
      round = deliverDue(sandboxDeps, { timeoutMs: 3000 })
      expect(await fastHeard).toBe(true)
      await round
      // The slow one's try ended at its timeout, with no answer; the fast one's was answered.
      const statuses = await queryRows<{ id: string; status: number | null }>(
        ctx.database,
        `select n.endpoint_id as id, a.response_status_code as status from webhook_attempts a
           join webhook_notifications n on n.id = a.notification_id where n.endpoint_id = any($1)`,
        [ids],
      )
      expect(Object.fromEntries(statuses.map((r) => [r.id, r.status]))).toEqual({
        [ids[0]!]: null,
        [ids[1]!]: 200,
      })
    } finally {
      await round
      open.forEach((close) => close())
      slow.close()
      fast.close()
    }
  })
})

// A device's subscription: a usable P-256 key and auth secret.
function device(endpoint: string, submerchantIds: string[]) {
  const ecdh = createECDH('prime256v1')
  ecdh.generateKeys()
  return {
    endpoint,
    keys: {
      p256dh: ecdh.getPublicKey().toString('base64url'),
      auth: randomBytes(16).toString('base64url'),
    },
    submerchantIds,
    eventTypes: ['sale.created', 'payout.created'],
  }
}

describe('push endpoints on an exposed server', () => {
  it.each([
    ['https://127.0.0.1:1/push', 'must be a public address'],
    ['https://[fe80::1]/push', 'must be a public address'],
    ['https://push.evil.example/push', 'must be on a known push service'],
  ])('refuses %s', async (endpoint, message) => {
    const owner = await clientFor(exposedApp, 'owner@example.com', CITY)
    const res = await owner.request('POST', '/v1/push-subscriptions', {
      json: device(endpoint, [CITY]),
    })
    expect(res.status).toBe(400)
    expect(((await res.json()) as { errors: FieldErrors }).errors).toEqual([
      { field: 'endpoint', messages: [message] },
    ])
  })

  it('takes a known push service at a public address', async () => {
    const owner = await clientFor(exposedApp, 'owner@example.com', CITY)
    const res = await owner.request('POST', '/v1/push-subscriptions', {
      json: device(`https://fcm.googleapis.com/fcm/send/${randomBytes(8).toString('hex')}`, [CITY]),
    })
    expect(res.status).toBe(201)
    const { id } = (await res.json()) as { id: string }
    expect((await owner.request('DELETE', `/v1/push-subscriptions/${id}`)).status).toBe(204)
  })
})

async function subscriptionsOf(userId: string) {
  return queryRows<{ endpoint: string; submerchant_ids: string[] }>(
    ctx.database,
    'select endpoint, submerchant_ids from push_subscriptions where user_id = $1 order by endpoint',
    [userId],
  )
}

// A browser of its own (its own device), signed in for the account.
async function onDevice(emailAddress: string, name: string, submerchantId: string) {
  const client = new Client(ctx.app)
  expect((await client.login(emailAddress, { password: DEMO_PASSWORD, device: name })).status).toBe(
    200,
  )
  expect((await client.refresh({ device: name, attachments: [submerchantId] })).status).toBe(200)
  return client
}

describe('sessions end everything they started', () => {
  it("a password change deletes every other device's subscriptions", async () => {
    const phone = await onDevice('viewer@example.com', 'phone', CITY)
    const laptop = await onDevice('viewer@example.com', 'laptop', CITY)
    for (const [client, path] of [
      [phone, 'phone'],
      [laptop, 'laptop'],
    ] as const) {
      const res = await client.request('POST', '/v1/push-subscriptions', {
        json: device(`http://127.0.0.1:9/${path}`, [CITY]),
      })
      expect(res.status).toBe(201)
    }
    const changed = await laptop.request('PUT', `/v1/users/${SEED_USERS.viewer}/password`, {
      json: { currentPassword: DEMO_PASSWORD, newPassword: 'Quiet-Harbour-Lantern-42' },
    })
    expect(changed.status).toBe(200)
    expect((await subscriptionsOf(SEED_USERS.viewer)).map((s) => s.endpoint)).toEqual([
      'http://127.0.0.1:9/laptop',
    ])
    // A reset (no session at all) deletes every one.
    await replacePassword(
      ctx.database.db,
      { id: SEED_USERS.viewer, emailAddress: 'viewer@example.com' },
      DEMO_PASSWORD,
      ctx.clock.now(),
    )
    expect(await subscriptionsOf(SEED_USERS.viewer)).toEqual([])
  })

  it('leaving an account, or being removed, drops it from subscriptions and queued pushes', async () => {
    const manager = await clientFor(ctx.app, 'manager@example.com', HARBOUR)
    const res = await manager.request('POST', '/v1/push-subscriptions', {
      json: device('http://127.0.0.1:9/manager', [HARBOUR, CITY]),
    })
    expect(res.status).toBe(201)
    const endpoint = (await (
      await createEndpoint(manager, HARBOUR, { events: ['sale.created'], isEnabled: true })
    ).json()) as WebhookEndpoint
    const event = await emit(HARBOUR, 'sale.created')
    const queued = () =>
      queryRows(
        ctx.database,
        `select d.id from push_deliveries d join push_subscriptions s on s.id = d.subscription_id
          where s.user_id = $1 and d.event_id = $2 and d.next_attempt_at is not null`,
        [SEED_USERS.manager, event.id],
      )
    expect(await queued()).toHaveLength(1)
    expect(await notificationsOf(endpoint.id)).toEqual([{ event: 'sale.created', due: true }])
    const owner = await clientFor(ctx.app, 'owner@example.com', HARBOUR)
    const removed = await owner.request(
      'DELETE',
      `/v1/submerchants/${HARBOUR}/users/${SEED_USERS.manager}`,
      { perspective: HARBOUR },
    )
    expect(removed.status).toBe(204)
    expect(await subscriptionsOf(SEED_USERS.manager)).toEqual([
      { endpoint: 'http://127.0.0.1:9/manager', submerchant_ids: [CITY] },
    ])
    expect(await queued()).toEqual([])
    // The endpoint its creator made stops: nothing more is queued, and what was due is not sent.
    await emit(HARBOUR, 'sale.created')
    expect(await notificationsOf(endpoint.id)).toHaveLength(1)
    const heard = receiver.received.length
    await deliverDue(sandboxDeps)
    expect(receiver.received.length).toBe(heard)
    expect(await notificationsOf(endpoint.id)).toEqual([{ event: 'sale.created', due: false }])
  })
})

describe('API keys see events only for objects they may read', () => {
  async function keyWith(permissions: string[]): Promise<string> {
    const owner = await clientFor(ctx.app, 'owner@example.com', CITY)
    const res = await owner.request('POST', '/v1/api-keys', {
      json: { submerchantId: CITY, name: permissions.join(' '), permissions },
      perspective: CITY,
    })
    expect(res.status).toBe(201)
    return ((await res.json()) as ApiKey).token!
  }
  const typesSeen = async (token: string) => {
    const res = await new Client(ctx.app).request('GET', '/v1/events?limit=100', {
      headers: { authorization: `Bearer ${token}` },
    })
    expect(res.status).toBe(200)
    return [...new Set(((await res.json()) as { type: string }[]).map((e) => e.type))].sort()
  }

  it('gives sale.* only with sales:read, intent.* only with intents:read', async () => {
    for (const type of ['sale.created', 'intent.succeeded', 'refund_request.created'] as const) {
      await emit(CITY, type)
    }
    expect(await typesSeen(await keyWith(['webhookNotifications:read']))).toEqual([])
    const sales = await typesSeen(await keyWith(['webhookNotifications:read', 'sales:read']))
    expect(sales).toEqual(expect.arrayContaining(['refund_request.created', 'sale.created']))
    expect(sales.every((type) => /^(sale|refund_request)\./.test(type))).toBe(true)
    const intents = await typesSeen(await keyWith(['webhookNotifications:read', 'intents:read']))
    expect(intents).toContain('intent.succeeded')
    expect(intents.every((type) => type.startsWith('intent.'))).toBe(true)
  })
})

describe('GET /v1/events?submerchantId=', () => {
  it('takes the own account and refuses another like every list', async () => {
    const owner = await clientFor(ctx.app, 'owner@example.com', CITY)
    const own = await owner.request('GET', `/v1/events?submerchantId=${CITY}&limit=5`, {
      perspective: CITY,
    })
    expect(own.status).toBe(200)
    expect(
      ((await own.json()) as { submerchantId: string }[]).every((e) => e.submerchantId === CITY),
    ).toBe(true)
    const other = await owner.request('GET', `/v1/events?submerchantId=${AIRPORT}`, {
      perspective: CITY,
    })
    expect(other.status).toBe(403)
  })
})
