import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { queryRows } from '../../server/db/client'
import { listOutboxMessages } from '../../server/sandbox/outbox'
import { brandStylesheet, formatReceiptTime, RECEIPT_CSS } from '../../server/sandbox/receipt-page'
import { Client, errorBody } from './auth-harness'
import { clientFor, seededApp, type SeededApp } from './helpers/app'
import { firstRow, SEED_SUBMERCHANTS } from './helpers/db'

const CITY = SEED_SUBMERCHANTS.cityCabs
const AIRPORT = SEED_SUBMERCHANTS.airportExpress

interface ReceiptRow {
  id: string
  sale_id: string
  amount: number
  sale_amount: number
  gratuity_amount: number
  auth_code: string
  retrieval_reference_number: string
  pan_last_four: string
  captured_at: Date
}

let ctx: SeededApp
let viewer: Client

beforeAll(async () => {
  ctx = await seededApp()
  viewer = await clientFor(ctx.app, 'viewer@example.com', CITY)
})
afterAll(async () => {
  await ctx.database.close()
})

const receiptOf = (submerchantId: string, tipped = false) =>
  firstRow<ReceiptRow>(
    ctx.database,
    `select r.id, r.sale_id, s.amount, s.sale_amount, s.gratuity_amount, s.auth_code,
       s.retrieval_reference_number, s.pan_last_four, s.captured_at
     from receipts r join sales s on s.id = r.sale_id
     where r.submerchant_id = $1 and (s.gratuity_amount > 0) = $2 order by r.id limit 1`,
    [submerchantId, tipped],
  )

function advise(receiptId: string, json: unknown, headers: Record<string, string> = {}) {
  return viewer.request('POST', `/v1/receipts/${receiptId}/advice`, {
    json,
    perspective: CITY,
    headers,
  })
}

async function outboxCount(receiptId: string): Promise<number> {
  const messages = await listOutboxMessages(ctx.database.db)
  return messages.filter((m) => m.metadata.receiptId === receiptId).length
}

describe('POST /v1/receipts/{receiptId}/advice', () => {
  it('puts an SMS with the receipt link in the outbox', async () => {
    const receipt = await receiptOf(CITY)
    const payload = { channel: 'sms', phoneNumber: '+447700900123', brand: 'metropay' }
    const res = await advise(receipt.id, payload)
    expect(res.status).toBe(201)
    expect(await res.json()).toEqual(payload)
    const [message] = (await listOutboxMessages(ctx.database.db)).filter(
      (m) => m.metadata.receiptId === receipt.id,
    )
    const link = `http://localhost/receipts/${receipt.id}`
    expect(message).toMatchObject({
      channel: 'sms',
      kind: 'receipt_advice',
      recipient: '+447700900123',
      subject: null,
      metadata: {
        receiptId: receipt.id,
        saleId: receipt.sale_id,
        submerchantId: CITY,
        brand: 'metropay',
        receiptUrl: link,
        receiptHost: 'receipts.metropay.example',
      },
    })
    expect(message?.body).toContain(link)
    expect(message?.body).toContain(`£${(receipt.amount / 100).toFixed(2)}`)
  })

  it('puts an email with a subject in the outbox', async () => {
    const receipt = await receiptOf(CITY, true)
    const res = await advise(receipt.id, {
      channel: 'email',
      emailAddress: 'rider@example.net',
      brand: 'metropay',
    })
    expect(res.status).toBe(201)
    const [message] = (await listOutboxMessages(ctx.database.db)).filter(
      (m) => m.metadata.receiptId === receipt.id,
    )
    expect(message).toMatchObject({
      channel: 'email',
      recipient: 'rider@example.net',
      subject: 'Your receipt from City Cabs',
    })
    expect(message?.body).toContain(`/receipts/${receipt.id}`)
  })

  it('sends exactly one message when the same Idempotency-Key is replayed', async () => {
    const receipt = await receiptOf(AIRPORT)
    const owner = await clientFor(ctx.app, 'owner@example.com', AIRPORT)
    const send = () =>
      owner.request('POST', `/v1/receipts/${receipt.id}/advice`, {
        json: { channel: 'sms', phoneNumber: '+447700900123', brand: 'cabcard' },
        perspective: AIRPORT,
        headers: { 'Idempotency-Key': 'receipt-send-1' },
      })
    const first = await send()
    const second = await send()
    expect(first.status).toBe(201)
    expect(second.status).toBe(201)
    expect(second.headers.get('Idempotent-Replayed')).toBe('true')
    expect(await second.text()).toBe(await first.text())
    expect(await outboxCount(receipt.id)).toBe(1)
  })

  it('validates the channel, E.164 phone, email and brand (400, nothing sent)', async () => {
    const receipt = await firstRow<{ id: string }>(
      ctx.database,
      'select id from receipts where submerchant_id = $1 order by id desc limit 1',
      [CITY],
    )
    for (const bad of [
      { channel: 'sms', phoneNumber: '07700 900123', brand: 'metropay' },
      { channel: 'email', emailAddress: 'nope', brand: 'metropay' },
      { channel: 'email', emailAddress: 'a@b.co' },
      { channel: 'fax', phoneNumber: '+447700900123', brand: 'metropay' },
      { channel: 'sms', emailAddress: 'a@b.co', brand: 'metropay' },
    ]) {
      const res = await advise(receipt.id, bad)
      expect(res.status, JSON.stringify(bad)).toBe(400)
    }
    expect(await outboxCount(receipt.id)).toBe(0)
  })

  it("answers 404 for another account's receipt or an unknown one", async () => {
    const other = await receiptOf(AIRPORT, true)
    const payload = { channel: 'sms', phoneNumber: '+447700900123', brand: 'metropay' }
    const res = await advise(other.id, payload)
    expect(res.status).toBe(404)
    expect(await errorBody(res)).toMatchObject({ message: 'Receipt not found' })
    expect((await advise('rcp_unknown', payload)).status).toBe(404)
    expect(await outboxCount(other.id)).toBe(0)
  })
})

