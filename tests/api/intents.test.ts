import { type } from 'arktype'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { Intent } from '@/api/schema/intents'
import { PAYMENT_LINK_MESSAGES } from '@/lib/payment-link-rules'
import { EXPIRY_MESSAGES } from '@/lib/expiry'
import { queryRows } from '../../server/db/client'
import { Client, errorBody } from './auth-harness'
import { clientFor, seededApp, type SeededApp } from './helpers/app'
import { firstRow, SEED_SUBMERCHANTS, SEED_USERS } from './helpers/db'

const CITY = SEED_SUBMERCHANTS.cityCabs
const NIGHT_OWL = SEED_SUBMERCHANTS.nightOwl
const NEW_START = SEED_SUBMERCHANTS.newStart
const AIRPORT = SEED_SUBMERCHANTS.airportExpress

let ctx: SeededApp
let owner: Client
let viewer: Client
let nightOwner: Client
const taken = new Set<string>()

beforeAll(async () => {
  ctx = await seededApp()
  owner = await clientFor(ctx.app, 'owner@example.com', CITY)
  viewer = await clientFor(ctx.app, 'viewer@example.com', CITY)
  nightOwner = await clientFor(ctx.app, 'owner@example.com', NIGHT_OWL)
})
afterAll(async () => {
  await ctx.database.close()
})

function parseIntent(body: unknown): Intent {
  const parsed = Intent.onUndeclaredKey('reject')(body)
  if (parsed instanceof type.errors) throw new Error(parsed.summary)
  return parsed
}

async function fieldMessages(res: Response): Promise<Record<string, string[]>> {
  const body = (await res.json()) as { errors?: { field: string; messages: string[] }[] }
  return Object.fromEntries((body.errors ?? []).map((e) => [e.field, e.messages]))
}

const basePayload = (over: Record<string, unknown> = {}) => ({
  saleAmount: 2450,
  currency: 'GBP',
  submerchantId: CITY,
  description: 'Airport run',
  reference: 'BK-12345',
  customerName: 'Amelia Hughes',
  ...over,
})

async function create(
  over: Record<string, unknown> = {},
  client: Client = owner,
  perspective: string = CITY,
) {
  const res = await client.request('POST', '/v1/intents', {
    json: basePayload(over),
    perspective,
  })
  expect(res.status, await res.clone().text()).toBe(201)
  return parseIntent(await res.json())
}

// A seeded link of the account in that status, different for every caller.
async function seededIntent(status: string, submerchantId = CITY): Promise<string> {
  const rows = await queryRows<{ id: string }>(
    ctx.database,
    `select id from intents where submerchant_id = $1 and status = $2 order by id`,
    [submerchantId, status],
  )
  const row = rows.find((r) => !taken.has(r.id))
  if (!row) throw new Error(`no seeded ${status} link left`)
  taken.add(row.id)
  return row.id
}

const put = (id: string, action: string, json?: unknown, client = owner) =>
  client.request('PUT', `/v1/intents/${id}/${action}`, { json, perspective: CITY })

