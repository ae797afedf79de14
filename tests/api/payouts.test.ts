import { type } from 'arktype'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { BankAccount, Payout, PayoutCard } from '@/api/schema/payouts'
import type { BalanceTransaction, Sale } from '@/api/schema/sales'
import { queryRows } from '../../server/db/client'
import { Client, errorBody } from './auth-harness'
import { clientFor, mfaClientFor, seededApp, type SeededApp } from './helpers/app'
import { SEED_SUBMERCHANTS } from './helpers/db'
import { exactly } from './helpers/exactly'

const CITY = SEED_SUBMERCHANTS.cityCabs
const HARBOUR = SEED_SUBMERCHANTS.harbourCars
const NIGHT_OWL = SEED_SUBMERCHANTS.nightOwl
const PATEL = SEED_SUBMERCHANTS.patelCars
const HOUR = 3_600_000

let ctx: SeededApp

beforeAll(async () => {
  ctx = await seededApp()
})
afterAll(async () => {
  await ctx.database.close()
})

async function list(client: Client, submerchantId: string, query = '') {
  return client.request('GET', `/v1/payouts?submerchantId=${submerchantId}${query}`, {
    perspective: submerchantId,
  })
}

describe('GET /v1/payouts', () => {
  it('needs a session', async () => {
    const res = await new Client(ctx.app).request('GET', `/v1/payouts?submerchantId=${CITY}`)
    expect(res.status).toBe(401)
  })

  it('lists the account payouts newest first, each exactly a Payout, with the total', async () => {
    const owner = await clientFor(ctx.app, 'owner@example.com', CITY)
    const res = await list(owner, CITY, '&limit=100')
    expect(res.status).toBe(200)
    const body = (await res.json()) as unknown[]
    const [{ count }] = (await queryRows(
      ctx.database,
      'select count(*)::int as count from payouts where submerchant_id = $1',
      [CITY],
    )) as [{ count: number }]
    expect(count).toBeGreaterThan(0)
    expect(res.headers.get('Total-Count')).toBe(String(count))
    expect(body).toHaveLength(Math.min(100, count))
    const dates: string[] = []
    for (const item of body) {
      const parsed = Payout.onUndeclaredKey('reject')(item)
      if (parsed instanceof type.errors) throw new Error(parsed.summary)
      dates.push(parsed.createdAt)
    }
    expect([...dates].sort().reverse()).toEqual(dates)
  })

  it('gives the latest payout with sort, limit and fields', async () => {
    const viewer = await clientFor(ctx.app, 'viewer@example.com', CITY)
    const res = await list(viewer, CITY, '&sort=-createdAt&limit=1&fields=id,amount,status')
    expect(res.status).toBe(200)
    const body = (await res.json()) as Array<Record<string, unknown>>
    expect(body).toHaveLength(1)
    expect(Object.keys(body[0] ?? {}).sort()).toEqual(['amount', 'id', 'status'])
    const [latest] = (await queryRows(
      ctx.database,
      'select id from payouts where submerchant_id = $1 order by created_at desc, id desc limit 1',
      [CITY],
    )) as [{ id: string }]
    expect(body[0]?.id).toBe(latest.id)
  })

  it('applies the role rule: managers and viewers of a payout-restricted account get 403', async () => {
    for (const email of ['manager@example.com', 'viewer@example.com']) {
      const client = await clientFor(ctx.app, email, HARBOUR)
      const res = await list(client, HARBOUR)
      expect(res.status, email).toBe(403)
      expect(await errorBody(res)).toMatchObject({
        code: 'insufficient_role',
        message: 'Not permitted to view this data.',
      })
    }
    const owner = await clientFor(ctx.app, 'owner@example.com', HARBOUR)
    expect((await list(owner, HARBOUR)).status).toBe(200)
  })

  it('refuses another account than the perspective and bad queries with 4xx', async () => {
    const owner = await clientFor(ctx.app, 'owner@example.com', CITY)
    const other = await owner.request('GET', `/v1/payouts?submerchantId=${HARBOUR}`, {
      perspective: CITY,
    })
    expect(other.status).toBe(403)
    for (const query of ['&status=lost', '&sort=-nope', '&limit=1000', '&createdAt[$gte]=soon']) {
      const res = await list(owner, CITY, query)
      expect(res.status, query).toBe(400)
    }
  })
})

describe('GET /v1/payouts filters', () => {
  it('filters on status and paymentReference inside a createdAt range', async () => {
    const owner = await clientFor(ctx.app, 'owner@example.com', CITY)
    const all = (await (await list(owner, CITY, '&limit=100')).json()) as Payout[]
    const target = all[5]
    if (!target) throw new Error('too few payouts')
    const byRef = await list(owner, CITY, `&paymentReference=${target.paymentReference}`)
    expect(((await byRef.json()) as Payout[]).map((p) => p.id)).toEqual([target.id])
    const inTransit = (await (
      await list(owner, CITY, '&status=in_transit&limit=100')
    ).json()) as Payout[]
    for (const p of inTransit) expect(p.status).toBe('in_transit')
    const upTo = all[2]?.createdAt ?? ''
    const ranged = await list(
      owner,
      CITY,
      `&createdAt[$gte]=${target.createdAt}&createdAt[$lt]=${upTo}`,
    )
    expect(((await ranged.json()) as Payout[]).map((p) => p.id)).toEqual(
      all.slice(3, 6).map((p) => p.id),
    )
  })
})

