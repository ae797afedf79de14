// Every audited change writes exactly one activity row in its own transaction, and a refused or
// failed change writes none (docs/entities.md#team-and-activity).
import { TOTP } from 'otpauth'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { ActivityAction, ActivityEntry } from '@/api/schema/team'
import { queryRows } from '../../server/db/client'
import { Client, DEMO_PASSWORD } from './auth-harness'
import { clientFor, seededApp, type SeededApp } from './helpers/app'
import { SEED_SUBMERCHANTS, SEED_USERS, TEST_API_KEY_TOKEN } from './helpers/db'

const CITY = SEED_SUBMERCHANTS.cityCabs
const AIRPORT = SEED_SUBMERCHANTS.airportExpress

let ctx: SeededApp
let owner: Client

beforeAll(async () => {
  ctx = await seededApp()
  owner = await clientFor(ctx.app, 'owner@example.com', CITY)
})
afterAll(async () => {
  await ctx.database.close()
})

interface Row {
  action: string
  outcome: string
  actor_type: string
  actor_id: string
  object_id: string | null
  changes: unknown
}

async function rowsSince(account: string, after: string): Promise<Row[]> {
  return queryRows<Row>(
    ctx.database,
    `select action, outcome, actor_type, actor_id, object_id, changes from activity_events
     where submerchant_id = $1 and id > $2 order by id`,
    [account, after],
  )
}

async function lastId(account: string): Promise<string> {
  const [row] = await queryRows<{ id: string | null }>(
    ctx.database,
    'select max(id) as id from activity_events where submerchant_id = $1',
    [account],
  )
  return row?.id ?? ''
}

async function one<T>(sql: string, params: unknown[]): Promise<T> {
  const [row] = await queryRows<T>(ctx.database, sql, params)
  if (!row) throw new Error(`no row: ${sql}`)
  return row
}

// Runs a change and returns the rows it wrote in the account.
async function rowsOf(
  account: string,
  send: () => Promise<Response>,
  status: number,
): Promise<{ rows: Row[]; body: unknown }> {
  const mark = await lastId(account)
  const res = await send()
  expect(res.status, await res.clone().text()).toBe(status)
  const body: unknown = res.status === 204 ? null : await res.json()
  return { rows: await rowsSince(account, mark), body }
}

async function expectOneRow(
  action: ActivityAction,
  send: () => Promise<Response>,
  status = 200,
  account = CITY,
): Promise<unknown> {
  const { rows, body } = await rowsOf(account, send, status)
  expect(rows.map((r) => [r.action, r.outcome])).toEqual([[action, 'done']])
  return body
}

const as = (client: Client, method: string, path: string, json?: unknown) => () =>
  client.request(method, path, { json, perspective: CITY })

