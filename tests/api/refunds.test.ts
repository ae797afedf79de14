import { type } from 'arktype'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { RefundRequest } from '@/api/schema/refunds'
import { queryRows } from '../../server/db/client'
import { Client, errorBody } from './auth-harness'
import { clientFor, seededApp, type SeededApp } from './helpers/app'
import { firstRow, SEED_SUBMERCHANTS, SEED_USERS, TEST_API_KEY_TOKEN } from './helpers/db'
import { AMOUNT_TOO_LARGE, MAX_AMOUNT } from '@/api/amount-limit'

const CITY = SEED_SUBMERCHANTS.cityCabs
const AIRPORT = SEED_SUBMERCHANTS.airportExpress

interface SaleRow {
  id: string
  amount: number
}

let ctx: SeededApp
let owner: Client
const taken = new Set<string>()

beforeAll(async () => {
  ctx = await seededApp()
  owner = await clientFor(ctx.app, 'owner@example.com', CITY)
})
afterAll(async () => {
  await ctx.database.close()
})

// A sale of the account with no refund yet, different for every caller (tests share one database).
async function freshSale(submerchantId: string = CITY, minAmount = 500): Promise<SaleRow> {
  const rows = await queryRows<SaleRow>(
    ctx.database,
    `select id, amount from sales s where submerchant_id = $1 and amount >= $2
       and not exists (select 1 from refund_requests r where r.sale_id = s.id)
     order by id limit 50`,
    [submerchantId, minAmount],
  )
  const sale = rows.find((r) => !taken.has(r.id))
  if (!sale) throw new Error('no fresh sale left in the seed')
  taken.add(sale.id)
  return sale
}

const refundsPath = (saleId: string) => `/v1/sales/${saleId}/refund-requests/`

function postRefund(client: Client, saleId: string, json: unknown, perspective: string = CITY) {
  return client.request('POST', refundsPath(saleId), { json, perspective })
}

function parseRefund(body: unknown): RefundRequest {
  const parsed = RefundRequest.onUndeclaredKey('reject')(body)
  if (parsed instanceof type.errors) throw new Error(parsed.summary)
  return parsed
}

async function fieldMessages(res: Response): Promise<Record<string, string[]>> {
  const body = (await res.json()) as { errors?: { field: string; messages: string[] }[] }
  return Object.fromEntries((body.errors ?? []).map((e) => [e.field, e.messages]))
}

describe('refund requests: happy paths', () => {
  it('creates a pending partial refund (201) by the caller, in the sale currency, and lists it', async () => {
    const sale = await freshSale()
    const res = await postRefund(owner, sale.id, {
      amount: 150,
      refundReason: 'Fare overcharged',
      customerEmailAddress: 'rider@example.net',
    })
    expect(res.status).toBe(201)
    const refund = parseRefund(await res.json())
    expect(refund).toMatchObject({
      saleId: sale.id,
      status: 'pending',
      amount: 150,
      refundReason: 'Fare overcharged',
      customerEmailAddress: 'rider@example.net',
      createdBy: SEED_USERS.owner,
      currency: 'GBP',
    })
    expect(refund.id).toMatch(/^ref_[0-9a-f]{20}$/)
    expect(Date.parse(refund.createdAt)).toBeGreaterThan(Date.now() - 60_000)

    for (const path of [refundsPath(sale.id), refundsPath(sale.id).slice(0, -1)]) {
      const list = await owner.request('GET', path, { perspective: CITY })
      expect(list.status, path).toBe(200)
      expect(list.headers.get('Total-Count')).toBe('1')
      const items = (await list.json()) as unknown[]
      expect(items.map(parseRefund)).toEqual([refund])
    }
  })

  it('stores an empty or absent customer email as null', async () => {
    for (const extra of [{}, { customerEmailAddress: '' }, { customerEmailAddress: null }]) {
      const sale = await freshSale()
      const res = await postRefund(owner, sale.id, { amount: 100, refundReason: 'Test', ...extra })
      expect(res.status).toBe(201)
      expect(parseRefund(await res.json()).customerEmailAddress).toBeNull()
    }
  })

  it('lists the seeded refunds of a sale, whatever their status', async () => {
    const seeded = await firstRow<{ sale_id: string; n: number }>(
      ctx.database,
      `select sale_id, count(*)::int as n from refund_requests where submerchant_id = $1
       group by sale_id order by sale_id limit 1`,
      [CITY],
    )
    const res = await owner.request('GET', refundsPath(seeded.sale_id), { perspective: CITY })
    expect(res.status).toBe(200)
    const items = ((await res.json()) as unknown[]).map(parseRefund)
    expect(items).toHaveLength(seeded.n)
    const statuses = await queryRows<{ status: string }>(
      ctx.database,
      'select distinct status from refund_requests order by status',
    )
    expect(statuses.map((s) => s.status)).toEqual(['approved', 'completed', 'pending', 'rejected'])
  })

  it('refunds the rest in full, after which nothing is refundable; a rejection frees its amount', async () => {
    const sale = await freshSale()
    const first = await postRefund(owner, sale.id, { amount: 200, refundReason: 'Partial' })
    expect(first.status).toBe(201)
    const rest = await postRefund(owner, sale.id, {
      amount: sale.amount - 200,
      refundReason: 'The rest',
    })
    expect(rest.status).toBe(201)

    const more = await postRefund(owner, sale.id, { amount: 1, refundReason: 'One more penny' })
    expect(more.status).toBe(409)
    expect(await errorBody(more)).toMatchObject({
      code: 'nothing_refundable',
      message: 'Nothing left to refund on this sale',
    })

    // docs/states.md#refunds: rejected refunds are excluded from the refunded total.
    const firstId = parseRefund(await first.json()).id
    await queryRows(ctx.database, `update refund_requests set status = 'rejected' where id = $1`, [
      firstId,
    ])
    const again = await postRefund(owner, sale.id, { amount: 200, refundReason: 'Retry' })
    expect(again.status).toBe(201)
  })
})

