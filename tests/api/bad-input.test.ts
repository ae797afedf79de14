// Issue 12, item 1: every hostile-input class against every route of the app's own route table, so a
// route added later is covered without editing this file. No 5xx, the one error body, no writes.
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { queryRows } from '../../server/db/client'
import { MAX_BODY_BYTES } from '../../server/middleware/body-guard'
import type { Client } from './auth-harness'
import { clientFor, seededApp, type SeededApp } from './helpers/app'
import { SEED_OPERATORS } from '../../server/seed/ids'
import { firstRow, SEED_SUBMERCHANTS, SEED_USERS } from './helpers/db'
import { MAX_AMOUNT } from '@/api/amount-limit'

const CITY = SEED_SUBMERCHANTS.cityCabs

let ctx: SeededApp
let owner: Client
// Real ids by the path segment before a parameter, so a request that slipped past the guards
// would reach the handler's database work; unknown segments (later routes) get 'x'.
let idsBySegment: Record<string, string> = {}

beforeAll(async () => {
  ctx = await seededApp()
  owner = await clientFor(ctx.app, 'owner@example.com', CITY)
  const refund = await firstRow<{ id: string; sale_id: string }>(
    ctx.database,
    'select id, sale_id from refund_requests where submerchant_id = $1 order by id limit 1',
    [CITY],
  )
  const sale = await firstRow<{ receipt_id: string; balance_transaction_id: string }>(
    ctx.database,
    `select receipt_id, balance_transaction_id from sales where submerchant_id = $1
     and receipt_id is not null and balance_transaction_id is not null order by id limit 1`,
    [CITY],
  )
  const one = async (table: string, column: string) =>
    (
      await firstRow<{ id: string }>(
        ctx.database,
        `select id from ${table} where ${column} = $1 order by id limit 1`,
        [CITY],
      )
    ).id
  idsBySegment = {
    users: SEED_USERS.owner,
    submerchants: CITY,
    sales: refund.sale_id,
    'refund-requests': refund.id,
    'balance-transactions': sale.balance_transaction_id,
    receipts: sale.receipt_id,
    'api-keys': await one('api_keys', 'submerchant_id'),
    terminals: await one('terminals', 'current_submerchant_id'),
    intents: await one('intents', 'submerchant_id'),
    pay: await one('intents', 'submerchant_id'),
    brands: SEED_OPERATORS.metroPay,
    api: '1',
  }
})

afterAll(async () => {
  await ctx.database.close()
})

interface Route {
  method: string
  path: string
}

// Every registered route; middleware-only patterns (ALL /v1/*) stand for GET and POST of a
// path under them, so unknown paths and the portal fallback are walked too.
function routeTable(): Route[] {
  const seen = new Set<string>()
  const routes: Route[] = []
  for (const route of ctx.app.routes) {
    const path = route.path.replace(/\*$/, 'x')
    const methods = route.method === 'ALL' ? ['GET', 'POST'] : [route.method]
    for (const method of methods) {
      const key = `${method} ${path}`
      if (seen.has(key)) continue
      seen.add(key)
      routes.push({ method, path })
    }
  }
  return routes
}

// Fills each :param; the poisoned one (if any) gets the given value instead.
function concretePath(pattern: string, poison?: string): string {
  const segments = pattern.split('/')
  let poisoned = false
  const filled = segments.map((segment, i) => {
    if (!segment.startsWith(':')) return segment
    if (poison !== undefined && !poisoned) {
      poisoned = true
      return poison
    }
    return encodeURIComponent(idsBySegment[segments[i - 1] ?? ''] ?? 'x')
  })
  // A route without parameters carries the poison in an extra segment.
  if (poison !== undefined && !poisoned) filled.push(poison)
  return filled.join('/').replace(/\/{2,}/g, '/')
}

interface BadCase {
  name: string
  body?: boolean
  path?: (pattern: string) => string
  query?: string
  content?: { type: string; text: string }
}

const nested = (depth: number) => '['.repeat(depth) + ']'.repeat(depth)