describe('POST /v1/intents', () => {
  it('creates a link in created, expiring in 14 days by default, with a pay-page URL and a log', async () => {
    const now = ctx.clock.now()
    const intent = await create()
    expect(intent).toMatchObject({
      submerchantId: CITY,
      amount: 2450,
      currency: 'GBP',
      status: 'created',
      statusIsFinal: false,
      captureMode: 'automatic',
      reference: 'BK-12345',
      customerSmsSent: false,
      customerEmailSent: false,
      createdBy: SEED_USERS.owner,
      saleId: null,
    })
    expect(intent.id).toMatch(/^int_[0-9a-f]{24}$/)
    expect(intent.clientAccessUrl).toBe(`http://localhost/pay/${intent.id}`)
    const days = (Date.parse(intent.expiresAt ?? '') - now.getTime()) / 86_400_000
    expect(days).toBeGreaterThan(13.99)
    expect(days).toBeLessThan(14.01)
    expect(intent.logs).toHaveLength(1)
    expect(intent.logs[0]).toMatch(
      /^\[\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}Z\] Payment link created$/,
    )
  })

  it('sends the link by SMS and email to the outbox, with the clientAccessUrl, and marks both sent', async () => {
    const intent = await create({
      sendCustomerSms: true,
      customerPhoneNumber: '+447700900123',
      sendCustomerEmail: true,
      customerEmailAddress: 'amelia@example.net',
      expiryNaturalLanguage: 'tomorrow 6pm',
      captureMode: 'manual',
    })
    expect(intent.customerSmsSent).toBe(true)
    expect(intent.customerEmailSent).toBe(true)
    expect(intent.captureMode).toBe('manual')
    expect(intent.logs.slice(1).map((l) => l.replace(/^\[.*?\] /, ''))).toEqual([
      'Customer notified by SMS',
      'Customer notified by email',
    ])
    const messages = await queryRows<{ channel: string; recipient: string; body: string }>(
      ctx.database,
      `select channel, recipient, body from outbox_messages where metadata->>'intentId' = $1
       and metadata->>'clientAccessUrl' = $2 order by channel`,
      [intent.id, intent.clientAccessUrl],
    )
    expect(messages.map((m) => [m.channel, m.recipient])).toEqual([
      ['email', 'amelia@example.net'],
      ['sms', '+447700900123'],
    ])
    expect(messages[1]?.body).toContain(intent.clientAccessUrl)
    expect(messages[1]?.body).toContain('£24.50')
  })

  it('refuses by the documented rules with field messages', async () => {
    const cases: [Record<string, unknown>, string, string][] = [
      [{ saleAmount: undefined }, 'saleAmount', PAYMENT_LINK_MESSAGES.amountRequired],
      [{ saleAmount: 0 }, 'saleAmount', PAYMENT_LINK_MESSAGES.amountRequired],
      [{ saleAmount: 12.5 }, 'saleAmount', PAYMENT_LINK_MESSAGES.amountRequired],
      [{ sendCustomerSms: true }, 'customerPhoneNumber', PAYMENT_LINK_MESSAGES.phoneRequired],
      [{ sendCustomerEmail: true }, 'customerEmailAddress', PAYMENT_LINK_MESSAGES.emailRequired],
      [{ expiryNaturalLanguage: 'banana' }, 'expiryNaturalLanguage', EXPIRY_MESSAGES.unparsed],
      [{ expiryNaturalLanguage: 'yesterday' }, 'expiryNaturalLanguage', EXPIRY_MESSAGES.past],
    ]
    for (const [over, field, message] of cases) {
      const res = await owner.request('POST', '/v1/intents', {
        json: basePayload(over),
        perspective: CITY,
      })
      expect(res.status, JSON.stringify(over)).toBe(400)
      expect((await fieldMessages(res))[field]).toContain(message)
    }
  })

  it('demands a job number of 8+ characters and a customer name on the job-number account', async () => {
    const json = basePayload({ submerchantId: NIGHT_OWL, reference: null, customerName: '' })
    const missing = await nightOwner.request('POST', '/v1/intents', {
      json,
      perspective: NIGHT_OWL,
    })
    expect(missing.status).toBe(400)
    expect(await fieldMessages(missing)).toEqual({
      reference: [PAYMENT_LINK_MESSAGES.jobNumberRequired],
      customerName: [PAYMENT_LINK_MESSAGES.customerNameRequired],
    })
    const short = await nightOwner.request('POST', '/v1/intents', {
      json: { ...json, reference: 'JOB123', customerName: 'Jack Wilson' },
      perspective: NIGHT_OWL,
    })
    expect(await fieldMessages(short)).toEqual({
      reference: [PAYMENT_LINK_MESSAGES.jobNumberTooShort],
    })
    const ok = await create(
      { submerchantId: NIGHT_OWL, reference: 'JOB12345', customerName: 'Jack Wilson' },
      nightOwner,
      NIGHT_OWL,
    )
    expect(ok.reference).toBe('JOB12345')
  })

  it('refuses viewers (403), other accounts (403) and accounts not enrolled (409)', async () => {
    const byViewer = await viewer.request('POST', '/v1/intents', {
      json: basePayload(),
      perspective: CITY,
    })
    expect(byViewer.status).toBe(403)
    expect((await errorBody(byViewer)).message).toBe(
      'Sorry, you do not have sufficient permissions to create payment links for this account',
    )
    const other = await owner.request('POST', '/v1/intents', {
      json: basePayload({ submerchantId: AIRPORT }),
      perspective: CITY,
    })
    expect(other.status).toBe(403)
    const newStart = await clientFor(ctx.app, 'owner@example.com', NEW_START)
    const notEnrolled = await newStart.request('POST', '/v1/intents', {
      json: basePayload({ submerchantId: NEW_START }),
      perspective: NEW_START,
    })
    expect(notEnrolled.status).toBe(409)
    expect((await errorBody(notEnrolled)).code).toBe('not_enrolled')
  })

  it('honours Idempotency-Key: a retry returns the first link and creates no second one', async () => {
    const key = `test-${Date.now()}`
    const json = basePayload({ reference: key })
    const first = await owner.request('POST', '/v1/intents', {
      json,
      perspective: CITY,
      headers: { 'Idempotency-Key': key },
    })
    const again = await owner.request('POST', '/v1/intents', {
      json,
      perspective: CITY,
      headers: { 'Idempotency-Key': key },
    })
    expect(first.status).toBe(201)
    expect(again.status).toBe(201)
    expect(await again.text()).toBe(await first.text())
    const { n } = await firstRow<{ n: number }>(
      ctx.database,
      'select count(*)::int as n from intents where reference = $1',
      [key],
    )
    expect(n).toBe(1)
  })
})