describe('refund requests: refused', () => {
  it('refuses an amount above the refundable amount with a clear message (400)', async () => {
    const sale = await freshSale()
    expect((await postRefund(owner, sale.id, { amount: 100, refundReason: 'Part' })).status).toBe(
      201,
    )
    const res = await postRefund(owner, sale.id, { amount: sale.amount, refundReason: 'All' })
    expect(res.status).toBe(400)
    const refundable = ((sale.amount - 100) / 100).toFixed(2)
    const expected = `Amount exceeds the refundable amount of £${refundable}`
    expect(await errorBody(res.clone())).toMatchObject({
      code: 'amount_exceeds_refundable',
      message: expected,
    })
    expect((await fieldMessages(res)).amount).toEqual([expected])
  })

  it('refuses zero, non-integer and non-numeric amounts with "Amount required"', async () => {
    const sale = await freshSale()
    for (const amount of [0, 12.5, '100', null]) {
      const res = await postRefund(owner, sale.id, { amount, refundReason: 'Bad amount' })
      expect(res.status, String(amount)).toBe(400)
      expect((await fieldMessages(res)).amount, String(amount)).toEqual(['Amount required'])
    }
    const missing = await postRefund(owner, sale.id, { refundReason: 'No amount' })
    expect(missing.status).toBe(400)
    expect((await fieldMessages(missing)).amount).toEqual(['Amount required'])
  })

  it("refuses a negative amount with the form's text and one above the limit with the limit", async () => {
    const sale = await freshSale()
    const negative = await postRefund(owner, sale.id, { amount: -100, refundReason: 'Negative' })
    expect(negative.status).toBe(400)
    expect((await fieldMessages(negative)).amount).toEqual(['Amount must not be negative'])
    const huge = await postRefund(owner, sale.id, {
      amount: MAX_AMOUNT + 1,
      refundReason: 'Too much',
    })
    expect(huge.status).toBe(400)
    expect((await fieldMessages(huge)).amount).toEqual([AMOUNT_TOO_LARGE])
  })

  it('requires a reason and a valid optional email', async () => {
    const sale = await freshSale()
    for (const refundReason of [undefined, '']) {
      const res = await postRefund(owner, sale.id, { amount: 100, refundReason })
      expect(res.status).toBe(400)
      expect((await fieldMessages(res)).refundReason).toEqual(['Reason for refund required'])
    }
    const badEmail = await postRefund(owner, sale.id, {
      amount: 100,
      refundReason: 'Ok',
      customerEmailAddress: 'not-an-email',
    })
    expect(badEmail.status).toBe(400)
    expect(Object.keys(await fieldMessages(badEmail))).toEqual(['customerEmailAddress'])
    const list = await owner.request('GET', refundsPath(sale.id), { perspective: CITY })
    expect(await list.json()).toEqual([])
  })

  it("answers 404 for another account's sale and for an unknown sale", async () => {
    const other = await freshSale(AIRPORT)
    const refused = await postRefund(owner, other.id, { amount: 100, refundReason: 'Not mine' })
    expect(refused.status).toBe(404)
    expect(await errorBody(refused)).toMatchObject({ code: 'not_found' })
    const listed = await owner.request('GET', refundsPath(other.id), { perspective: CITY })
    expect(listed.status).toBe(404)
    const unknown = await postRefund(owner, 'sale_doesnotexist', { amount: 1, refundReason: 'x' })
    expect(unknown.status).toBe(404)
    const [{ n }] = (await queryRows(
      ctx.database,
      'select count(*)::int as n from refund_requests where sale_id = $1',
      [other.id],
    )) as [{ n: number }]
    expect(n).toBe(0)
  })

  it('applies the role rule: on a restricted account only the owner may refund; elsewhere any role may', async () => {
    const sale = await freshSale(AIRPORT)
    for (const email of ['viewer@example.com', 'manager@example.com']) {
      const client = await clientFor(ctx.app, email, AIRPORT)
      const res = await postRefund(client, sale.id, { amount: 100, refundReason: 'x' }, AIRPORT)
      expect(res.status, email).toBe(403)
      expect(await errorBody(res)).toMatchObject({
        code: 'insufficient_role',
        message: 'Insufficient privileges',
      })
    }
    const airportOwner = await clientFor(ctx.app, 'owner@example.com', AIRPORT)
    const ok = await postRefund(airportOwner, sale.id, { amount: 100, refundReason: 'x' }, AIRPORT)
    expect(ok.status).toBe(201)
    const refundId = parseRefund(await ok.json()).id

    // Edit and delete fall under the same rule.
    const viewer = await clientFor(ctx.app, 'viewer@example.com', AIRPORT)
    const path = `${refundsPath(sale.id)}${refundId}`
    const patch = await viewer.request('PATCH', path, {
      json: { amount: 50, refundReason: 'y' },
      perspective: AIRPORT,
    })
    expect(patch.status).toBe(403)
    expect((await viewer.request('DELETE', path, { perspective: AIRPORT })).status).toBe(403)

    const cityViewer = await clientFor(ctx.app, 'viewer@example.com', CITY)
    const citySale = await freshSale()
    const cityRes = await postRefund(cityViewer, citySale.id, { amount: 100, refundReason: 'x' })
    expect(cityRes.status).toBe(201)
    expect(parseRefund(await cityRes.json()).createdBy).toBe(SEED_USERS.viewer)
  })

  it('needs a session, the CSRF header and a perspective', async () => {
    const sale = await freshSale()
    const anonymous = await new Client(ctx.app).request('POST', refundsPath(sale.id), {
      json: { amount: 100, refundReason: 'x' },
    })
    expect(anonymous.status).toBe(401)
    const noCsrf = await owner.request('POST', refundsPath(sale.id), {
      json: { amount: 100, refundReason: 'x' },
      perspective: CITY,
      csrf: false,
    })
    expect(noCsrf.status).toBe(403)
    const list = await owner.request('GET', `${refundsPath(sale.id)}?status=pending`, {
      perspective: CITY,
    })
    expect(list.status).toBe(400)
    expect(await errorBody(list)).toMatchObject({ code: 'invalid_query' })
  })

  it('lets an API key read refunds with sales:read but not create them without sales:update', async () => {
    const sale = await freshSale()
    const headers = { Authorization: `Bearer ${TEST_API_KEY_TOKEN}` }
    const read = await ctx.app.request(refundsPath(sale.id), { headers })
    expect(read.status).toBe(200)
    const write = await ctx.app.request(refundsPath(sale.id), {
      method: 'POST',
      headers: { ...headers, 'Content-Type': 'application/json' },
      body: JSON.stringify({ amount: 100, refundReason: 'x' }),
    })
    expect(write.status).toBe(403)
    expect(await errorBody(write)).toMatchObject({ code: 'insufficient_permissions' })
  })
})

