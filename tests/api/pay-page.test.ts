import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { Intent } from '@/api/schema/intents'
import { queryRows } from '../../server/db/client'
import { Client } from './auth-harness'
import { clientFor, seededApp, type SeededApp } from './helpers/app'
import { firstRow, SEED_SUBMERCHANTS } from './helpers/db'

const CITY = SEED_SUBMERCHANTS.cityCabs
const CARDS = {
  success: '4242 4242 4242 4242',
  declined: '4000 0000 0000 0002',
  threeDs: '4000 0027 6000 3184',
}

let ctx: SeededApp
let owner: Client

beforeAll(async () => {
  ctx = await seededApp()
  owner = await clientFor(ctx.app, 'owner@example.com', CITY)
})
afterAll(async () => {
  await ctx.database.close()
})

async function newLink(over: Record<string, unknown> = {}): Promise<Intent> {
  const res = await owner.request('POST', '/v1/intents', {
    json: {
      saleAmount: 1830,
      currency: 'GBP',
      submerchantId: CITY,
      description: 'Station <run>',
      reference: 'BK-55555',
      ...over,
    },
    perspective: CITY,
  })
  expect(res.status).toBe(201)
  return (await res.json()) as Intent
}

async function getIntent(id: string): Promise<Intent> {
  const res = await owner.request('GET', `/v1/intents/${id}`, { perspective: CITY })
  return (await res.json()) as Intent
}

function pay(id: string, cardNumber: string, extra: Record<string, string> = {}) {
  return ctx.app.request(`/pay/${id}`, {
    method: 'POST',
    headers: {
      'content-type': 'application/x-www-form-urlencoded',
      'user-agent': 'TestPhone/1.0',
      accept: 'text/html',
    },
    body: new URLSearchParams({ cardNumber, expiry: '12/34', cvc: '123', ...extra }).toString(),
  })
}

function challenge(id: string, result: string) {
  return ctx.app.request(`/pay/${id}/3ds`, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({ result }).toString(),
  })
}

async function pageText(id: string): Promise<string> {
  const res = await ctx.app.request(`/pay/${id}`, { headers: { accept: 'text/html' } })
  expect(res.headers.get('cache-control')).toBe('no-store')
  return res.text()
}