describe('bulk import started and finished', () => {
  const importId = () => `imp${Date.now().toString(36)}${Math.random().toString(36).slice(2, 10)}`
  const start = (client: Client, body: unknown, headers?: Record<string, string>) => () =>
    client.request('POST', '/v1/intent-imports', { json: body, perspective: CITY, headers })
  const finish = (client: Client, id: string, body: unknown) => () =>
    client.request('PUT', `/v1/intent-imports/${id}/completion`, { json: body, perspective: CITY })

  it('one row at the start and one at the end, each once, with the file and the counts', async () => {
    const id = importId()
    const body = { id, submerchantId: CITY, fileName: 'week-47.csv', rowCount: 3 }
    const started = (await expectOneRow(
      'payment_link.import_started',
      start(owner, body),
      201,
    )) as { status: string }
    expect(started).toMatchObject({ id, status: 'started', fileName: 'week-47.csv', rowCount: 3 })
    // A retry or a resume of the same import: its record, no second row.
    expect((await rowsOf(CITY, start(owner, body), 200)).rows).toEqual([])
    expect((await rowsOf(CITY, start(owner, { ...body, rowCount: 4 }), 409)).rows).toEqual([])
    // More rows ended than the import had; then the real end.
    const over = { created: 3, failed: 1, cancelled: 0 }
    expect((await rowsOf(CITY, finish(owner, id, over), 400)).rows).toEqual([])
    const counts = { created: 2, failed: 1, cancelled: 0 }
    const { rows } = await rowsOf(CITY, finish(owner, id, counts), 200)
    expect(rows.map((r) => [r.action, r.outcome, r.object_id])).toEqual([
      ['payment_link.import_finished', 'done', id],
    ])
    expect(rows[0]?.changes).toEqual([
      { field: 'created', before: null, after: 2 },
      { field: 'failed', before: null, after: 1 },
      { field: 'cancelled', before: null, after: 0 },
    ])
    expect((await rowsOf(CITY, finish(owner, id, counts), 200)).rows).toEqual([])
    const other = { ...counts, created: 1 }
    expect((await rowsOf(CITY, finish(owner, id, other), 409)).rows).toEqual([])
    // The log names the file as the object.
    const res = await owner.request('GET', `/v1/activity?objectId=${id}&sort=occurredAt`, {
      perspective: CITY,
    })
    const entries = (await res.json()) as ActivityEntry[]
    expect(entries.map((e) => [e.action, e.objectType, e.objectLabel, e.actorId])).toEqual([
      ['payment_link.import_started', 'payment_link_import', 'week-47.csv', SEED_USERS.owner],
      ['payment_link.import_finished', 'payment_link_import', 'week-47.csv', SEED_USERS.owner],
    ])
  })

  it('the link-creation rule: a viewer is refused (and recorded), an API key needs intents:create', async () => {
    const viewer = await clientFor(ctx.app, 'viewer@example.com', CITY)
    const body = { id: importId(), submerchantId: CITY, fileName: 'v.csv', rowCount: 1 }
    const { rows } = await rowsOf(CITY, start(viewer, body), 403)
    expect(rows.map((r) => [r.action, r.outcome, r.actor_id])).toEqual([
      ['payment_link.import_started', 'refused', SEED_USERS.viewer],
    ])
    // The refused start made no import: ending it is 404 and writes nothing (docs/entities.md).
    const ended = { created: 0, failed: 0, cancelled: 0 }
    expect((await rowsOf(CITY, finish(viewer, body.id, ended), 404)).rows).toEqual([])
    // The viewer ending an import the owner started is refused and recorded.
    const owners = { ...body, id: importId() }
    await rowsOf(CITY, start(owner, owners), 201)
    const refusedEnd = await rowsOf(CITY, finish(viewer, owners.id, ended), 403)
    expect(refusedEnd.rows.map((r) => [r.action, r.outcome, r.object_id])).toEqual([
      ['payment_link.import_finished', 'refused', owners.id],
    ])
    const bearer = new Client(ctx.app)
    const byKey = await rowsOf(
      CITY,
      () =>
        bearer.request('POST', '/v1/intent-imports', {
          json: { ...body, id: importId() },
          headers: { Authorization: `Bearer ${TEST_API_KEY_TOKEN}` },
          csrf: false,
        }),
      201,
    )
    expect(byKey.rows.map((r) => [r.action, r.actor_type])).toEqual([
      ['payment_link.import_started', 'api_key'],
    ])
  })

  it('bad input is a 4xx and writes nothing', async () => {
    const good = { id: importId(), submerchantId: CITY, fileName: 'a.csv', rowCount: 2 }
    const cases: [unknown, number][] = [
      [{ ...good, id: 'short' }, 400],
      [{ ...good, id: 'UPPER-case-and-dashes' }, 400],
      [{ ...good, fileName: '' }, 400],
      [{ ...good, fileName: 'x'.repeat(256) }, 400],
      [{ ...good, rowCount: -1 }, 400],
      [{ ...good, rowCount: 1.5 }, 400],
      [{ ...good, extra: true }, 400],
      [{ ...good, submerchantId: AIRPORT }, 403],
      [[good], 400],
    ]
    for (const [body, status] of cases) {
      expect((await rowsOf(CITY, start(owner, body), status)).rows, JSON.stringify(body)).toEqual(
        [],
      )
    }
    const zero = { created: 0, failed: 0, cancelled: 0 }
    expect((await rowsOf(CITY, finish(owner, importId(), zero), 404)).rows).toEqual([])
    expect((await rowsOf(CITY, finish(owner, 'not-an-id!', zero), 404)).rows).toEqual([])
    await expectOneRow('payment_link.import_started', start(owner, good), 201)
    for (const body of [{ created: 1 }, { ...zero, created: '1' }, { ...zero, more: 1 }, null]) {
      expect((await rowsOf(CITY, finish(owner, good.id, body), 400)).rows).toEqual([])
    }
  })
})