describe('GET /v1/intents', () => {
  it('lists the account newest first with Total-Count, and filters by status, reference, amount, dates and q', async () => {
    const mine = await create({
      reference: 'FIND-ME-777',
      saleAmount: 98765,
      customerName: 'Zed Quill',
    })
    const list = await owner.request('GET', '/v1/intents?limit=5', { perspective: CITY })
    expect(list.status).toBe(200)
    expect(Number(list.headers.get('Total-Count'))).toBeGreaterThan(5)
    const items = (await list.json()) as Intent[]
    expect(items).toHaveLength(5)
    items.forEach((item) => parseIntent(item))
    const sorted = [...items].sort((a, b) => b.createdAt.localeCompare(a.createdAt))
    expect(items.map((i) => i.id)).toEqual(sorted.map((i) => i.id))

    const get = async (query: string) => {
      const res = await owner.request('GET', `/v1/intents?${query}`, { perspective: CITY })
      expect(res.status, query).toBe(200)
      return (await res.json()) as Intent[]
    }
    expect((await get('reference=FIND-ME-777')).map((i) => i.id)).toEqual([mine.id])
    expect((await get('q=zed%20qui')).map((i) => i.id)).toEqual([mine.id])
    expect((await get('amount[$gte]=98765&amount[$lt]=98766')).map((i) => i.id)).toContain(mine.id)
    const cancelled = await get('status=cancelled&limit=100')
    expect(cancelled.length).toBeGreaterThan(0)
    expect(cancelled.every((i) => i.status === 'cancelled')).toBe(true)
    const since = encodeURIComponent(new Date(Date.parse(mine.createdAt) - 1000).toISOString())
    expect((await get(`createdAt[$gte]=${since}&reference=FIND-ME-777`)).length).toBe(1)
    const succeeded = await get('succeededAt[$gte]=2000-01-01&limit=3')
    expect(succeeded.every((i) => i.status === 'succeeded')).toBe(true)
  })

  it('refuses unknown filters and bad values with 400', async () => {
    for (const query of ['colour=red', 'status=paid', 'amount=abc', 'createdAt=2026-01-01']) {
      const res = await owner.request('GET', `/v1/intents?${query}`, { perspective: CITY })
      expect(res.status, query).toBe(400)
    }
  })

  it('reads one link; another account’s link is 404', async () => {
    const intent = await create()
    const res = await owner.request('GET', `/v1/intents/${intent.id}`, { perspective: CITY })
    expect(parseIntent(await res.json())).toEqual(intent)
    const other = await owner.request('GET', `/v1/intents/${intent.id}`, { perspective: AIRPORT })
    expect(other.status).toBe(404)
  })
})