const CASES: BadCase[] = [
  { name: 'NUL in path', path: (p) => concretePath(p, 'sale%00x') },
  { name: 'NUL in query value', query: 'q=a%00b' },
  { name: 'NUL in query key', query: 'a%00b=1' },
  { name: 'lone surrogate in query', query: 'q=%ED%A0%80' },
  { name: '__proto__ in query', query: '__proto__=x' },
  { name: 'constructor in query', query: 'constructor%5B%24gte%5D=1' },
  {
    name: 'NUL in JSON body',
    body: true,
    content: { type: 'application/json', text: '{"emailAddress":"a\\u0000b","amount":1}' },
  },
  {
    name: 'lone surrogate in JSON body',
    body: true,
    content: { type: 'application/json', text: '{"brand":"\\ud800","reason":"x\\udfff"}' },
  },
  {
    name: 'JSON nested 10,000 deep',
    body: true,
    content: { type: 'application/json', text: `{"a":${nested(10_000)}}` },
  },
  {
    name: '__proto__ key in body',
    body: true,
    content: { type: 'application/json', text: '{"__proto__":{"isAdmin":true},"amount":1}' },
  },
  {
    name: 'constructor key in body',
    body: true,
    content: { type: 'application/json', text: '{"constructor":{"prototype":{"x":1}}}' },
  },
  {
    name: 'huge body',
    body: true,
    content: {
      type: 'application/json',
      text: `{"a":"${'x'.repeat(MAX_BODY_BYTES)}"}`,
    },
  },
  {
    name: 'wrong content type',
    body: true,
    content: { type: 'application/x-www-form-urlencoded', text: 'amount=1&reason=x' },
  },
  {
    name: 'malformed JSON',
    body: true,
    content: { type: 'application/json', text: '{"amount": 1,' },
  },
  {
    name: 'malformed urlencoded form',
    body: true,
    content: { type: 'application/x-www-form-urlencoded', text: 'amount=%ZZ&%=1&result' },
  },
  {
    name: 'multipart without a boundary',
    body: true,
    content: {
      type: 'multipart/form-data',
      text: '--x\r\nContent-Disposition: form-data; name="amount"\r\n\r\n1\r\n--x--\r\n',
    },
  },
  {
    name: 'multipart with a boundary the body lacks',
    body: true,
    content: {
      type: 'multipart/form-data; boundary=expected',
      text: '--other\r\nContent-Disposition: form-data; name="amount"\r\n\r\n1\r\n--other--\r\n',
    },
  },
  {
    name: 'multipart cut off mid-part',
    body: true,
    content: {
      type: 'multipart/form-data; boundary=b',
      text: '--b\r\nContent-Disposition: form-data; name="cardNumber"\r\n\r\n4242',
    },
  },
]

// The whole database: every table's row count and a digest of its rows. Not the sign-in rate
// limits' windows: every attempt counts there, malformed or not, and that count is their point.
async function snapshot(): Promise<Record<string, string>> {
  const tables = await queryRows<{ name: string }>(
    ctx.database,
    `select table_name as name from information_schema.tables
     where table_schema = 'public' and table_type = 'BASE TABLE'
       and table_name <> 'rate_limit_windows' order by 1`,
  )
  const result: Record<string, string> = {}
  for (const { name } of tables) {
    const [row] = await queryRows<{ n: string; digest: string | null }>(
      ctx.database,
      `select count(*)::text as n, md5(string_agg(t::text, '|' order by t::text)) as digest
       from "${name}" t`,
    )
    result[name] = `${row?.n}:${row?.digest ?? ''}`
  }
  return result
}

function expectErrorBody(body: unknown, label: string) {
  expect(body, label).toBeTypeOf('object')
  const record = body as Record<string, unknown>
  const extra = Object.keys(record).filter((key) => !['message', 'code', 'errors'].includes(key))
  expect(extra, label).toEqual([])
  expect(record.message, label).toBeTypeOf('string')
  expect(record.code, label).toBeTypeOf('string')
  if (record.errors !== undefined) {
    expect(Array.isArray(record.errors), label).toBe(true)
    for (const error of record.errors as { field: unknown; messages: unknown }[]) {
      expect(error.field, label).toBeTypeOf('string')
      expect(Array.isArray(error.messages), label).toBe(true)
    }
  }
}