describe('GET /receipts/{receiptId}', () => {
  it('is a printable, branded receipt page with every value, public by id', async () => {
    const receipt = await receiptOf(CITY, true)
    const res = await new Client(ctx.app).request('GET', `/receipts/${receipt.id}`)
    expect(res.status).toBe(200)
    expect(res.headers.get('Content-Type')).toContain('text/html')
    expect(res.headers.get('Content-Security-Policy')).toContain("script-src 'self'")
    expect(res.headers.get('Cache-Control')).toContain('no-store')
    const html = await res.text()
    const pounds = (minor: number) => `£${(minor / 100).toFixed(2)}`
    for (const text of [
      'MetroPay Business',
      'City Cabs',
      pounds(receipt.amount),
      pounds(receipt.sale_amount),
      pounds(receipt.gratuity_amount),
      receipt.auth_code,
      receipt.retrieval_reference_number,
      receipt.pan_last_four,
      formatReceiptTime(new Date(receipt.captured_at)),
    ]) {
      expect(html, text).toContain(text)
    }
    expect(formatReceiptTime(new Date('2025-01-15T18:05:00Z'))).toBe('2025-01-15 06:05 PM')
    // CSP: no inline script or style; styles are same-origin sheets.
    expect(html).not.toMatch(/<script(?![^>]*\ssrc=)/)
    expect(html).not.toMatch(/\sstyle=|<style/)
    expect(html).toContain('<link rel="stylesheet" href="/receipts/assets/receipt.css">')
    expect(html).toContain('<link rel="stylesheet" href="/receipts/brands/op_demo_metropay">')
  })

  it('serves its print stylesheet, script and brand colour as same-origin files', async () => {
    const css = await ctx.app.request('/receipts/assets/receipt.css')
    expect(css.headers.get('Content-Type')).toContain('text/css')
    expect(await css.text()).toBe(RECEIPT_CSS)
    expect(RECEIPT_CSS).toContain('@media print')
    const js = await ctx.app.request('/receipts/assets/receipt.js')
    expect(js.headers.get('Content-Type')).toContain('text/javascript')
    expect(await js.text()).toContain('window.print()')
    const brand = await ctx.app.request('/receipts/brands/op_demo_metropay')
    expect(await brand.text()).toBe(':root { --brand: #0b5fff; }\n')
    // A colour that is not a plain hex value never reaches the stylesheet.
    expect(brandStylesheet('red; } body { display: none')).toBe(':root { --brand: #1f2937; }\n')
  })

  it('escapes every value (a merchant or brand name holding markup stays text)', async () => {
    const receipt = await receiptOf(AIRPORT)
    const evil = '<script>alert("x")</script> & Sons'
    await queryRows(ctx.database, 'update submerchants set name = $1 where id = $2', [
      evil,
      AIRPORT,
    ])
    await queryRows(
      ctx.database,
      'update operators set brand_name = $1 where id = (select operator_id from submerchants where id = $2)',
      ['<img src=x onerror=alert(1)>', AIRPORT],
    )
    const html = await (await ctx.app.request(`/receipts/${receipt.id}`)).text()
    expect(html).not.toContain('<script>alert')
    expect(html).not.toContain('<img src=x')
    expect(html).toContain('&lt;script&gt;alert(&quot;x&quot;)&lt;/script&gt; &amp; Sons')
    expect(html).toContain('&lt;img src=x onerror=alert(1)&gt;')
  })

  it('answers an unknown receipt with a 404 page', async () => {
    const res = await ctx.app.request('/receipts/rcp_doesnotexist')
    expect(res.status).toBe(404)
    expect(await res.text()).toContain('Receipt not found')
  })
})
