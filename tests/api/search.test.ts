import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { buildListQuery } from '@/api/list-query'
import { groupSearch, wholePoundSearch, type GroupKind } from '@/features/search/groups'
import { readQuery } from '@/features/search/query-reader'
import { PAYMENT_LINKS_LIST } from '@/features/payment-links/list-spec'
import { PAYOUTS_LIST } from '@/features/payouts/list-spec'
import { SALES_LIST } from '@/features/sales/list-spec'
import { TERMINALS_LIST } from '@/features/terminals/list-spec'
import { dayRangeToBounds, toDay } from '@/lib/dates'
import { parseListSearch, type ListSpec } from '@/lib/list-search'
import { toListParams, toListQuery } from '@/lib/list-view'
import { queryRows } from '../../server/db/client'
import type { Client } from './auth-harness'
import { clientFor, seededApp, type SeededApp } from './helpers/app'
import { SEED_SUBMERCHANTS } from './helpers/db'

// The one-box search asks each list once with that list's own filters (docs/screens.md#search):
// these tests send exactly what the portal sends for each kind of query.

const CITY = SEED_SUBMERCHANTS.cityCabs
const HARBOUR = SEED_SUBMERCHANTS.harbourCars
const NORTH = SEED_SUBMERCHANTS.northFleet