describe('the pay page', () => {
  it('shows the amount, the brand, the merchant, the description (as text) and the reference', async () => {
    const link = await newLink()
    const html = await pageText(link.id)
    expect(html).toContain('£18.30')
    expect(html).toContain('MetroPay Business')
    expect(html).toContain('City Cabs')
    expect(html).toContain('Station &lt;run&gt;')
    expect(html).toContain('BK-55555')
    expect(html).toContain('name="cardNumber"')
    expect(html).not.toMatch(/<script|style=/)
  })

  it('4242… succeeds: the sale, its balance transaction with the fee, and the paid page', async () => {
    const link = await newLink()
    const res = await pay(link.id, CARDS.success)
    expect(res.status).toBe(303)
    expect(res.headers.get('location')).toBe(`/pay/${link.id}`)
    const paid = await getIntent(link.id)
    expect(paid).toMatchObject({
      status: 'succeeded',
      statusIsFinal: true,
      captureAmount: 1830,
      customerDeviceInfo: 'TestPhone/1.0',
    })
    expect(paid.saleId).toMatch(/^sale_/)
    const sale = await firstRow<{
      pan_last_four: string
      amount: number
      balance_transaction_id: string
    }>(
      ctx.database,
      'select pan_last_four, amount, balance_transaction_id from sales where intent_id = $1',
      [link.id],
    )
    expect(sale).toMatchObject({ pan_last_four: '4242', amount: 1830 })
    const fee = await firstRow<{ fee_amount: number }>(
      ctx.database,
      'select fee_amount from balance_transactions where id = $1',
      [sale.balance_transaction_id],
    )
    expect(fee.fee_amount).toBe(Math.round((1830 * 170) / 10000) + 20)
    expect(await pageText(link.id)).toContain('This payment link has already been paid')
    expect(paid.logs.at(-1)).toMatch(/Payment authorised and captured \(Visa •••• 4242\)$/)
  })

  it('records the intent.authorized and sale.created events for subscribed endpoints', async () => {
    const airport = await clientFor(ctx.app, 'owner@example.com', SEED_SUBMERCHANTS.airportExpress)
    const res = await airport.request('POST', '/v1/intents', {
      json: { saleAmount: 2000, currency: 'GBP', submerchantId: SEED_SUBMERCHANTS.airportExpress },
      perspective: SEED_SUBMERCHANTS.airportExpress,
    })
    const link = (await res.json()) as Intent
    await pay(link.id, CARDS.success)
    const events = await queryRows<{ event: string; subject: string }>(
      ctx.database,
      `select event, coalesce(payload->'data'->>'intentId', payload->'data'->>'id') as subject
       from webhook_notifications where payload->'data'->>'id' = $1 or payload->'data'->>'intentId' = $1
       order by event`,
      [link.id],
    )
    expect(events).toEqual([
      { event: 'intent.authorized', subject: link.id },
      { event: 'sale.created', subject: link.id },
    ])
  })

  it('never stores the card number, only its last four', async () => {
    const link = await newLink()
    await pay(link.id, CARDS.success)
    const rows = await queryRows<{ found: number }>(
      ctx.database,
      `select count(*)::int as found from (
         select row_to_json(i)::text as t from intents i where id = $1
         union all select row_to_json(s)::text from sales s where intent_id = $1) x
       where t like '%4242424242424242%' or t like '%4242 4242%'`,
      [link.id],
    )
    expect(rows[0]?.found).toBe(0)
  })

  it('4000…0002 is declined, and the link cannot be paid again', async () => {
    const link = await newLink()
    await pay(link.id, CARDS.declined)
    expect((await getIntent(link.id)).status).toBe('payment_declined')
    expect(await pageText(link.id)).toContain('Your card was declined')
    const again = await pay(link.id, CARDS.success)
    expect(again.status).toBe(303)
    expect((await getIntent(link.id)).status).toBe('payment_declined')
  })

  it('4000 0027 6000 3184 goes through the 3-D Secure challenge: Fail, then Complete', async () => {
    const link = await newLink()
    const res = await pay(link.id, CARDS.threeDs)
    expect(res.headers.get('location')).toBe(`/pay/${link.id}/3ds`)
    expect((await getIntent(link.id)).status).toBe('requires_3ds_challenge')
    const page = await (await ctx.app.request(`/pay/${link.id}/3ds`)).text()
    expect(page).toContain('Complete')
    expect(page).toContain('Fail')
    await challenge(link.id, 'fail')
    expect((await getIntent(link.id)).status).toBe('error')
    expect(await pageText(link.id)).toContain('The last attempt did not go through')
    await pay(link.id, CARDS.threeDs)
    await challenge(link.id, 'complete')
    const paid = await getIntent(link.id)
    expect(paid.status).toBe('succeeded')
    expect(paid.logs.some((l) => l.endsWith('3-D Secure authentication completed'))).toBe(true)
  })

  it('manual capture stops at authorized_pending_capture (no sale until capture)', async () => {
    const link = await newLink({ captureMode: 'manual' })
    await pay(link.id, CARDS.success)
    const authorised = await getIntent(link.id)
    expect(authorised).toMatchObject({ status: 'authorized_pending_capture', saleId: null })
    expect(authorised.authorizedAt).not.toBeNull()
    expect(await pageText(link.id)).toContain('Payment authorised')
    const capture = await owner.request('PUT', `/v1/intents/${link.id}/authorization/capture`, {
      json: { amount: 1500 },
      perspective: CITY,
    })
    expect(capture.status).toBe(200)
    const sale = await firstRow<{ amount: number; pan_last_four: string }>(
      ctx.database,
      'select amount, pan_last_four from sales where intent_id = $1',
      [link.id],
    )
    expect(sale).toEqual({ amount: 1500, pan_last_four: '4242' })
  })

  it('two tabs racing to pay one link: exactly one payment, one sale', async () => {
    const link = await newLink()
    const results = await Promise.all([
      pay(link.id, CARDS.success),
      pay(link.id, CARDS.success),
      pay(link.id, '5555 5555 5555 4444'),
    ])
    expect(results.map((r) => r.status)).toEqual([303, 303, 303])
    const { n } = await firstRow<{ n: number }>(
      ctx.database,
      'select count(*)::int as n from sales where intent_id = $1',
      [link.id],
    )
    expect(n).toBe(1)
    const paid = await getIntent(link.id)
    expect(paid.logs.filter((l) => l.includes('captured'))).toHaveLength(1)
  })

  it('says so for cancelled and expired links, and refuses bad cards with a message', async () => {
    const cancelled = await newLink()
    await owner.request('PUT', `/v1/intents/${cancelled.id}/cancellation`, { perspective: CITY })
    expect(await pageText(cancelled.id)).toContain('This payment link was cancelled')
    const open = await newLink()
    const bad = await pay(open.id, '4242 4242 4242 4241')
    expect(bad.status).toBe(400)
    expect(await bad.text()).toContain('Your card number is incorrect.')
    const expiredCard = await pay(open.id, CARDS.success, { expiry: '01/20' })
    expect(await expiredCard.text()).toContain('Your card&#39;s expiry date is incorrect.')
    const expiring = await newLink({ expiryNaturalLanguage: '1 hour' })
    ctx.clock.advance(2 * 3600)
    expect(await pageText(expiring.id)).toContain('This payment link has expired')
    const late = await pay(expiring.id, CARDS.success)
    expect(late.status).toBe(303)
    const unknown = await ctx.app.request('/pay/int_doesnotexist', {
      headers: { accept: 'text/html' },
    })
    expect(unknown.status).toBe(404)
    expect(await unknown.text()).toContain('Payment link not found')
    const api = await ctx.app.request('/pay/int_doesnotexist')
    expect(await api.json()).toEqual({ message: 'Payment link not found', code: 'not_found' })
  })
})
