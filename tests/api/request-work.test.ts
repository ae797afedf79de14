// Rule: work stops when its answer is given up (docs/api.md#errors). A request past its deadline
// gets 503 and its query is cancelled on PostgreSQL; summaries and searches are capped at 4 at once
// per person. Slowness is made with a lock another connection holds, never with sleeps.
import { Hono } from 'hono'
import type pg from 'pg'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createApp } from '../../server/app'
import type { AppEnv } from '../../server/context'
import { queryRows, runUnderDeadline, type Database } from '../../server/db/client'
import {
  capCostlyReads,
  COSTLY_READS_PER_PERSON,
  TOO_MANY_AT_ONCE,
} from '../../server/middleware/costly-reads'
import { conflict } from '../../server/errors'
import { handleError } from '../../server/middleware/error-handler'
import { Client, createTestApp, EMAILS, signedIn, type TestApp } from './auth-harness'
import { SEED_SUBMERCHANTS } from './helpers/db'

const CITY = SEED_SUBMERCHANTS.cityCabs
const DAY = 24 * 60 * 60 * 1000
const SUMMARY = (() => {
  const lt = new Date(Math.ceil(Date.now() / DAY) * DAY)
  const gte = new Date(lt.getTime() - 7 * DAY)
  return `/v1/sales/summary?capturedAt[$gte]=${gte.toISOString()}&capturedAt[$lt]=${lt.toISOString()}&groupBy=day&timezone=Europe/London`
})()

// The summary reads the sales and their hourly and daily totals: while another connection holds
// both tables locked, its statements wait, deterministically, until the lock is released or the statement is cancelled.
async function lockSales(database: Database): Promise<() => Promise<void>> {
  const holder = await (database.client as pg.Pool).connect()
  await holder.query('begin')
  await holder.query('lock table sales, sales_rollups in access exclusive mode')
  return async () => {
    await holder.query('rollback')
    holder.release()
  }
}

// Statements of other connections waiting for a lock on this database.
async function waitingOnLocks(database: Database): Promise<number> {
  const [row] = await queryRows<{ n: number }>(
    database,
    `select count(*)::int as n from pg_stat_activity
     where datname = current_database() and wait_event_type = 'Lock'`,
  )
  return row?.n ?? 0
}

describe('the costly-read cap (any database)', () => {
  // A handler that answers only when told: the calls stay in flight as long as the test wants.
  function gatedApp() {
    const gates: Array<() => void> = []
    const app = new Hono<AppEnv>()
    app.use('*', async (c, next) => {
      c.set('auth', {
        userId: c.req.header('x-user') ?? 'usr_a',
        submerchantId: CITY,
        role: 'owner',
        via: 'session',
      })
      await next()
    })
    app.use('/v1/*', capCostlyReads())
    const held = () =>
      new Promise<Response>((resolve) => gates.push(() => resolve(new Response('ok'))))
    app.get('/v1/sales/summary', held)
    app.get('/v1/intents', held)
    app.post('/v1/intents', () => new Response('made', { status: 201 }))
    app.onError(handleError)
    return { app, gates }
  }

  it('the fifth summary or search of one person at once is 429 with Retry-After, before its work', async () => {
    const { app, gates } = gatedApp()
    const running = [
      app.request('/v1/sales/summary'),
      app.request('/v1/sales/summary'),
      app.request('/v1/intents?q=taxi'),
      app.request('/v1/sales/summary'),
    ]
    await expect.poll(() => gates.length).toBe(COSTLY_READS_PER_PERSON)
    const fifth = await app.request('/v1/intents?q=airport')
    expect(fifth.status).toBe(429)
    expect(fifth.headers.get('Retry-After')).toBe('1')
    expect(await fifth.json()).toEqual({ message: TOO_MANY_AT_ONCE, code: 'too_many_requests' })
    expect(gates).toHaveLength(COSTLY_READS_PER_PERSON)
    // Another person, a plain page of a list and a write are not counted.
    const other = app.request('/v1/sales/summary', { headers: { 'x-user': 'usr_b' } })
    const page = app.request('/v1/intents?limit=10')
    await expect.poll(() => gates.length).toBe(COSTLY_READS_PER_PERSON + 2)
    expect((await app.request('/v1/intents?q=x', { method: 'POST' })).status).toBe(201)
    for (const open of gates) open()
    for (const res of await Promise.all([...running, other, page])) expect(res.status).toBe(200)
    // Answered calls free their places.
    const again = app.request('/v1/sales/summary')
    await expect.poll(() => gates.length).toBe(COSTLY_READS_PER_PERSON + 3)
    gates.at(-1)?.()
    expect((await again).status).toBe(200)
  })

  it('a call that fails frees its place too', async () => {
    const app = new Hono<AppEnv>()
    app.use('*', async (c, next) => {
      c.set('auth', { userId: 'usr_a', submerchantId: CITY, role: 'owner', via: 'session' })
      await next()
    })
    app.use('/v1/*', capCostlyReads())
    app.get('/v1/sales/summary', () => {
      throw conflict('The summary failed')
    })
    app.onError(handleError)
    for (let i = 0; i < COSTLY_READS_PER_PERSON + 2; i += 1) {
      expect((await app.request('/v1/sales/summary')).status).toBe(409)
    }
  })
})

