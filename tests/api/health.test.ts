// Health probes for a load balancer, the graceful drain, and a database that cannot be reached
// answering 503 with Retry-After instead of a 500.
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest'
import { createApp } from '../../server/app'
import type { Lifecycle } from '../../server/context'
import { isDatabaseUnavailable } from '../../server/db/unavailable'
import { Client, createTestApp, signedIn, type TestApp } from './auth-harness'

let t: TestApp
const lifecycle: Lifecycle = { draining: false }
let app: ReturnType<typeof createApp>
let owner: Client

// A driver error as node-postgres raises it, wrapped the way Drizzle wraps it.
function driverError(message: string, code?: string): Error {
  const cause = Object.assign(new Error(message), code ? { code } : {})
  return new Error('Failed query: select 1', { cause })
}

beforeAll(async () => {
  t = await createTestApp()
  app = createApp({ db: t.database, clock: t.clock, config: t.config, lifecycle })
  // Test-only routes whose database call fails the ways a restarting PostgreSQL makes it fail.
  app.get('/v1/test-database/:kind', (c) => {
    const kind = c.req.param('kind')
    if (kind === 'shutdown')
      throw driverError('terminating connection due to administrator command', '57P01')
    if (kind === 'refused') throw driverError('connect ECONNREFUSED 127.0.0.1:5432', 'ECONNREFUSED')
    if (kind === 'timeout') throw driverError('timeout exceeded when trying to connect')
    throw driverError('division by zero', '22012')
  })
  owner = await signedIn(app)
}, 120_000)

afterAll(async () => {
  await t.database.close()
})

describe('health probes', () => {
  it('/healthz answers while the process runs; /readyz when the database is migrated', async () => {
    const live = await app.request('/healthz')
    expect(live.status).toBe(200)
    expect(await live.json()).toEqual({ status: 'ok' })
    expect(live.headers.get('Cache-Control')).toBe('no-store')
    const ready = await app.request('/readyz')
    expect(ready.status).toBe(200)
    expect(await ready.json()).toEqual({ status: 'ready' })
  })

  it('a draining server is not ready, and asks every client to close its connection', async () => {
    lifecycle.draining = true
    try {
      const ready = await app.request('/readyz')
      expect(ready.status).toBe(503)
      expect(await ready.json()).toEqual({ status: 'draining' })
      const live = await app.request('/healthz')
      expect(live.status).toBe(200)
      expect(live.headers.get('Connection')).toBe('close')
    } finally {
      lifecycle.draining = false
    }
    expect((await app.request('/healthz')).headers.get('Connection')).toBeNull()
  })
})

describe('a database that cannot be reached', () => {
  it('answers 503 with Retry-After and the one error body, for each way the driver says it', async () => {
    const errors = vi.spyOn(console, 'error').mockImplementation(() => undefined)
    try {
      for (const kind of ['shutdown', 'refused', 'timeout']) {
        const res = await owner.request('GET', `/v1/test-database/${kind}`)
        expect(res.status, kind).toBe(503)
        expect(res.headers.get('Retry-After')).toBe('2')
        expect(await res.json()).toEqual({
          message: 'The service is briefly unavailable. Try again in a moment.',
          code: 'database_unavailable',
        })
      }
    } finally {
      errors.mockRestore()
    }
  })

  it('a request with no answer within the deadline gets 503, not a hang', async () => {
    const slow = createApp({
      db: t.database,
      clock: t.clock,
      config: { ...t.config, requestDeadlineMs: 300 },
    })
    // Test-only: a query that never comes back, as on a database that stopped answering.
    slow.get('/v1/test-hang', () => new Promise<Response>(() => undefined))
    // The session made on the app without a deadline: signing in may itself take 300 ms here.
    const client = new Client(slow)
    for (const [name, value] of owner.cookies) client.cookies.set(name, value)
    const res = await client.request('GET', '/v1/test-hang')
    expect(res.status).toBe(503)
    expect(res.headers.get('Retry-After')).toBe('2')
    expect(await res.json()).toEqual({
      message: 'The service is briefly unavailable. Try again in a moment.',
      code: 'deadline_exceeded',
    })
  })

  it('tells an unreachable database from a failing query', () => {
    expect(isDatabaseUnavailable(driverError('Connection terminated unexpectedly'))).toBe(true)
    expect(isDatabaseUnavailable(driverError('the database system is starting up', '57P03'))).toBe(
      true,
    )
    expect(isDatabaseUnavailable(driverError('could not connect', '08006'))).toBe(true)
    expect(isDatabaseUnavailable(driverError('division by zero', '22012'))).toBe(false)
    expect(isDatabaseUnavailable(driverError('duplicate key', '23505'))).toBe(false)
    expect(isDatabaseUnavailable('a string')).toBe(false)
  })
})
