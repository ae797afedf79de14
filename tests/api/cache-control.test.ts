// Issue 12, item 7: every /v1 answer (errors and replays included) is Cache-Control: no-store; one with
// a validator is private, no-cache. Pages outside /v1 keep their own caching.
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { Client, PORTAL_ORIGIN } from './auth-harness'
import { clientFor, seededApp, type SeededApp } from './helpers/app'
import { firstRow, SEED_SUBMERCHANTS } from './helpers/db'

const CITY = SEED_SUBMERCHANTS.cityCabs

let ctx: SeededApp
let owner: Client

beforeAll(async () => {
  ctx = await seededApp()
  // Test-only routes: an unexpected failure, and an answer carrying a validator.
  ctx.app.get('/v1/test-failing', () => {
    throw new Error('boom')
  })
  ctx.app.get('/v1/test-etag', (c) => {
    c.header('ETag', '"v1"')
    return c.json({ ok: true })
  })
  owner = await clientFor(ctx.app, 'owner@example.com', CITY)
})

afterAll(async () => {
  await ctx.database.close()
})

const cacheControl = (res: Response) => res.headers.get('Cache-Control')

describe('Cache-Control on /v1', () => {
  it('is no-store on every GET route of the route table', async () => {
    const paths = ctx.app.routes
      .filter((r) => r.method === 'GET' && r.path.startsWith('/v1/') && !r.path.includes('test-'))
      .map((r) => r.path.replace(/:[^/]+/g, 'x'))
    expect(paths.length).toBeGreaterThan(10)
    for (const path of paths) {
      const res = await owner.request('GET', path, { perspective: CITY })
      expect(cacheControl(res), `${path} → ${res.status}`).toBe('no-store')
    }
  })

  it('is no-store on successes, errors of every kind and preflights', async () => {
    const anonymous = new Client(ctx.app)
    const responses = {
      list: await owner.request('GET', '/v1/sales', { perspective: CITY }),
      login: await anonymous.login('owner@example.com'),
      unauthenticated: await new Client(ctx.app).request('GET', '/v1/users/current'),
      notFound: await owner.request('GET', '/v1/no-such-thing'),
      badQuery: await owner.request('GET', '/v1/sales?toString=x', { perspective: CITY }),
      hostile: await owner.request('GET', '/v1/sales?q=%00'),
      mediaType: await owner.request('POST', '/v1/tokens', {
        headers: { 'Content-Type': 'text/plain' },
        body: 'x',
      }),
      tooLarge: await owner.request('POST', '/v1/tokens', {
        json: { pad: 'x'.repeat(2 * 1024 * 1024) },
      }),
      failure: await owner.request('GET', '/v1/test-failing'),
      preflight: await ctx.app.request('/v1/sales', {
        method: 'OPTIONS',
        headers: { Origin: PORTAL_ORIGIN, 'Access-Control-Request-Method': 'GET' },
      }),
    }
    const statuses = Object.fromEntries(Object.entries(responses).map(([k, r]) => [k, r.status]))
    expect(statuses).toEqual({
      list: 200,
      login: 200,
      unauthenticated: 401,
      notFound: 404,
      badQuery: 400,
      hostile: 400,
      mediaType: 415,
      tooLarge: 413,
      failure: 500,
      preflight: 204,
    })
    for (const [name, res] of Object.entries(responses)) {
      expect(cacheControl(res), name).toBe('no-store')
    }
  })

  it('is no-store on an idempotent replay', async () => {
    const receipt = await firstRow<{ receipt_id: string }>(
      ctx.database,
      `select receipt_id from sales where submerchant_id = $1 and receipt_id is not null limit 1`,
      [CITY],
    )
    const path = `/v1/receipts/${receipt.receipt_id}/advice`
    const advice = { channel: 'sms', phoneNumber: '+447700900123', brand: 'metropay' }
    const send = () =>
      owner.request('POST', path, {
        json: advice,
        perspective: CITY,
        headers: { 'Idempotency-Key': 'cache-control-replay' },
      })
    const first = await send()
    const replay = await send()
    expect([first.status, replay.status]).toEqual([201, 201])
    expect(replay.headers.get('Idempotent-Replayed')).toBe('true')
    expect([cacheControl(first), cacheControl(replay)]).toEqual(['no-store', 'no-store'])
  })

  it('is private, no-cache where a validator is sent', async () => {
    const res = await owner.request('GET', '/v1/test-etag')
    expect(res.status).toBe(200)
    expect(cacheControl(res)).toBe('private, no-cache')
  })

  it('leaves the portal files and the status page their own caching', async () => {
    const asset = await owner.request('GET', '/assets/index-AbC123.js')
    expect(cacheControl(asset)).toBe('public, max-age=31536000, immutable')
    const status = await owner.request('GET', '/sandbox/status/api/v2/status.json')
    expect(cacheControl(status)).toBe('no-cache')
  })
})