describe.runIf(process.env.DATABASE_URL)('work stops with its answer, on PostgreSQL', () => {
  let t: TestApp
  let owner: Client
  let manager: Client

  beforeAll(async () => {
    t = await createTestApp()
    owner = await signedIn(t.app)
    manager = await signedIn(t.app, EMAILS.manager)
  }, 120_000)
  afterAll(async () => {
    await t.database.close()
  })

  it('a query running past the deadline is cancelled on the server, not left to run', async () => {
    const slow = createApp({
      db: t.database,
      clock: t.clock,
      config: { ...t.config, requestDeadlineMs: 1_000 },
    })
    const client = new Client(slow)
    for (const [name, value] of owner.cookies) client.cookies.set(name, value)
    const unlock = await lockSales(t.database)
    try {
      const answer = client.request('GET', SUMMARY, { perspective: CITY })
      // The summary's statement is on the server, waiting.
      await expect.poll(() => waitingOnLocks(t.database), { timeout: 10_000 }).toBe(1)
      const res = await answer
      expect(res.status).toBe(503)
      expect(res.headers.get('Retry-After')).toBe('2')
      expect((await res.json()) as { code: string }).toMatchObject({ code: 'deadline_exceeded' })
      // The lock is still held, so only a cancel can have ended the statement.
      await expect.poll(() => waitingOnLocks(t.database), { timeout: 5_000 }).toBe(0)
    } finally {
      await unlock()
    }
    // Its connection went back to the pool in working order.
    const after = await client.request('GET', SUMMARY, { perspective: CITY })
    expect(after.status).toBe(200)
  })

  it("a request's connection runs with statement_timeout at the deadline; other work has none", async () => {
    const timeoutIn = () =>
      queryRows<{ t: string }>(t.database, "select current_setting('statement_timeout') as t").then(
        (rows) => rows[0]?.t,
      )
    const deadline = { timeoutMs: 1_500, held: new Set<pg.PoolClient>() }
    expect(await runUnderDeadline(deadline, timeoutIn)).toBe('1500ms')
    expect(deadline.held.size).toBe(0)
    expect(await timeoutIn()).toBe('0')
    // A statement past it fails on the server with query_canceled.
    const error = await runUnderDeadline({ timeoutMs: 200, held: new Set() }, () =>
      queryRows(t.database, 'select pg_sleep(5)'),
    ).catch((e: unknown) => e)
    expect((error as { code?: string }).code).toBe('57014')
    expect(await timeoutIn()).toBe('0')
  })

  it('the fifth summary or search of one person at once is 429 while four wait on the database', async () => {
    const unlock = await lockSales(t.database)
    const running: Array<Promise<Response>> = []
    try {
      for (let i = 0; i < 4; i += 1) {
        running.push(owner.request('GET', SUMMARY, { perspective: CITY }))
      }
      await expect.poll(() => waitingOnLocks(t.database), { timeout: 10_000 }).toBe(4)
      for (const path of [SUMMARY, '/v1/intents?q=taxi']) {
        const fifth = await owner.request('GET', path, { perspective: CITY })
        expect(fifth.status, path).toBe(429)
        expect(fifth.headers.get('Retry-After')).toBe('1')
        expect(await fifth.json()).toEqual({ message: TOO_MANY_AT_ONCE, code: 'too_many_requests' })
      }
      // Another person is not held back by the owner's calls.
      running.push(manager.request('GET', SUMMARY, { perspective: CITY }))
      await expect.poll(() => waitingOnLocks(t.database), { timeout: 10_000 }).toBe(5)
    } finally {
      await unlock()
    }
    for (const res of await Promise.all(running)) expect(res.status).toBe(200)
    expect((await owner.request('GET', SUMMARY, { perspective: CITY })).status).toBe(200)
  })
})
