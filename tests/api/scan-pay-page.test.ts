import { type } from 'arktype'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { Intent } from '@/api/schema/intents'
import { queryRows } from '../../server/db/client'
import { saleFee } from '../../server/domain/sale-capture'
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

const scanPath = (submerchantId: string) => `/pay?submerchant=${submerchantId}`

function open(submerchantId: string, query = '', accept = 'text/html') {
  return ctx.app.request(`${scanPath(submerchantId)}${query}`, { headers: { accept } })
}

// The attempt token the page put in its form.
async function attemptOf(submerchantId: string = CITY): Promise<string> {
  const html = await (await open(submerchantId)).text()
  const attempt = /name="attempt" value="([0-9a-f]{24})"/.exec(html)?.[1]
  if (!attempt) throw new Error('no attempt token on the page')
  return attempt
}

function pay(
  submerchantId: string,
  fields: { amount: string; cardNumber: string; attempt?: string },
  accept = 'text/html',
) {
  return ctx.app.request(scanPath(submerchantId), {
    method: 'POST',
    headers: {
      'content-type': 'application/x-www-form-urlencoded',
      'user-agent': 'TestPhone/1.0',
      accept,
    },
    body: new URLSearchParams({ expiry: '12/34', cvc: '123', ...fields }).toString(),
  })
}

async function scanIntents(submerchantId: string = CITY): Promise<number> {
  const [row] = await queryRows<{ n: number }>(
    ctx.database,
    `select count(*)::int as n from intents where submerchant_id = $1 and created_by = 'usr_scan_to_pay'`,
    [submerchantId],
  )
  return row?.n ?? 0
}

async function getIntent(id: string): Promise<Intent> {
  const res = await owner.request('GET', `/v1/intents/${id}`, { perspective: CITY })
  expect(res.status).toBe(200)
  return (await res.json()) as Intent
}