describe('hostile input against every route', () => {
  it('never gives a 5xx, answers 4xx with the one error body and writes nothing', async () => {
    const routes = routeTable()
    expect(routes.length).toBeGreaterThan(40)
    const before = await snapshot()
    const failures: string[] = []
    let cases = 0
    for (const route of routes) {
      for (const bad of CASES) {
        const hasBody = route.method !== 'GET' && route.method !== 'HEAD'
        if (bad.body && !hasBody) continue
        const path = bad.path ? bad.path(route.path) : concretePath(route.path)
        const url = bad.query ? `${path}?${bad.query}` : path
        const headers: Record<string, string> = { 'Token-Perspective': CITY }
        if (bad.content) headers['Content-Type'] = bad.content.type
        const res = await owner.request(route.method, url, {
          headers,
          body: bad.content?.text,
        })
        cases += 1
        const label = `${route.method} ${url.slice(0, 120)} (${bad.name}) → ${res.status}`
        if (res.status >= 500) failures.push(label)
        if (res.status >= 400) {
          const text = await res.text()
          let body: unknown
          try {
            body = JSON.parse(text)
          } catch {
            body = text.slice(0, 80)
          }
          expectErrorBody(body, label)
        } else {
          await res.body?.cancel()
        }
      }
    }
    console.log(`bad-input: ${cases} cases over ${routes.length} routes`)
    expect(failures).toEqual([])
    expect(await snapshot()).toEqual(before)
  }, 300_000)
})

// Every numeric field of the request and response schemas the portal and the sandbox share (found
// by walking their JSON form), so a numeric field added later is probed too.
function numericFieldNames(): string[] {
  const modules = import.meta.glob<Record<string, unknown>>('../../src/api/schema/*.ts', {
    eager: true,
  })
  const names = new Set<string>()
  const walk = (node: unknown) => {
    if (Array.isArray(node)) return node.forEach(walk)
    if (!node || typeof node !== 'object') return
    const { key, value } = node as { key?: unknown; value?: unknown }
    if (typeof key === 'string' && JSON.stringify(value ?? null).includes('"domain":"number"')) {
      names.add(key)
    }
    Object.values(node).forEach(walk)
  }
  for (const exports of Object.values(modules)) {
    for (const value of Object.values(exports)) {
      if (typeof value === 'function' && 'json' in value) walk((value as { json: unknown }).json)
    }
  }
  // The list grammar's paging numbers are query parameters of every list, in no schema.
  return [...names, 'limit', 'offset'].sort()
}

// Out of range however it is written. The first four are refused for any field by the input guard;
// the rest must be refused by the field's own rule, wherever a route reads that field.
const BAD_JSON_NUMBERS = ['1e308', '9007199254740993', '-0', '1e3']
const BAD_FIELD_NUMBERS = ['"100"', '2147483648', String(MAX_AMOUNT + 1), '-2147483649', '1.5']
const BAD_QUERY_NUMBERS = [
  '1e308',
  '9007199254740993',
  '-0',
  '1e3',
  '2147483648',
  '-2147483649',
  '0x10',
  '1.5',
  '%201',
]

const fieldsNamed = async (res: Response): Promise<string[]> => {
  // A hosted page (a receipt, the pay page) answers an unknown id with its own HTML page: no fields.
  const html = res.headers.get('Content-Type')?.startsWith('text/html') ?? false
  if (res.status < 400 || html) {
    await res.body?.cancel()
    return []
  }
  const body = (await res.json()) as { errors?: { field: string }[] }
  return (body.errors ?? []).map((error) => error.field)
}