const LISTS: Record<GroupKind, { spec: ListSpec; path: string; scope: string }> = {
  sales: { spec: SALES_LIST, path: '/v1/sales', scope: 'submerchantId' },
  links: { spec: PAYMENT_LINKS_LIST, path: '/v1/intents', scope: 'submerchantId' },
  payouts: { spec: PAYOUTS_LIST, path: '/v1/payouts', scope: 'submerchantId' },
  terminals: {
    spec: TERMINALS_LIST,
    path: '/v1/terminals',
    scope: 'currentAllocation[submerchantId]',
  },
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

// The group's request for a query, as the portal builds it; null when the group is not asked.
function groupPath(kind: GroupKind, query: string, submerchantId: string = CITY): string | null {
  const { spec, path, scope } = LISTS[kind]
  const search = groupSearch(kind, readQuery(query).criteria)
  if (!search) return null
  // Every part must survive the list's own reading of its URL, or 'See all' would show more.
  expect(parseListSearch(spec, search)).toEqual(search)
  const params = toListParams(spec, search)
  const qs = new URLSearchParams(buildListQuery(toListQuery({ [scope]: submerchantId }, params)))
  return `${path}?${qs.toString()}`
}

async function ask(client: Client, path: string, submerchantId: string = CITY) {
  const res = await client.request('GET', path, { perspective: submerchantId })
  const body = res.status === 200 ? ((await res.json()) as Array<Record<string, unknown>>) : []
  return {
    status: res.status,
    ids: body.map((row) => row.id),
    total: res.headers.get('Total-Count'),
  }
}

async function group(kind: GroupKind, query: string) {
  const path = groupPath(kind, query)
  if (!path) throw new Error(`${kind} is not asked for ${query}`)
  return ask(owner, path)
}

const rows = <T>(sql: string, params: unknown[]) =>
  queryRows(ctx.database, sql, params) as Promise<T[]>

async function oneSale() {
  const [sale] = await rows<{
    id: string
    pan: string
    amount: number
    rrn: string
    auth: string
  }>(
    `select id, pan_last_four as pan, amount, retrieval_reference_number as rrn, auth_code as auth
       from sales where submerchant_id = $1 and auth_code ~ '[0-9]' order by captured_at desc limit 1`,
    [CITY],
  )
  if (!sale) throw new Error('no sale')
  return sale
}

const pounds = (minor: number) => (minor / 100).toFixed(2)

describe('one-box search: each group’s query', () => {
  it('4 digits: the sales with that last four, newest first, with their count', async () => {
    const sale = await oneSale()
    const found = await group('sales', sale.pan)
    const expected = await rows<{ id: string }>(
      `select id from sales where submerchant_id = $1 and pan_last_four = $2
        order by captured_at desc, id desc`,
      [CITY, sale.pan],
    )
    expect(found.status).toBe(200)
    expect(found.total).toBe(String(expected.length))
    expect(found.ids).toEqual(expected.slice(0, 10).map((row) => row.id))
    // A card is no payout, link or terminal.
    for (const kind of ['links', 'payouts', 'terminals'] as const) {
      expect(groupPath(kind, sale.pan)).toBeNull()
    }
  })

  it('an amount: the sales and the payment links of exactly that amount', async () => {
    const [link] = await rows<{ amount: number }>(
      `select amount from intents where submerchant_id = $1 order by created_at desc limit 1`,
      [CITY],
    )
    const amount = link?.amount ?? 0
    const sales = await group('sales', `£${pounds(amount)}`)
    const links = await group('links', pounds(amount))
    const [counts] = await rows<{ sales: number; links: number }>(
      `select (select count(*)::int from sales where submerchant_id = $1 and amount = $2) as sales,
              (select count(*)::int from intents where submerchant_id = $1 and amount = $2) as links`,
      [CITY, amount],
    )
    expect(sales.total).toBe(String(counts?.sales))
    expect(links.total).toBe(String(counts?.links))
    expect(Number(links.total)).toBeGreaterThan(0)
    expect(groupPath('payouts', pounds(amount))).toBeNull()
  })

  it('whole pounds with no exact match widen to 23.00–23.99', async () => {
    const [row] = await rows<{ pounds: number }>(
      `select amount / 100 as pounds from sales s where submerchant_id = $1 and amount % 100 <> 0
          and not exists (select 1 from sales t where t.submerchant_id = $1 and t.amount = (s.amount / 100) * 100)
        limit 1`,
      [CITY],
    )
    const whole = String(row?.pounds)
    const exact = await group('sales', whole)
    expect(exact.total).toBe('0')
    const criteria = readQuery(whole).criteria
    // The whole pound is the sales list's own URL view (its 'See all'), read back unchanged.
    const search = wholePoundSearch(groupSearch('sales', criteria) ?? {}, criteria.amount)
    expect(search).toEqual({ amountFrom: `${whole}.00`, amountTo: `${whole}.99` })
    expect(parseListSearch(SALES_LIST, search ?? {})).toEqual(search)
    const params = toListParams(SALES_LIST, search ?? {})
    const qs = new URLSearchParams(buildListQuery(toListQuery({ submerchantId: CITY }, params)))
    expect(qs.get('amount[$gte]')).toBe(`${whole}00`)
    expect(qs.get('amount[$lt]')).toBe(`${Number(whole) + 1}00`)
    const widened = await ask(owner, `/v1/sales?${qs.toString()}`)
    const [counted] = await rows<{ n: number }>(
      `select count(*)::int as n from sales where submerchant_id = $1 and amount >= $2 and amount < $3`,
      [CITY, Number(whole) * 100, Number(whole) * 100 + 100],
    )
    expect(widened.status).toBe(200)
    expect(widened.total).toBe(String(counted?.n))
    expect(Number(widened.total)).toBeGreaterThan(0)
  })

  it('12 digits and 6 letters and digits: the sale of that RRN or auth code', async () => {
    const sale = await oneSale()
    expect((await group('sales', sale.rrn)).ids).toContain(sale.id)
    expect((await group('sales', sale.auth.toLowerCase())).ids).toContain(sale.id)
    expect((await group('sales', `rrn:${sale.rrn} auth:${sale.auth}`)).ids).toEqual([sale.id])
  })

  it('date words narrow each dated group to those days', async () => {
    const [sale] = await rows<{ at: Date | string }>(
      `select captured_at as at from sales where submerchant_id = $1
        order by captured_at desc offset 50 limit 1`,
      [CITY],
    )
    // The day as this machine counts it, as the portal's list does.
    const date = toDay(new Date(sale?.at ?? 0))
    const { gte, lt } = dayRangeToBounds({ start: date, end: date })
    const [counts] = await rows<{ sales: number; links: number; payouts: number }>(
      `select (select count(*)::int from sales where submerchant_id = $1 and captured_at >= $2 and captured_at < $3) as sales,
              (select count(*)::int from intents where submerchant_id = $1 and created_at >= $2 and created_at < $3) as links,
              (select count(*)::int from payouts where submerchant_id = $1 and created_at >= $2 and created_at < $3) as payouts`,
      [CITY, gte, lt],
    )
    expect((await group('sales', `date:${date}`)).total).toBe(String(counts?.sales))
    expect((await group('links', `date:${date}`)).total).toBe(String(counts?.links))
    expect((await group('payouts', `date:${date}`)).total).toBe(String(counts?.payouts))
    expect(groupPath('terminals', `date:${date}`)).toBeNull()
  })

  it('free text: links by reference and customer name, payouts by reference, terminals, sales by external reference', async () => {
    const [link] = await rows<{ id: string; reference: string; name: string; sale: string }>(
      `select id, reference, customer_name as name, sale_id as sale from intents
        where submerchant_id = $1 and reference is not null and sale_id is not null limit 1`,
      [CITY],
    )
    const [payout] = await rows<{ id: string; reference: string }>(
      `select id, payment_reference as reference from payouts where submerchant_id = $1 limit 1`,
      [CITY],
    )
    const [terminal] = await rows<{ id: string; serial: string }>(
      `select id, serial_number as serial from terminals where current_submerchant_id = $1 limit 1`,
      [CITY],
    )
    expect((await group('links', `"${link?.reference}"`)).ids).toContain(link?.id)
    expect((await group('links', `"${link?.name}"`)).ids.length).toBeGreaterThan(0)
    expect((await group('sales', `"${link?.reference}"`)).ids).toEqual([link?.sale])
    expect((await group('payouts', payout?.reference.toLowerCase() ?? '')).ids).toEqual([
      payout?.id,
    ])
    expect((await group('terminals', `"${terminal?.serial.slice(-5)}"`)).ids).toContain(
      terminal?.id,
    )
  })

  it('field:value with a status narrows the groups that have that status', async () => {
    const links = await group('links', 'status:succeeded')
    const [count] = await rows<{ n: number }>(
      `select count(*)::int as n from intents where submerchant_id = $1 and status = 'succeeded'`,
      [CITY],
    )
    expect(links.total).toBe(String(count?.n))
    expect(groupPath('payouts', 'status:succeeded')).toBeNull()
    expect((await group('payouts', 'status:paid')).status).toBe(200)
  })
})

describe('one-box search: roles', () => {
  it('payouts and terminals stay closed to the roles that may not see them', async () => {
    const harbourManager = await clientFor(ctx.app, 'manager@example.com', HARBOUR)
    const payouts = groupPath('payouts', 'PO', HARBOUR) ?? ''
    expect((await ask(harbourManager, payouts, HARBOUR)).status).toBe(403)
    const northViewer = await clientFor(ctx.app, 'viewer@example.com', NORTH)
    const terminals = groupPath('terminals', 'TRM', NORTH) ?? ''
    expect((await ask(northViewer, terminals, NORTH)).status).toBe(403)
    // The same people still search their sales.
    expect(
      (await ask(harbourManager, groupPath('sales', '1234', HARBOUR) ?? '', HARBOUR)).status,
    ).toBe(200)
  })
})

describe('one-box search: bad input', () => {
  it('10,000 characters, NUL, emoji and an empty field give a 4xx or an empty group, never a 5xx', async () => {
    const long = 'x'.repeat(10_000)
    const raw = await ask(owner, `/v1/intents?submerchantId=${CITY}&q=${long}`)
    expect(raw.status).toBe(400)
    // The portal reads no more than a person types: the group is asked and is empty.
    expect(await group('links', long)).toMatchObject({ status: 200, total: '0' })
    expect((await ask(owner, `/v1/payouts?submerchantId=${CITY}&q=a%00b`)).status).toBe(400)
    expect(await group('payouts', 'a\u0000b')).toMatchObject({ status: 200, total: '0' })
    for (const kind of ['sales', 'links', 'payouts', 'terminals'] as const) {
      expect(await group(kind, '🚕 😀')).toMatchObject({ status: 200, total: '0' })
    }
    expect((await ask(owner, `/v1/sales?submerchantId=${CITY}&amount=`)).status).toBe(400)
    for (const kind of ['sales', 'links', 'payouts', 'terminals'] as const) {
      expect(groupPath(kind, 'amount:')).toBeNull()
      expect(groupPath(kind, 'last4:')).toBeNull()
    }
  })
})