describe('the Scan to Pay page /pay?submerchant={id}', () => {
  it("shows the account's brand and name, an amount field and the card form, never cached", async () => {
    const res = await open(CITY)
    expect(res.status).toBe(200)
    expect(res.headers.get('cache-control')).toBe('no-store')
    const html = await res.text()
    expect(html).toContain('Pay City Cabs')
    expect(html).toContain('MetroPay Business')
    expect(html).toContain('name="amount"')
    expect(html).toContain('name="cardNumber"')
    expect(html).toContain(`action="/pay?submerchant=${CITY}"`)
    expect(html).not.toMatch(/<script|style=/)
  })

  it('answers accounts outside the Scan to Pay whitelist like unknown ones, and says so for one not enrolled', async () => {
    for (const id of [SEED_SUBMERCHANTS.greenLine, 'sub_nobody', '']) {
      const res = await open(id)
      expect(res.status, id).toBe(404)
      expect(await res.text()).toContain('Payment page not found')
    }
    expect(await (await open(SEED_SUBMERCHANTS.greenLine, '', 'application/json')).json()).toEqual({
      message: 'Payment page not found',
      code: 'not_found',
    })
    const notEnrolled = await open(SEED_SUBMERCHANTS.newStart)
    expect(notEnrolled.status).toBe(409)
    expect(await notEnrolled.text()).toContain('This account cannot take card payments yet')
    const before = await scanIntents(SEED_SUBMERCHANTS.greenLine)
    const refused = await pay(SEED_SUBMERCHANTS.greenLine, {
      amount: '10.00',
      cardNumber: CARDS.success,
    })
    expect(refused.status).toBe(404)
    expect(await scanIntents(SEED_SUBMERCHANTS.greenLine)).toBe(before)
  })

  it('4242…: an intent of the account, paid through the payment-link path: sale, fee, receipt and sale.created', async () => {
    const attempt = await attemptOf()
    const res = await pay(CITY, { amount: '12.34', cardNumber: CARDS.success, attempt })
    expect(res.status).toBe(303)
    const intentId = `int_${attempt}`
    expect(res.headers.get('location')).toBe(`/pay/${intentId}`)

    // The portal reads it like any payment link (its own schema), and finds the sale by intentId.
    const intent = await getIntent(intentId)
    expect(Intent(intent)).not.toBeInstanceOf(type.errors)
    expect(intent).toMatchObject({
      submerchantId: CITY,
      amount: 1234,
      status: 'succeeded',
      description: 'Scan to Pay',
      createdBy: 'usr_scan_to_pay',
      customerDeviceInfo: 'TestPhone/1.0',
    })
    const salesRes = await owner.request(
      'GET',
      `/v1/sales?submerchantId=${CITY}&intentId=${intentId}`,
      {
        perspective: CITY,
      },
    )
    const sales = (await salesRes.json()) as { id: string; amount: number; panLastFour: string }[]
    expect(sales).toHaveLength(1)
    expect(sales[0]).toMatchObject({ id: intent.saleId, amount: 1234, panLastFour: '4242' })
    const fee = await firstRow<{ fee_amount: number; net_amount: number }>(
      ctx.database,
      'select fee_amount, net_amount from balance_transactions where source_id = $1',
      [intent.saleId],
    )
    expect(fee).toEqual({
      fee_amount: saleFee(1234, 'visa'),
      net_amount: 1234 - saleFee(1234, 'visa'),
    })
    const events = await queryRows<{ event: string }>(
      ctx.database,
      `select distinct event from webhook_notifications where payload->'data'->>'id' = $1`,
      [intent.saleId],
    )
    expect(events).toEqual([{ event: 'sale.created' }])

    const paid = await (
      await ctx.app.request(`/pay/${intentId}`, { headers: { accept: 'text/html' } })
    ).text()
    expect(paid).toContain('Your payment has been received. Thank you.')
    expect(paid).toContain(`href="/pay?submerchant=${CITY}"`)
  })

  it('a resubmitted form (double tap, refresh) charges once', async () => {
    const attempt = await attemptOf()
    const submit = () => pay(CITY, { amount: '7.00', cardNumber: CARDS.success, attempt })
    const results = await Promise.all([submit(), submit(), submit()])
    expect(results.map((r) => r.status)).toEqual([303, 303, 303])
    expect(new Set(results.map((r) => r.headers.get('location')))).toEqual(
      new Set([`/pay/int_${attempt}`]),
    )
    const { n } = await firstRow<{ n: number }>(
      ctx.database,
      'select count(*)::int as n from sales where intent_id = $1',
      [`int_${attempt}`],
    )
    expect(n).toBe(1)
  })

  it('4000…0002 is declined: back to the form with the amount and a new attempt, no sale', async () => {
    const attempt = await attemptOf()
    const res = await pay(CITY, { amount: '8.50', cardNumber: CARDS.declined, attempt })
    expect(res.status).toBe(303)
    expect(res.headers.get('location')).toBe(`${scanPath(CITY)}&amount=8.50&declined=1`)
    const declined = await getIntent(`int_${attempt}`)
    expect(declined).toMatchObject({ status: 'payment_declined', saleId: null })
    const again = await (await open(CITY, '&amount=8.50&declined=1')).text()
    expect(again).toContain('Your card was declined. Try another card.')
    expect(again).toContain('value="8.50"')
    expect(again).not.toContain(`value="${attempt}"`)
  })

  it('4000 0027 6000 3184 goes through the 3-D Secure challenge, then pays', async () => {
    const attempt = await attemptOf()
    const res = await pay(CITY, { amount: '30', cardNumber: CARDS.threeDs, attempt })
    expect(res.headers.get('location')).toBe(`/pay/int_${attempt}/3ds`)
    await ctx.app.request(`/pay/int_${attempt}/3ds`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: 'result=complete',
    })
    const paid = await getIntent(`int_${attempt}`)
    expect(paid).toMatchObject({ status: 'succeeded', amount: 3000 })
    expect(paid.saleId).toMatch(/^sale_/)
  })

  it('refuses a missing, malformed, too small or too large amount and a bad card, creating nothing', async () => {
    const before = await scanIntents()
    const cases: [string, string, string][] = [
      ['', CARDS.success, 'Enter the amount to pay'],
      ['12.345', CARDS.success, 'Enter the amount in pounds and pence, like 12.50'],
      ['-5', CARDS.success, 'Enter the amount in pounds and pence, like 12.50'],
      ['0.10', CARDS.success, 'The amount must be at least £0.30'],
      ['5000.01', CARDS.success, 'The amount cannot be more than £5,000.00'],
      ['12.50', '4242 4242 4242 4241', 'Your card number is incorrect.'],
    ]
    for (const [amount, cardNumber, message] of cases) {
      const res = await pay(CITY, { amount, cardNumber })
      expect(res.status, amount).toBe(400)
      expect(await res.text()).toContain(message)
      const api = await pay(CITY, { amount, cardNumber }, 'application/json')
      expect(((await api.json()) as { message: string }).message).toBe(message)
    }
    expect(await scanIntents()).toBe(before)
  })
})
