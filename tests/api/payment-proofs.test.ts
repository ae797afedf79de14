import { createPublicKey, verify } from 'node:crypto'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { Client, errorBody } from './auth-harness'
import { queryRows } from '../../server/db/client'
import { clientFor, seededApp, type SeededApp } from './helpers/app'
import { firstRow, SEED_SUBMERCHANTS } from './helpers/db'

const CITY = SEED_SUBMERCHANTS.cityCabs
const AIRPORT = SEED_SUBMERCHANTS.airportExpress

interface PublishedKey {
  kid: string
  kty: string
  crv: string
  x: string
  notBefore: string
  notAfter: string | null
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

interface SaleRow {
  id: string
  amount: number
  currency: string
  pan_last_four: string
  captured_at: Date
  terminal_serial_number: string | null
  receipt_id: string | null
}

const salesOf = async (submerchantId: string, limit = 3) => {
  return queryRows<SaleRow>(
    ctx.database,
    `select id, amount, currency, pan_last_four, captured_at, terminal_serial_number, receipt_id
     from sales where submerchant_id = $1 order by id limit ${limit}`,
    [submerchantId],
  )
}

async function publishedKeys(): Promise<PublishedKey[]> {
  const res = await ctx.app.request('/.well-known/receipt-keys.json')
  expect(res.status).toBe(200)
  return ((await res.json()) as { keys: PublishedKey[] }).keys
}

async function proofOf(saleId: string): Promise<{ token: string; url: string }> {
  const res = await viewer.request('GET', `/v1/sales/${saleId}/proof`, { perspective: CITY })
  expect(res.status).toBe(200)
  return (await res.json()) as { token: string; url: string }
}

const fromB64 = (text: string) => Buffer.from(text, 'base64url')

// What any app does with the published keys: Node's own Ed25519 over the ASCII bytes of P.
function checks(token: string, keys: PublishedKey[]): boolean {
  const [signed, signature, ...rest] = token.split('.')
  if (!signed || !signature || rest.length > 0) return false
  const payload = JSON.parse(fromB64(signed).toString('utf8')) as { kid: string }
  const key = keys.find((k) => k.kid === payload.kid)
  if (!key) return false
  const publicKey = createPublicKey({
    key: { kty: key.kty, crv: key.crv, x: key.x },
    format: 'jwk',
  })
  return verify(null, Buffer.from(signed, 'ascii'), publicKey, fromB64(signature))
}

function withPayload(token: string, change: (payload: Record<string, unknown>) => void): string {
  const [signed, signature] = token.split('.') as [string, string]
  const payload = JSON.parse(fromB64(signed).toString('utf8')) as Record<string, unknown>
  change(payload)
  return `${Buffer.from(JSON.stringify(payload)).toString('base64url')}.${signature}`
}

describe('payment proofs', () => {
  it('publishes one Ed25519 key, the same on every read', async () => {
    const keys = await publishedKeys()
    expect(keys).toHaveLength(1)
    expect(keys[0]).toMatchObject({ kty: 'OKP', crv: 'Ed25519', notAfter: null })
    expect(fromB64(keys[0]!.x)).toHaveLength(32)
    expect(await publishedKeys()).toEqual(keys)
  })

  it('signs every sale with the payload of the contract, accepted by crypto.verify', async () => {
    const keys = await publishedKeys()
    for (const sale of await salesOf(CITY)) {
      const { token, url } = await proofOf(sale.id)
      expect(url).toBe(`http://localhost/v/${token}`)
      expect(checks(token, keys)).toBe(true)
      const payload: unknown = JSON.parse(fromB64(token.split('.')[0]!).toString('utf8'))
      expect(Object.keys(payload as object)).toEqual([
        'v',
        'kid',
        'sale',
        'acct',
        'name',
        'amt',
        'cur',
        'last4',
        'at',
        'term',
      ])
      expect(payload).toEqual({
        v: 1,
        kid: keys[0]!.kid,
        sale: sale.id,
        acct: CITY,
        name: 'City Cabs',
        amt: sale.amount,
        cur: sale.currency,
        last4: sale.pan_last_four,
        at: new Date(sale.captured_at).toISOString(),
        term: sale.terminal_serial_number,
      })
    }
  })

  it('refuses a changed amount, account, key id or signature', async () => {
    const keys = await publishedKeys()
    const [sale] = await salesOf(CITY, 1)
    const { token } = await proofOf(sale!.id)
    expect(checks(token, keys)).toBe(true)
    expect(
      checks(
        withPayload(token, (p) => (p.amt = Number(p.amt) + 100)),
        keys,
      ),
    ).toBe(false)
    expect(
      checks(
        withPayload(token, (p) => (p.acct = AIRPORT)),
        keys,
      ),
    ).toBe(false)
    // Another key id: a key the set does not have, or the set's key under another name.
    expect(
      checks(
        withPayload(token, (p) => (p.kid = 'rk_0000000000000000')),
        keys,
      ),
    ).toBe(false)
    const renamed = keys.map((k) => ({ ...k, kid: 'rk_renamed' }))
    expect(
      checks(
        withPayload(token, (p) => (p.kid = 'rk_renamed')),
        renamed,
      ),
    ).toBe(false)
    const [signed, signature] = token.split('.') as [string, string]
    const flipped = fromB64(signature)
    flipped[0] = flipped[0]! ^ 1
    expect(checks(`${signed}.${flipped.toString('base64url')}`, keys)).toBe(false)
  })

  it('keeps proofs signed before a rotation valid, and signs new ones with the new key', async () => {
    const [sale] = await salesOf(CITY, 1)
    const before = await proofOf(sale!.id)
    const [oldKey] = await publishedKeys()
    const rotation = await ctx.app.request('/sandbox/receipt-keys/rotation', { method: 'POST' })
    expect(rotation.status).toBe(201)
    const { kid } = (await rotation.json()) as { kid: string }
    expect(kid).not.toBe(oldKey!.kid)
    const keys = await publishedKeys()
    expect(keys.map((k) => k.kid)).toEqual([oldKey!.kid, kid])
    expect(keys[0]!.notAfter).not.toBeNull()
    expect(keys[1]!.notAfter).toBeNull()
    expect(checks(before.token, keys)).toBe(true)
    const after = await proofOf(sale!.id)
    expect(JSON.parse(fromB64(after.token.split('.')[0]!).toString('utf8'))).toMatchObject({ kid })
    expect(checks(after.token, keys)).toBe(true)
    // Only the new key's set would refuse the old proof: the old key is what keeps it valid.
    expect(checks(before.token, [keys[1]!])).toBe(false)
  })

  it("answers 404 for another account's sale and an unknown id; 401 without a session", async () => {
    const [other] = await salesOf(AIRPORT, 1)
    const res = await viewer.request('GET', `/v1/sales/${other!.id}/proof`, { perspective: CITY })
    expect(res.status).toBe(404)
    expect(await errorBody(res)).toMatchObject({ code: 'not_found', message: 'Sale not found' })
    const unknown = await viewer.request('GET', '/v1/sales/sale_nope/proof', { perspective: CITY })
    expect(unknown.status).toBe(404)
    expect((await new Client(ctx.app).request('GET', `/v1/sales/${other!.id}/proof`)).status).toBe(
      401,
    )
  })

  it('shows the proof on the receipt page and sends its link with the receipt', async () => {
    const row = await firstRow<{ id: string; receipt_id: string }>(
      ctx.database,
      'select id, receipt_id from sales where submerchant_id = $1 and receipt_id is not null order by id limit 1',
      [CITY],
    )
    const page = await ctx.app.request(`/receipts/${row.receipt_id}`)
    expect(page.status).toBe(200)
    const html = await page.text()
    expect(html).toContain('Show this to your driver')
    const link = /href="(http:\/\/localhost\/v\/[^"]+)"/.exec(html)?.[1]
    expect(link).toBeDefined()
    expect(checks(link!.split('/v/')[1]!, await publishedKeys())).toBe(true)
    expect(html).toContain('<svg class="proof-qr"')

    const sent = await viewer.request('POST', `/v1/receipts/${row.receipt_id}/advice`, {
      perspective: CITY,
      json: { channel: 'sms', phoneNumber: '+447700900123', brand: 'metropay' },
    })
    expect(sent.status).toBe(201)
    const [message] = await queryRows<{ body: string }>(
      ctx.database,
      `select body from outbox_messages where kind = 'receipt_advice' and metadata->>'receiptId' = $1`,
      [row.receipt_id],
    )
    expect(message?.body).toContain(`Proof of payment to show your driver: ${link}`)
  })
})