describe('GET /v1/payouts/{id}, /v1/bank-accounts/{id}, /v1/payout-cards/{id}', () => {
  it('answers the payout and its bank account, exactly as documented', async () => {
    const viewer = await clientFor(ctx.app, 'viewer@example.com', CITY)
    const [latest] = (await (await list(viewer, CITY, '&limit=1')).json()) as Payout[]
    const res = await viewer.request('GET', `/v1/payouts/${latest?.id}`, { perspective: CITY })
    expect(res.status).toBe(200)
    expect(exactly<Payout>(Payout, await res.json())).toEqual(latest)
    expect(latest?.destinationType).toBe('bank_account')
    const account = await viewer.request('GET', `/v1/bank-accounts/${latest?.destinationId}`, {
      perspective: CITY,
    })
    expect(account.status).toBe(200)
    const bank = exactly<BankAccount>(BankAccount, await account.json())
    expect(bank.accountName).toBe('City Cabs Ltd')
  })

  it('answers a payout card with no more than its last four', async () => {
    const owner = await mfaClientFor(ctx, PATEL)
    const [latest] = (await (await list(owner, PATEL, '&limit=1')).json()) as Payout[]
    expect(latest).toMatchObject({ destinationType: 'payout_card', scheduled: false })
    const res = await owner.request('GET', `/v1/payout-cards/${latest?.destinationId}`, {
      perspective: PATEL,
    })
    expect(res.status).toBe(200)
    const card = exactly<PayoutCard>(PayoutCard, await res.json())
    expect(card.panLastFour).toMatch(/^\d{4}$/)
  })

  it('gives 404 for another account’s payout, bank account or card', async () => {
    const owner = await mfaClientFor(ctx, PATEL)
    const [patelPayout] = (await (await list(owner, PATEL, '&limit=1')).json()) as Payout[]
    const viewer = await clientFor(ctx.app, 'viewer@example.com', CITY)
    for (const path of [
      `/v1/payouts/${patelPayout?.id}`,
      `/v1/payout-cards/${patelPayout?.destinationId}`,
      `/v1/bank-accounts/ba_${PATEL.slice(4)}`,
      '/v1/payouts/pay_missing',
    ]) {
      const res = await viewer.request('GET', path, { perspective: CITY })
      expect(res.status, path).toBe(404)
    }
  })

  it('applies the role rule to the detail and its destination: 403 for managers and viewers', async () => {
    const owner = await clientFor(ctx.app, 'owner@example.com', HARBOUR)
    const [payout] = (await (await list(owner, HARBOUR, '&limit=1')).json()) as Payout[]
    const paths = [`/v1/payouts/${payout?.id}`, `/v1/bank-accounts/${payout?.destinationId}`]
    for (const path of paths) {
      expect((await owner.request('GET', path, { perspective: HARBOUR })).status).toBe(200)
    }
    for (const email of ['manager@example.com', 'viewer@example.com']) {
      const client = await clientFor(ctx.app, email, HARBOUR)
      for (const path of paths) {
        const res = await client.request('GET', path, { perspective: HARBOUR })
        expect(res.status, `${email} ${path}`).toBe(403)
        expect((await errorBody(res)).message).toBe('Not permitted to view this data.')
      }
    }
  })
})

// Every page of a list (docs/api.md#lists), 100 at a time.
async function everyPage<T>(client: Client, perspective: string, path: string): Promise<T[]> {
  const items: T[] = []
  for (let offset = 0; ; offset += 100) {
    const res = await client.request('GET', `${path}&limit=100&offset=${offset}`, { perspective })
    expect(res.status, path).toBe(200)
    const page = (await res.json()) as T[]
    items.push(...page)
    if (page.length < 100) return items
  }
}

describe('what is in a payout (README "Payouts and their sales")', () => {
  it.each([
    ['a daily account', CITY],
    ['a weekly account', NIGHT_OWL],
    ['the one-off card payouts', PATEL],
  ])(
    'for %s, the net of the period’s paid-out sales is the payout amount exactly',
    async (_name, account) => {
      const owner =
        account === PATEL
          ? await mfaClientFor(ctx, PATEL)
          : await clientFor(ctx.app, 'owner@example.com', account)
      const payouts = (await (await list(owner, account, '&limit=4')).json()) as Payout[]
      // The oldest payout has no lower bound: it pays everything before it.
      const oldest = (await (
        await list(owner, account, '&limit=1&sort=createdAt')
      ).json()) as Payout[]
      const pairs: Array<[Payout, Payout | undefined]> = payouts
        .slice(0, 3)
        .map((p, i) => [p, payouts[i + 1]])
      if (oldest[0]) pairs.push([oldest[0], undefined])
      for (const [payout, previous] of pairs) {
        const end = new Date(Date.parse(payout.createdAt) - 30 * HOUR).toISOString()
        const start = previous
          ? new Date(Date.parse(previous.createdAt) - 30 * HOUR).toISOString()
          : null
        const range = (field: string) =>
          `${start ? `&${field}[$gte]=${start}` : ''}&${field}[$lt]=${end}`
        const transactions = await everyPage<BalanceTransaction>(
          owner,
          account,
          `/v1/balance-transactions?type=sale${range('createdAt')}`,
        )
        const sales = await everyPage<Sale>(
          owner,
          account,
          `/v1/sales?fields=id,disbursementWithheld${range('capturedAt')}`,
        )
        const withheld = new Set(sales.filter((s) => s.disbursementWithheld).map((s) => s.id))
        expect(transactions.length).toBe(sales.length)
        const net = transactions
          .filter((t) => !withheld.has(t.sourceId))
          .reduce((sum, t) => sum + t.netAmount, 0)
        expect(net, payout.id).toBe(payout.amount)
      }
    },
  )
})