describe('refund requests: edit and delete', () => {
  it('edits a pending refund (200) within the refundable amount, not counting itself', async () => {
    const sale = await freshSale()
    const created = parseRefund(
      await (await postRefund(owner, sale.id, { amount: 100, refundReason: 'First' })).json(),
    )
    const path = `${refundsPath(sale.id)}${created.id}`
    const res = await owner.request('PATCH', path, {
      json: { amount: sale.amount, refundReason: 'Whole fare', customerEmailAddress: 'a@b.co' },
      perspective: CITY,
    })
    expect(res.status).toBe(200)
    const edited = parseRefund(await res.json())
    expect(edited).toEqual({
      ...created,
      amount: sale.amount,
      refundReason: 'Whole fare',
      customerEmailAddress: 'a@b.co',
    })

    const tooMuch = await owner.request('PATCH', path, {
      json: { amount: sale.amount + 1, refundReason: 'More' },
      perspective: CITY,
    })
    expect(tooMuch.status).toBe(400)
    const missing = await owner.request('PATCH', path, {
      json: { amount: 100 },
      perspective: CITY,
    })
    expect(missing.status).toBe(400)
    expect((await fieldMessages(missing)).refundReason).toEqual(['Reason for refund required'])
  })

  it('deletes a pending refund (204), which frees its amount', async () => {
    const sale = await freshSale()
    const created = parseRefund(
      await (await postRefund(owner, sale.id, { amount: sale.amount, refundReason: 'All' })).json(),
    )
    const path = `${refundsPath(sale.id)}${created.id}`
    const res = await owner.request('DELETE', path, { perspective: CITY })
    expect(res.status).toBe(204)
    expect(await res.text()).toBe('')
    const list = await owner.request('GET', refundsPath(sale.id), { perspective: CITY })
    expect(await list.json()).toEqual([])
    expect((await owner.request('DELETE', path, { perspective: CITY })).status).toBe(404)
    const again = await postRefund(owner, sale.id, { amount: sale.amount, refundReason: 'All' })
    expect(again.status).toBe(201)
  })

  it('refuses to edit or delete a refund that is no longer pending (409)', async () => {
    for (const status of ['approved', 'rejected', 'completed']) {
      const sale = await freshSale()
      const created = await postRefund(owner, sale.id, { amount: 100, refundReason: status })
      const refund = parseRefund(await created.json())
      await queryRows(ctx.database, 'update refund_requests set status = $1 where id = $2', [
        status,
        refund.id,
      ])
      const path = `${refundsPath(sale.id)}${refund.id}`
      const patch = await owner.request('PATCH', path, {
        json: { amount: 1, refundReason: 'Change' },
        perspective: CITY,
      })
      expect(patch.status, status).toBe(409)
      expect(await errorBody(patch)).toMatchObject({
        code: 'refund_not_pending',
        message: 'Only pending refunds can be edited',
      })
      const del = await owner.request('DELETE', path, { perspective: CITY })
      expect(del.status, status).toBe(409)
      expect(await errorBody(del)).toMatchObject({
        message: 'Only pending refunds can be deleted',
      })
    }
  })

  it("answers 404 for a refund of another sale or another account's refund", async () => {
    const sale = await freshSale()
    const airportSale = await freshSale(AIRPORT)
    const airportOwner = await clientFor(ctx.app, 'owner@example.com', AIRPORT)
    const created = await postRefund(
      airportOwner,
      airportSale.id,
      { amount: 100, refundReason: 'Theirs' },
      AIRPORT,
    )
    const elsewhere = parseRefund(await created.json())
    const wrongSale = await owner.request('DELETE', `${refundsPath(sale.id)}${elsewhere.id}`, {
      perspective: CITY,
    })
    expect(wrongSale.status).toBe(404)
    const wrongAccount = await owner.request(
      'PATCH',
      `${refundsPath(airportSale.id)}${elsewhere.id}`,
      { json: { amount: 1, refundReason: 'Mine now' }, perspective: CITY },
    )
    expect(wrongAccount.status).toBe(404)
    const list = await airportOwner.request('GET', refundsPath(airportSale.id), {
      perspective: AIRPORT,
    })
    expect(((await list.json()) as unknown[]).map(parseRefund)).toEqual([elsewhere])
  })
})

describe('refund requests: concurrency', () => {
  it('never lets simultaneous requests together exceed the refundable amount', async () => {
    const sale = await freshSale(CITY, 1000)
    const share = Math.ceil(sale.amount * 0.3)
    const responses = await Promise.all(
      Array.from({ length: 6 }, (_, i) =>
        postRefund(owner, sale.id, { amount: share, refundReason: `Race ${i}` }),
      ),
    )
    const statuses = responses.map((r) => r.status).sort()
    const created = statuses.filter((s) => s === 201).length
    expect(created).toBe(Math.floor(sale.amount / share))
    expect(statuses.filter((s) => s !== 201).every((s) => s === 400 || s === 409)).toBe(true)
    const [{ total }] = (await queryRows(
      ctx.database,
      'select coalesce(sum(amount), 0)::int as total from refund_requests where sale_id = $1',
      [sale.id],
    )) as [{ total: number }]
    expect(total).toBe(created * share)
    expect(total).toBeLessThanOrEqual(sale.amount)
  })
})