describe('transitions', () => {
  it('PATCH edits a created link; a viewer is refused with the modify text; a final link is 409', async () => {
    const intent = await create()
    const res = await owner.request('PATCH', `/v1/intents/${intent.id}`, {
      json: {
        saleAmount: 3000,
        description: 'Station run',
        reference: 'BK-99999',
        customerName: 'Oliver Smith',
      },
      perspective: CITY,
    })
    expect(res.status).toBe(200)
    const edited = parseIntent(await res.json())
    expect(edited).toMatchObject({
      amount: 3000,
      description: 'Station run',
      reference: 'BK-99999',
    })
    expect(edited.logs.at(-1)).toMatch(/Payment link updated$/)
    const noAmount = await owner.request('PATCH', `/v1/intents/${intent.id}`, {
      json: { description: 'x' },
      perspective: CITY,
    })
    expect((await fieldMessages(noAmount)).saleAmount).toEqual([
      PAYMENT_LINK_MESSAGES.amountRequired,
    ])
    const byViewer = await viewer.request('PATCH', `/v1/intents/${intent.id}`, {
      json: { saleAmount: 1 },
      perspective: CITY,
    })
    expect(byViewer.status).toBe(403)
    expect((await errorBody(byViewer)).message).toBe(
      'Sorry, you do not have sufficient permissions to modify payment links for this account',
    )
    const done = await seededIntent('succeeded')
    const refused = await owner.request('PATCH', `/v1/intents/${done}`, {
      json: { saleAmount: 100 },
      perspective: CITY,
    })
    expect(refused.status).toBe(409)
    expect((await errorBody(refused)).message).toBe(
      "Cannot edit a payment link when status is 'succeeded'",
    )
  })

  it('cancels an open link once; then it can be deleted (204) and is gone', async () => {
    const intent = await create()
    const cancelled = await put(intent.id, 'cancellation')
    expect(cancelled.status).toBe(200)
    expect(parseIntent(await cancelled.json())).toMatchObject({
      status: 'cancelled',
      statusIsFinal: true,
    })
    const twice = await put(intent.id, 'cancellation')
    expect(twice.status).toBe(409)
    expect((await errorBody(twice)).message).toBe(
      "Cannot cancel a payment link when status is 'cancelled'",
    )
    const deleted = await owner.request('DELETE', `/v1/intents/${intent.id}`, { perspective: CITY })
    expect(deleted.status).toBe(204)
    const gone = await owner.request('GET', `/v1/intents/${intent.id}`, { perspective: CITY })
    expect(gone.status).toBe(404)
  })

  it('deletes only cancelled, expired or declined links', async () => {
    const open = await create()
    const refused = await owner.request('DELETE', `/v1/intents/${open.id}`, { perspective: CITY })
    expect(refused.status).toBe(409)
    expect((await errorBody(refused)).message).toBe(
      "Cannot delete a payment link when status is 'created'",
    )
    for (const status of ['expired', 'payment_declined']) {
      const id = await seededIntent(status)
      const res = await owner.request('DELETE', `/v1/intents/${id}`, { perspective: CITY })
      expect(res.status, status).toBe(204)
    }
    const paid = await seededIntent('succeeded')
    const paidRes = await owner.request('DELETE', `/v1/intents/${paid}`, { perspective: CITY })
    expect(paidRes.status).toBe(409)
  })

  it('resets an open link to created (releasing an authorisation); a final one is 409', async () => {
    for (const status of ['error', 'authorized_pending_capture', 'requires_3ds_challenge']) {
      const id = await seededIntent(status)
      const res = await put(id, 'reset')
      expect(res.status, status).toBe(200)
      const reset = parseIntent(await res.json())
      expect(reset).toMatchObject({ status: 'created', authorizedAt: null })
      expect(reset.logs.at(-1)).toMatch(/Payment link reset/)
    }
    const cancelled = await seededIntent('cancelled')
    const refused = await put(cancelled, 'reset')
    expect(refused.status).toBe(409)
    expect((await errorBody(refused)).message).toBe(
      "Cannot reset a payment link when status is 'cancelled'",
    )
  })

  it('captures an authorised link up to its amount, creating the sale and its fee', async () => {
    const id = await seededIntent('authorized_pending_capture')
    const { amount } = await firstRow<{ amount: number }>(
      ctx.database,
      'select amount from intents where id = $1',
      [id],
    )
    const tooMuch = await put(id, 'authorization/capture', { amount: amount + 1 })
    expect(tooMuch.status).toBe(400)
    expect((await fieldMessages(tooMuch)).amount?.[0]).toMatch(/^Capture amount cannot exceed £/)
    const res = await put(id, 'authorization/capture', { amount: amount - 100 })
    expect(res.status).toBe(200)
    const captured = parseIntent(await res.json())
    expect(captured).toMatchObject({ status: 'succeeded', captureAmount: amount - 100 })
    expect(captured.saleId).toMatch(/^sale_/)
    expect(captured.succeededAt).not.toBeNull()
    const sale = await owner.request('GET', `/v1/sales/${captured.saleId}`, { perspective: CITY })
    expect(await sale.json()).toMatchObject({
      amount: amount - 100,
      intentId: id,
      method: 'ecommerce',
    })
    const fee = await firstRow<{ fee_amount: number; net_amount: number }>(
      ctx.database,
      'select fee_amount, net_amount from balance_transactions where source_id = $1',
      [captured.saleId],
    )
    expect(fee.fee_amount).toBeGreaterThan(0)
    expect(fee.net_amount).toBe(amount - 100 - fee.fee_amount)
    const again = await put(id, 'authorization/capture', { amount: 100 })
    expect(again.status).toBe(409)
    const open = await create()
    const notAuthorised = await put(open.id, 'authorization/capture', { amount: 100 })
    expect((await errorBody(notAuthorised)).message).toBe(
      "Cannot capture a payment link when status is 'created'",
    )
  })

  it('resends notifications while open, and refuses a final link with the documented message', async () => {
    const intent = await create({ customerPhoneNumber: '+447700900555' })
    const sms = await owner.request('POST', `/v1/intents/${intent.id}/customer-notifications`, {
      json: { channels: ['sms'] },
      perspective: CITY,
    })
    expect(sms.status).toBe(201)
    expect(parseIntent(await sms.json()).customerSmsSent).toBe(true)
    const noEmail = await owner.request('POST', `/v1/intents/${intent.id}/customer-notifications`, {
      json: { channels: ['email'] },
      perspective: CITY,
    })
    expect((await fieldMessages(noEmail)).customerEmailAddress).toEqual([
      PAYMENT_LINK_MESSAGES.emailRequired,
    ])
    const email = await owner.request('POST', `/v1/intents/${intent.id}/customer-notifications`, {
      json: { channels: ['email'], customerEmailAddress: 'new@example.net' },
      perspective: CITY,
    })
    expect(parseIntent(await email.json())).toMatchObject({
      customerEmailSent: true,
      customerEmailAddress: 'new@example.net',
    })
    const paid = await seededIntent('succeeded')
    const refused = await owner.request('POST', `/v1/intents/${paid}/customer-notifications`, {
      json: { channels: ['sms'], customerPhoneNumber: '+447700900555' },
      perspective: CITY,
    })
    expect(refused.status).toBe(409)
    expect((await errorBody(refused)).message).toBe(
      "Cannot resend notifications when status is 'succeeded'",
    )
  })
})

describe('expiry on the sandbox clock', () => {
  it('an open link past its expiry becomes expired, with a log line stamped at the expiry', async () => {
    const intent = await create({ expiryNaturalLanguage: '2 hours' })
    ctx.clock.advance(3 * 3600)
    // Access tokens live 15 minutes on the same clock.
    await owner.refresh({ attachments: [CITY] })
    const res = await owner.request('GET', `/v1/intents/${intent.id}`, { perspective: CITY })
    const expired = parseIntent(await res.json())
    expect(expired).toMatchObject({ status: 'expired', statusIsFinal: true })
    expect(expired.logs.at(-1)).toBe(
      `[${(expired.expiresAt ?? '').slice(0, 19)}Z] Payment link expired`,
    )
    const cancel = await put(intent.id, 'cancellation')
    expect(cancel.status).toBe(409)
  })
})