describe('numbers out of range in every numeric field of every route', () => {
  it('refuses each with a 4xx naming the field, never a 5xx, and writes nothing', async () => {
    const numeric = numericFieldNames()
    expect(numeric).toEqual(expect.arrayContaining(['amount', 'saleAmount', 'limit']))
    const routes = routeTable()
    // Which numeric fields each route reads, learned on a copy of the data: a route names a field
    // it reads when given a word there (and not when given a number).
    const probe = await seededApp()
    const prober = await clientFor(probe.app, 'owner@example.com', CITY)
    const ask = (method: string, url: string, body?: string) =>
      prober.request(method, url, {
        headers: {
          'Token-Perspective': CITY,
          ...(body ? { 'Content-Type': 'application/json' } : {}),
        },
        body,
      })
    const queryKeys = numeric.flatMap((name) => [name, `${name}[$gte]`, `${name}[$lt]`])
    const queryOf = (value: string) => queryKeys.map((key) => `${key}=${value}`).join('&')
    const reads = new Map<Route, string[]>()
    for (const route of routes) {
      if (route.method === 'GET') {
        const path = concretePath(route.path)
        const asWords = await fieldsNamed(await ask('GET', `${path}?${queryOf('x')}`))
        const asNumbers = new Set(await fieldsNamed(await ask('GET', `${path}?${queryOf('1')}`)))
        reads.set(
          route,
          asWords.filter((field) => !asNumbers.has(field)),
        )
      } else if (['POST', 'PUT', 'PATCH'].includes(route.method)) {
        const words = JSON.stringify(Object.fromEntries(numeric.map((name) => [name, 'x'])))
        const named = await fieldsNamed(await ask(route.method, concretePath(route.path), words))
        reads.set(
          route,
          named.filter((field) => numeric.includes(field)),
        )
      }
    }
    await probe.database.close()
    const read = [...reads].filter(([, fields]) => fields.length > 0)
    expect(read.map(([route]) => `${route.method} ${route.path}`)).toEqual(
      expect.arrayContaining(['POST /v1/intents', 'PATCH /v1/intents/:id', 'GET /v1/sales']),
    )

    const before = await snapshot()
    const failures: string[] = []
    let cases = 0
    const send = async (method: string, url: string, body: string | undefined, field: string) => {
      const res = await owner.request(method, url, {
        headers: {
          'Token-Perspective': CITY,
          ...(body === undefined ? {} : { 'Content-Type': 'application/json' }),
        },
        body,
      })
      cases += 1
      const label = `${method} ${url.slice(0, 120)} ${body ?? ''} → ${res.status}`
      if (res.status < 400 || res.status >= 500) {
        failures.push(label)
        await res.body?.cancel()
        return
      }
      const answer = await res.json()
      expectErrorBody(answer, label)
      const named = ((answer as { errors?: { field: string }[] }).errors ?? []).map((e) => e.field)
      if (!named.includes(field)) failures.push(`${label}: does not name ${field}`)
    }
    for (const route of routes) {
      const fields = reads.get(route) ?? []
      const path = concretePath(route.path)
      if (route.method === 'GET') {
        for (const field of fields) {
          for (const value of BAD_QUERY_NUMBERS)
            await send('GET', `${path}?${field}=${value}`, undefined, field)
        }
      } else if (route.method !== 'HEAD') {
        // Any route: the guard refuses these before a handler sees them.
        const field = fields[0] ?? 'amount'
        for (const value of BAD_JSON_NUMBERS) {
          await send(route.method, path, `{"${field}":${value}}`, field)
        }
        for (const name of fields) {
          for (const value of BAD_FIELD_NUMBERS)
            await send(route.method, path, `{"${name}":${value}}`, name)
        }
      }
    }
    console.log(`bad numbers: ${cases} cases, ${read.length} routes read a numeric field`)
    expect(failures).toEqual([])
    expect(await snapshot()).toEqual(before)
  }, 300_000)
})

describe('list filters are own properties only', () => {
  it.each(['constructor=x', '__proto__=x', 'toString=x', 'hasOwnProperty%5B%24gte%5D=1'])(
    'GET /v1/sales?%s is 400',
    async (query) => {
      for (const list of ['/v1/sales', '/v1/payouts']) {
        const res = await owner.request('GET', `${list}?${query}`, { perspective: CITY })
        expect(res.status, `${list}?${query}`).toBe(400)
        expectErrorBody(await res.json(), query)
      }
    },
  )

  it('names inherited names as unknown query parameters in the list engine', async () => {
    const res = await owner.request('GET', '/v1/sales?toString=x&valueOf%5B%24lt%5D=1', {
      perspective: CITY,
    })
    expect(res.status).toBe(400)
    const body = (await res.json()) as { code: string; errors: { field: string }[] }
    expect(body.code).toBe('invalid_query')
    expect(body.errors.map((e) => e.field)).toEqual(['toString', 'valueOf[$lt]'])
  })
})

describe('error-reporting envelopes (text/plain, stored as jsonb)', () => {
  it.each([
    ['NUL', '{"message":"a\\u0000b"}'],
    ['a lone surrogate', '{"message":"\\ud800"}'],
    ['nesting 10,000 deep', `{"extra":${nested(10_000)}}`],
  ])('refuses an event holding %s with 400 and stores nothing', async (_name, event) => {
    const envelope = `{"event_id":"abc"}\n{"type":"event"}\n${event}\n`
    const res = await owner.request('POST', '/sandbox/errors', {
      headers: { 'Content-Type': 'text/plain;charset=UTF-8' },
      body: envelope,
    })
    expect(res.status).toBe(400)
    expectErrorBody(await res.json(), 'envelope')
    const stored = await owner.request('GET', '/sandbox/errors')
    expect(await stored.json()).toEqual([])
  })
})