describe('one row per audited change', () => {
  it('refunds and receipts', async () => {
    const sale = await one<{ id: string }>(
      `select id from sales where submerchant_id = $1 and amount >= 1000
       and not exists (select 1 from refund_requests r where r.sale_id = sales.id) order by id limit 1`,
      [CITY],
    )
    const base = `/v1/sales/${sale.id}/refund-requests`
    const refund = (await expectOneRow(
      'refund.requested',
      as(owner, 'POST', base, { amount: 500, refundReason: 'Overcharged' }),
      201,
    )) as { id: string }
    const { rows } = await rowsOf(
      CITY,
      as(owner, 'PATCH', `${base}/${refund.id}`, { amount: 400, refundReason: 'Overcharged' }),
      200,
    )
    expect(rows).toHaveLength(1)
    expect(rows[0]?.changes).toEqual([{ field: 'amount', before: 500, after: 400 }])
    await expectOneRow('refund.deleted', as(owner, 'DELETE', `${base}/${refund.id}`), 204)
    // Refused by its own rule (more than the sale): nothing is written.
    const { rows: none } = await rowsOf(
      CITY,
      as(owner, 'POST', base, { amount: 99_999_999, refundReason: 'Too much' }),
      400,
    )
    expect(none).toEqual([])
    const receipt = await one<{ id: string }>(
      'select id from receipts where submerchant_id = $1 order by id limit 1',
      [CITY],
    )
    await expectOneRow(
      'receipt.sent',
      as(owner, 'POST', `/v1/receipts/${receipt.id}/advice`, {
        channel: 'email',
        emailAddress: 'rider@example.com',
        brand: 'FleetPay',
      }),
      201,
    )
  })

  it('payment links', async () => {
    const created = (await expectOneRow(
      'payment_link.created',
      as(owner, 'POST', '/v1/intents', {
        saleAmount: 2450,
        currency: 'GBP',
        submerchantId: CITY,
        reference: 'ACT-0001',
      }),
      201,
    )) as { id: string }
    const link = `/v1/intents/${created.id}`
    const { rows } = await rowsOf(CITY, as(owner, 'PATCH', link, { saleAmount: 2500 }), 200)
    expect(rows.map((r) => [r.action, r.changes])).toEqual([
      ['payment_link.edited', [{ field: 'amount', before: 2450, after: 2500 }]],
    ])
    await expectOneRow('payment_link.cancelled', as(owner, 'PUT', `${link}/cancellation`))
    await expectOneRow('payment_link.deleted', as(owner, 'DELETE', link), 204)
    const authorised = await one<{ id: string; amount: number }>(
      `select id, amount from intents where submerchant_id = $1 and status = 'authorized_pending_capture' order by id`,
      [CITY],
    )
    const [second] = await queryRows<{ id: string }>(
      ctx.database,
      `select id from intents where submerchant_id = $1 and status = 'authorized_pending_capture' and id <> $2 order by id`,
      [CITY, authorised.id],
    )
    await expectOneRow(
      'payment_link.captured',
      as(owner, 'PUT', `/v1/intents/${authorised.id}/authorization/capture`, {
        amount: authorised.amount,
      }),
    )
    if (second) {
      await expectOneRow('payment_link.reset', as(owner, 'PUT', `/v1/intents/${second.id}/reset`))
    }
  })

  it('API keys and webhook endpoints, with an API key as the actor', async () => {
    const key = (await expectOneRow(
      'api_key.created',
      as(owner, 'POST', '/v1/api-keys', { submerchantId: CITY, permissions: ['sales:read'] }),
      201,
    )) as { id: string; token: string }
    await expectOneRow(
      'api_key.disabled',
      as(owner, 'PATCH', `/v1/api-keys/${key.id}`, { isEnabled: false }),
    )
    await expectOneRow(
      'api_key.enabled',
      as(owner, 'PATCH', `/v1/api-keys/${key.id}`, { isEnabled: true }),
    )
    // The row of a change made with a key names the key, never its token.
    const bearer = new Client(ctx.app)
    const { rows } = await rowsOf(
      CITY,
      () =>
        bearer.request('POST', '/v1/intents', {
          json: { saleAmount: 1200, currency: 'GBP', submerchantId: CITY, reference: 'ACT-KEY1' },
          headers: { Authorization: `Bearer ${TEST_API_KEY_TOKEN}` },
          csrf: false,
        }),
      201,
    )
    expect(rows).toHaveLength(1)
    expect(rows[0]).toMatchObject({ action: 'payment_link.created', actor_type: 'api_key' })
    const page = await owner.request('GET', `/v1/activity?objectId=${rows[0]?.object_id}`, {
      perspective: CITY,
    })
    const [entry] = (await page.json()) as ActivityEntry[]
    expect(entry?.actorName).toBe('Booking system')
    expect(JSON.stringify(entry)).not.toContain(TEST_API_KEY_TOKEN)
    const created = (await expectOneRow(
      'webhook_endpoint.created',
      as(owner, 'POST', '/v1/webhook-endpoints', {
        submerchantId: CITY,
        url: 'https://hooks.example.com/fleet',
        events: ['sale.created'],
        isEnabled: true,
      }),
      201,
    )) as { id: string; signingSecret: string }
    const endpointId = created.id
    const endpoint = `/v1/webhook-endpoints/${endpointId}`
    await expectOneRow(
      'webhook_endpoint.disabled',
      as(owner, 'PATCH', endpoint, { isEnabled: false }),
    )
    await expectOneRow(
      'webhook_endpoint.enabled',
      as(owner, 'PATCH', endpoint, { isEnabled: true }),
    )
    await expectOneRow(
      'webhook_endpoint.rotated',
      as(owner, 'POST', `${endpoint}/signing-secret-rotations`),
      201,
    )
    const sale = await one<{ id: string }>(
      'select id from sales where submerchant_id = $1 order by id limit 1',
      [CITY],
    )
    const test = (await expectOneRow(
      'webhook_endpoint.test_sent',
      as(owner, 'POST', `${endpoint}/test-notifications`, {
        event: 'sale.created',
        saleId: sale.id,
      }),
      201,
    )) as { id: string }
    await expectOneRow(
      'webhook_endpoint.resent',
      as(owner, 'POST', `${endpoint}/notifications/resends`, { notificationIds: [test.id] }),
      202,
    )
    await expectOneRow('webhook_endpoint.deleted', as(owner, 'DELETE', endpoint), 204)
  })

  it("a person's own password and MFA: one row in each of their accounts", async () => {
    const viewer = await clientFor(ctx.app, 'viewer@example.com', CITY)
    const accounts = await queryRows<{ id: string }>(
      ctx.database,
      'select submerchant_id as id from submerchant_users where user_id = $1',
      [SEED_USERS.viewer],
    )
    const count = async () =>
      (
        await one<{ n: number }>(
          'select count(*)::int as n from activity_events where actor_id = $1',
          [SEED_USERS.viewer],
        )
      ).n
    const start = await count()
    const wrong = await viewer.request('PUT', `/v1/users/${SEED_USERS.viewer}/password`, {
      json: { currentPassword: 'not-my-password', newPassword: 'Kestrel-Harbour-9431' },
    })
    expect(wrong.status).toBe(400)
    expect(await count()).toBe(start)
    const changed = await viewer.request('PUT', `/v1/users/${SEED_USERS.viewer}/password`, {
      json: { currentPassword: DEMO_PASSWORD, newPassword: 'Kestrel-Harbour-9431' },
    })
    expect(changed.status).toBe(200)
    expect(await count()).toBe(start + accounts.length)
    const enrol = await viewer.request('PUT', `/v1/users/${SEED_USERS.viewer}/mfa-enrollment`, {
      json: { type: 'totp' },
    })
    const { secret } = (await enrol.json()) as { secret: string }
    const code = () => new TOTP({ secret }).generate({ timestamp: +ctx.clock.now() })
    const confirmed = await viewer.request(
      'PUT',
      `/v1/users/${SEED_USERS.viewer}/mfa-enrollment/confirmation`,
      { json: { type: 'totp', token: code() } },
    )
    expect(confirmed.status).toBe(200)
    expect(await count()).toBe(start + 2 * accounts.length)
    ctx.clock.advance(30)
    const off = await viewer.request('DELETE', `/v1/users/${SEED_USERS.viewer}/mfa-enrollment`, {
      json: { mfaToken: code() },
    })
    expect(off.status).toBe(200)
    const actions = await queryRows<{ action: string; n: number }>(
      ctx.database,
      `select action, count(*)::int as n from activity_events
       where actor_id = $1 and action like 'user.%' group by action order by action`,
      [SEED_USERS.viewer],
    )
    expect(actions).toEqual([
      { action: 'user.mfa_disabled', n: accounts.length },
      { action: 'user.mfa_enrolled', n: accounts.length },
      { action: 'user.password_changed', n: accounts.length },
    ])
  })

  it('records a refused refund with its actor, marked refused', async () => {
    const manager = await clientFor(ctx.app, 'manager@example.com', AIRPORT)
    const sale = await one<{ id: string }>(
      'select id from sales where submerchant_id = $1 order by id limit 1',
      [AIRPORT],
    )
    const { rows } = await rowsOf(
      AIRPORT,
      () =>
        manager.request('POST', `/v1/sales/${sale.id}/refund-requests`, {
          json: { amount: 100, refundReason: 'Try' },
          perspective: AIRPORT,
        }),
      403,
    )
    expect(rows).toEqual([
      expect.objectContaining({
        action: 'refund.requested',
        outcome: 'refused',
        actor_id: SEED_USERS.manager,
        object_id: sale.id,
      }),
    ])
  })
})
