// Issue 49, rule 10: an email address over 254 characters (RFC 5321) is a 400 on every route that
// takes one, before any database work: a 1 MB one used to be a 500 (the rate-limit key outgrew its
// index) and registration accepted one of 3,000 characters.
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { queryRows } from '../../server/db/client'
import { SEED_PAYMENT_FACILITATORS } from '../../server/seed/ids'
import { Client, createTestApp, PORTAL_ORIGIN, signedIn, type TestApp } from './auth-harness'
import { firstRow, SEED_SUBMERCHANTS } from './helpers/db'

const CITY = SEED_SUBMERCHANTS.cityCabs
const PASSWORD = 'Quiet-Harbour-Lanterns-42'

// A well-formed address of exactly n characters.
const emailOfLength = (n: number) => `${'a'.repeat(n - '@example.com'.length)}@example.com`

const MEGABYTE = emailOfLength(1_000_000)

let t: TestApp

beforeAll(async () => {
  t = await createTestApp()
})
afterAll(() => t.database.close())

// The public entry points, each as the portal sends it.
const entries = {
  'POST /v1/tokens': (emailAddress: string) =>
    new Client(t.app).login(emailAddress, { password: 'not-the-password' }),
  'POST /v1/password-reset-tickets': (emailAddress: string) =>
    new Client(t.app).request('POST', '/v1/password-reset-tickets', {
      json: {
        emailAddress,
        completionUrl: `${PORTAL_ORIGIN}/reset-password`,
        paymentFacilitatorId: SEED_PAYMENT_FACILITATORS.sandboxPay,
      },
    }),
  'POST /v1/registrations': (emailAddress: string) =>
    new Client(t.app).request('POST', '/v1/registrations', {
      json: { emailAddress, password: PASSWORD },
    }),
}

async function expectEmailRefused(res: Response, what: string, field = 'emailAddress') {
  expect(res.status, what).toBe(400)
  const body = (await res.json()) as { errors?: { field: string; messages: string[] }[] }
  expect(body.errors, what).toEqual([
    { field, messages: [expect.stringMatching(/must be at most length 254/)] },
  ])
}

async function rateLimitRows(): Promise<number> {
  const [row] = await queryRows<{ n: number }>(
    t.database,
    'select count(*)::int as n from rate_limit_windows',
  )
  return row!.n
}

describe('an email address over 254 characters', () => {
  it('is a 400 on sign-in, forgot-password and registration at 1 MB, and counts nothing', async () => {
    const before = await rateLimitRows()
    for (const [name, send] of Object.entries(entries)) {
      await expectEmailRefused(await send(MEGABYTE), name)
    }
    expect(await rateLimitRows()).toBe(before)
  })

  it('is a 400 on registration at 3,000 and at 255 characters; 254 still registers', async () => {
    await expectEmailRefused(await entries['POST /v1/registrations'](emailOfLength(3_000)), '3000')
    await expectEmailRefused(await entries['POST /v1/registrations'](emailOfLength(255)), '255')
    const longest = emailOfLength(254)
    expect((await entries['POST /v1/registrations'](longest)).status).toBe(201)
    expect((await entries['POST /v1/password-reset-tickets'](longest)).status).toBe(202)
  })

  it('is a 400 on invitations, receipts by email and a link or refund customer email', async () => {
    const owner = await signedIn(t.app)
    await owner.refresh({ attachments: [CITY] })
    const long = emailOfLength(255)
    const as = { perspective: CITY }
    await expectEmailRefused(
      await owner.request('POST', `/v1/submerchants/${CITY}/invitations`, {
        ...as,
        json: { emailAddress: long, role: 'viewer' },
        headers: { 'Idempotency-Key': 'long-email-invitation' },
      }),
      'invitation',
    )
    const { receipt_id: receiptId } = await firstRow<{ receipt_id: string }>(
      t.database,
      'select receipt_id from sales where submerchant_id = $1 and receipt_id is not null limit 1',
      [CITY],
    )
    const advice = await owner.request('POST', `/v1/receipts/${receiptId}/advice`, {
      ...as,
      json: { channel: 'email', emailAddress: long, brand: 'metropay' },
      headers: { 'Idempotency-Key': 'long-email-receipt' },
    })
    expect(advice.status, 'receipt').toBe(400)
    expect(JSON.stringify(await advice.json())).toContain('must be at most length 254')
    await expectEmailRefused(
      await owner.request('POST', '/v1/intents', {
        ...as,
        json: {
          saleAmount: 1234,
          currency: 'GBP',
          submerchantId: CITY,
          description: 'Fare',
          customerEmailAddress: long,
        },
        headers: { 'Idempotency-Key': 'long-email-intent' },
      }),
      'intent',
      'customerEmailAddress',
    )
    const { id: saleId } = await firstRow<{ id: string }>(
      t.database,
      'select id from sales where submerchant_id = $1 limit 1',
      [CITY],
    )
    await expectEmailRefused(
      await owner.request('POST', `/v1/sales/${saleId}/refund-requests/`, {
        ...as,
        json: { amount: 1, refundReason: 'Wrong fare', customerEmailAddress: long },
        headers: { 'Idempotency-Key': 'long-email-refund' },
      }),
      'refund',
      'customerEmailAddress',
    )
  })
})
