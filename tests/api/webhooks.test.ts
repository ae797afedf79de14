import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { WebhookAttempt, WebhookEndpoint, WebhookNotification } from '@/api/schema/developer'
import type { Deps } from '../../server/context'
import { queryRows } from '../../server/db/client'
import { claimDue, deliverDue } from '../../server/webhooks/delivery'
import { verifySignature } from '../../server/webhooks/signature'
import {
  startWebhookReceiver,
  type ReceiverAnswer,
  type WebhookReceiver,
} from '../support/webhook-receiver'
import { Client, errorBody, type RequestOptions } from './auth-harness'
import { clientFor, seededApp, type SeededApp } from './helpers/app'
import { firstRow, SEED_SUBMERCHANTS } from './helpers/db'

const CITY = SEED_SUBMERCHANTS.cityCabs
const AIRPORT = SEED_SUBMERCHANTS.airportExpress
const BASE = '/v1/webhook-endpoints'

let ctx: SeededApp
let deps: Deps
let owner: Client
let receiver: WebhookReceiver
// The receiver's answer per delivery, settable per test.
let answer: (index: number) => ReceiverAnswer = () => 200
let saleId: string

beforeAll(async () => {
  ctx = await seededApp()
  deps = { db: ctx.database, clock: ctx.clock, config: { mode: 'test' } as Deps['config'] }
  owner = await clientFor(ctx.app, 'owner@example.com', CITY)
  receiver = await startWebhookReceiver((_, index) => answer(index))
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

// The tests move the sandbox clock past the access token's life: refresh and retry once.
async function asOwner(method: string, path: string, opts: RequestOptions): Promise<Response> {
  const res = await owner.request(method, path, opts)
  if (res.status !== 401) return res
  await owner.refresh({ attachments: [CITY] })
  return owner.request(method, path, opts)
}

async function createEndpoint(extra: Record<string, unknown> = {}): Promise<WebhookEndpoint> {
  const res = await asOwner('POST', BASE, {
    json: { submerchantId: CITY, url: receiver.url, events: ['sale.created'], ...extra },
    perspective: CITY,
  })
  expect(res.status).toBe(201)
  return (await res.json()) as WebhookEndpoint
}

async function sendTest(endpointId: string): Promise<WebhookNotification> {
  const res = await asOwner('POST', `${BASE}/${endpointId}/test-notifications`, {
    json: { event: 'sale.created', saleId },
    perspective: CITY,
  })
  expect(res.status).toBe(201)
  return (await res.json()) as WebhookNotification
}

async function attemptsOf(endpointId: string, notificationId: string, query = '') {
  const res = await asOwner(
    'GET',
    `${BASE}/${endpointId}/notifications/${notificationId}/attempts?limit=5&sort=createdAt${query}`,
    { perspective: CITY },
  )
  expect(res.status).toBe(200)
  return (await res.json()) as WebhookAttempt[]
}

async function notification(endpointId: string, id: string): Promise<WebhookNotification> {
  const res = await asOwner('GET', `${BASE}/${endpointId}/notifications?id=${id}`, {
    perspective: CITY,
  })
  const [row] = (await res.json()) as WebhookNotification[]
  return row!
}

describe('webhook endpoints', () => {
  it('creates an endpoint, shows its signing secret once and lists it without', async () => {
    const created = await createEndpoint({ name: 'Dispatch' })
    expect(created.signingSecret).toMatch(/^whsec_[0-9a-f]{48}$/)
    const list = await asOwner('GET', `${BASE}?limit=100`, { perspective: CITY })
    const items = (await list.json()) as WebhookEndpoint[]
    const listed = items.find((e) => e.id === created.id)
    expect(listed).toMatchObject({ name: 'Dispatch', url: receiver.url, isEnabled: true })
    expect(JSON.stringify(items)).not.toContain(created.signingSecret)
  })

  it('accepts only http(s) URLs, with the server message and the field message', async () => {
    const res = await asOwner('POST', BASE, {
      json: { submerchantId: CITY, url: 'ftp://example.com/x', events: ['sale.created'] },
      perspective: CITY,
    })
    expect(res.status).toBe(400)
    const body = (await res.json()) as { message: string; errors: { field: string }[] }
    expect(body.message).toBe('Only http and https URLs are accepted')
    expect(body.errors[0]?.field).toBe('url')
  })

  it('refuses another account in the payload and hides other accounts’ endpoints', async () => {
    const res = await asOwner('POST', BASE, {
      json: { submerchantId: AIRPORT, url: receiver.url, events: ['sale.created'] },
      perspective: CITY,
    })
    expect(res.status).toBe(403)
    const other = await firstRow<{ id: string }>(
      ctx.database,
      'select id from webhook_endpoints where submerchant_id = $1 limit 1',
      [AIRPORT],
    )
    const patch = await asOwner('PATCH', `${BASE}/${other.id}`, {
      json: { isEnabled: false },
      perspective: CITY,
    })
    expect(patch.status).toBe(404)
  })

  it('gives a viewer 403 on every developer route', async () => {
    const viewer = await clientFor(ctx.app, 'viewer@example.com', CITY)
    const endpoint = await createEndpoint()
    const calls: [string, string, unknown?][] = [
      ['GET', BASE],
      ['POST', BASE, { submerchantId: CITY, url: receiver.url, events: ['sale.created'] }],
      ['PATCH', `${BASE}/${endpoint.id}`, { isEnabled: false }],
      ['DELETE', `${BASE}/${endpoint.id}`],
      ['POST', `${BASE}/${endpoint.id}/test-notifications`, { event: 'sale.created', saleId }],
      ['GET', `${BASE}/${endpoint.id}/notifications`],
      ['GET', `${BASE}/${endpoint.id}/notifications/whn_00000000000000000000/attempts`],
      ['POST', `${BASE}/${endpoint.id}/signing-secret-rotations`],
      ['GET', '/v1/api-keys'],
      ['POST', '/v1/api-keys', { submerchantId: CITY, permissions: ['sales:read'] }],
    ]
    for (const [method, path, json] of calls) {
      const res = await viewer.request(method, path, { json, perspective: CITY })
      expect(res.status, `${method} ${path}`).toBe(403)
      expect((await errorBody(res)).message).toBe('Not permitted to view this data.')
    }
  })

  it('toggles, and deletes: gone from the list, 404 afterwards, pending deliveries stop', async () => {
    const endpoint = await createEndpoint()
    const off = await asOwner('PATCH', `${BASE}/${endpoint.id}`, {
      json: { isEnabled: false },
      perspective: CITY,
    })
    expect(await off.json()).toMatchObject({ id: endpoint.id, isEnabled: false })
    const refused = await asOwner('POST', `${BASE}/${endpoint.id}/test-notifications`, {
      json: { event: 'sale.created', saleId },
      perspective: CITY,
    })
    expect(refused.status).toBe(409)
    await asOwner('PATCH', `${BASE}/${endpoint.id}`, {
      json: { isEnabled: true },
      perspective: CITY,
    })
    const pending = await sendTest(endpoint.id)
    const del = await asOwner('DELETE', `${BASE}/${endpoint.id}`, { perspective: CITY })
    expect(del.status).toBe(204)
    const again = await asOwner('DELETE', `${BASE}/${endpoint.id}`, { perspective: CITY })
    expect(again.status).toBe(404)
    const row = await firstRow<{ next_attempt_at: Date | null }>(
      ctx.database,
      'select next_attempt_at from webhook_notifications where id = $1',
      [pending.id],
    )
    expect(row.next_attempt_at).toBeNull()
    const list = await asOwner('GET', `${BASE}?limit=100`, { perspective: CITY })
    expect(((await list.json()) as WebhookEndpoint[]).map((e) => e.id)).not.toContain(endpoint.id)
  })

  it('needs a sale of the account for a test notification', async () => {
    const endpoint = await createEndpoint()
    const res = await asOwner('POST', `${BASE}/${endpoint.id}/test-notifications`, {
      json: { event: 'sale.created' },
      perspective: CITY,
    })
    expect(res.status).toBe(400)
    expect(JSON.stringify(await res.json())).toContain('A sale must be selected')
  })
})

describe('delivery', () => {
  it('POSTs the JSON body signed with the endpoint secret and records the attempt', async () => {
    answer = () => 200
    const endpoint = await createEndpoint()
    const sent = await sendTest(endpoint.id)
    const before = receiver.received.length
    // As server/main.ts calls it when WEBHOOK_LEASE_SECONDS is unset: an undefined option keeps its default.
    expect(await deliverDue(deps, { leaseSeconds: undefined })).toBeGreaterThanOrEqual(1)
    const delivery = receiver.received.slice(before).find((d) => d.body.includes(sent.id))!
    const payload = JSON.parse(delivery.body) as { id: string; event: string; data: { id: string } }
    expect(payload).toMatchObject({ id: sent.id, event: 'sale.created', data: { id: saleId } })
    expect(delivery.headers['content-type']).toBe('application/json')
    const header = delivery.headers['webhook-signature'] as string
    expect(header).toMatch(/^t=\d+,v1=[0-9a-f]{64}$/)
    const nowSeconds = Math.floor(ctx.clock.now().getTime() / 1000)
    const check = { nowSeconds, toleranceSeconds: 300 }
    expect(verifySignature(header, delivery.body, endpoint.signingSecret!, check)).toBe(true)
    expect(verifySignature(header, delivery.body, 'whsec_wrong', check)).toBe(false)
    expect(verifySignature(header, `${delivery.body} `, endpoint.signingSecret!, check)).toBe(false)

    const [attempt] = await attemptsOf(endpoint.id, sent.id)
    expect(attempt).toMatchObject({
      requestUrl: receiver.url,
      requestBody: delivery.body,
      responseStatusCode: 200,
      responseBody: '{"received":true}',
    })
    expect(attempt!.requestHeaders['webhook-signature']).toBe(header)
    expect(attempt!.responseHeaders?.['content-type']).toBe('application/json')
    expect(await notification(endpoint.id, sent.id)).toMatchObject({
      hasSucceeded: true,
      attemptCount: 1,
    })
  })

  it('records an answer with NUL bytes and invalid UTF-8 as text, and counts its 200', async () => {
    const endpoint = await createEndpoint()
    answer = () => ({ status: 200, body: 'ok\u0000fine\udc00', contentType: 'text/plain' })
    const sent = await sendTest(endpoint.id)
    await deliverDue(deps)
    answer = () => 200
    const [attempt, ...more] = await attemptsOf(endpoint.id, sent.id)
    expect(more).toEqual([])
    expect(attempt).toMatchObject({ responseStatusCode: 200, responseBody: 'ok\uFFFDfine\uFFFD' })
    expect(await notification(endpoint.id, sent.id)).toMatchObject({
      hasSucceeded: true,
      attemptCount: 1,
    })
  })

  it('tells the account once when five deliveries in a row failed, and again after a success', async () => {
    const endpoint = await createEndpoint()
    const failing = async () =>
      (
        await queryRows<{ n: number }>(
          ctx.database,
          "select count(*)::int as n from events where type = 'webhook_endpoint.failing' and object_id = $1",
          [endpoint.id],
        )
      )[0]!.n
    let status = 500
    answer = () => status
    // Each test notification is one delivery; six failures make one event, not two.
    for (let i = 0; i < 6; i++) {
      await sendTest(endpoint.id)
      await deliverDue(deps)
      expect(await failing()).toBe(i >= 4 ? 1 : 0)
    }
    status = 200
    await sendTest(endpoint.id)
    await deliverDue(deps)
    status = 503
    for (let i = 0; i < 5; i++) {
      await sendTest(endpoint.id)
      await deliverDue(deps)
    }
    expect(await failing()).toBe(2)
    // Its retries are not the next test's business.
    expect((await asOwner('DELETE', `${BASE}/${endpoint.id}`, { perspective: CITY })).status).toBe(
      204,
    )
  })

  it('retries a failing receiver on the schedule: 3 × 500, then success, 4 attempts', async () => {
    const endpoint = await createEndpoint()
    const sent = await sendTest(endpoint.id)
    let calls = 0
    answer = () => (++calls <= 3 ? 500 : 200)
    const waits: number[] = []
    for (let round = 0; round < 4; round++) {
      // Nothing is sent before its time on the sandbox clock…
      const due = await firstRow<{ next_attempt_at: Date }>(
        ctx.database,
        'select next_attempt_at from webhook_notifications where id = $1',
        [sent.id],
      )
      const wait = Math.ceil(
        (new Date(due.next_attempt_at).getTime() - ctx.clock.now().getTime()) / 1000,
      )
      if (wait > 0) {
        waits.push(wait)
        ctx.clock.advance(wait - 5)
        await deliverDue(deps)
        expect((await notification(endpoint.id, sent.id)).attemptCount).toBe(round)
        ctx.clock.advance(5)
      }
      // …and it is sent once it is due.
      await deliverDue(deps)
    }
    // 1 min, 5 min, 25 min apart, each ±10 %.
    expect(waits).toHaveLength(3)
    expect(waits[0]).toBeGreaterThanOrEqual(54)
    expect(waits[0]).toBeLessThanOrEqual(66)
    expect(waits[1]).toBeGreaterThanOrEqual(270)
    expect(waits[2]).toBeGreaterThanOrEqual(1350)
    expect(await notification(endpoint.id, sent.id)).toMatchObject({
      hasSucceeded: true,
      attemptCount: 4,
    })
    const attempts = await attemptsOf(endpoint.id, sent.id)
    expect(attempts.map((a) => a.responseStatusCode)).toEqual([500, 500, 500, 200])
    const page2 = await attemptsOf(endpoint.id, sent.id, '&offset=2')
    expect(page2.map((a) => a.id)).toEqual(attempts.slice(2).map((a) => a.id))
  })

  it('holds a claimed row for the lease only, so a dead server’s work is taken over', async () => {
    answer = () => 200
    const endpoint = await createEndpoint()
    const sent = await sendTest(endpoint.id)
    const now = ctx.clock.now()
    const lease = new Date(now.getTime() + 60_000)
    const first = await claimDue(ctx.database.db, now, 1000, lease)
    expect(first.map((c) => c.id)).toContain(sent.id)
    expect(await claimDue(ctx.database.db, now, 1000, lease)).toEqual([])
    ctx.clock.advance(61)
    await deliverDue(deps)
    expect(await notification(endpoint.id, sent.id)).toMatchObject({ hasSucceeded: true })
  })

  it('sends nothing to a disabled endpoint', async () => {
    const endpoint = await createEndpoint()
    const sent = await sendTest(endpoint.id)
    await asOwner('PATCH', `${BASE}/${endpoint.id}`, {
      json: { isEnabled: false },
      perspective: CITY,
    })
    const before = receiver.received.length
    await deliverDue(deps)
    expect(receiver.received.slice(before).some((d) => d.body.includes(sent.id))).toBe(false)
    expect(await notification(endpoint.id, sent.id)).toMatchObject({ attemptCount: 0 })
  })

  it('signs with both secrets for 24 h after a rotation', async () => {
    answer = () => 200
    const endpoint = await createEndpoint()
    const rotated = await asOwner('POST', `${BASE}/${endpoint.id}/signing-secret-rotations`, {
      perspective: CITY,
    })
    expect(rotated.status).toBe(201)
    const newSecret = ((await rotated.json()) as WebhookEndpoint).signingSecret!
    expect(newSecret).not.toBe(endpoint.signingSecret)
    const check = () => ({
      nowSeconds: Math.floor(ctx.clock.now().getTime() / 1000),
      toleranceSeconds: 300,
    })
    const deliver = async () => {
      const sent = await sendTest(endpoint.id)
      await deliverDue(deps)
      return receiver.received.find((d) => d.body.includes(sent.id))!
    }
    const during = await deliver()
    const header = during.headers['webhook-signature'] as string
    expect(header.match(/v1=/g)).toHaveLength(2)
    expect(verifySignature(header, during.body, newSecret, check())).toBe(true)
    expect(verifySignature(header, during.body, endpoint.signingSecret!, check())).toBe(true)
    ctx.clock.advance(24 * 3600 + 1)
    const after = await deliver()
    const later = after.headers['webhook-signature'] as string
    expect(later.match(/v1=/g)).toHaveLength(1)
    expect(verifySignature(later, after.body, newSecret, check())).toBe(true)
    expect(verifySignature(later, after.body, endpoint.signingSecret!, check())).toBe(false)
  })

  it('resends one or many notifications, and filters the history by outcome', async () => {
    const endpoint = await createEndpoint()
    answer = () => 500
    const a = await sendTest(endpoint.id)
    const b = await sendTest(endpoint.id)
    await deliverDue(deps)
    const failed = await asOwner('GET', `${BASE}/${endpoint.id}/notifications?hasSucceeded=false`, {
      perspective: CITY,
    })
    expect(((await failed.json()) as WebhookNotification[]).map((n) => n.id).sort()).toEqual(
      [a.id, b.id].sort(),
    )
    answer = () => 200
    const resend = await asOwner('POST', `${BASE}/${endpoint.id}/notifications/resends`, {
      json: { notificationIds: [a.id, b.id] },
      perspective: CITY,
    })
    expect(resend.status).toBe(202)
    await deliverDue(deps)
    const ok = await asOwner('GET', `${BASE}/${endpoint.id}/notifications?hasSucceeded=true`, {
      perspective: CITY,
    })
    expect(((await ok.json()) as WebhookNotification[]).map((n) => n.attemptCount)).toEqual([2, 2])
    const unknown = await asOwner('POST', `${BASE}/${endpoint.id}/notifications/resends`, {
      json: { notificationIds: [a.id, 'whn_00000000000000000000'] },
      perspective: CITY,
    })
    expect(unknown.status).toBe(404)
  })
})
