import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { Enrollment } from '@/api/schema/enrollments'
import { Client, errorBody } from './auth-harness'
import { clientFor, seededApp, type SeededApp } from './helpers/app'
import { firstRow, SEED_SUBMERCHANTS } from './helpers/db'

const NEW_START = SEED_SUBMERCHANTS.newStart
const LATE_SHIFT = SEED_SUBMERCHANTS.lateShift
const CITY = SEED_SUBMERCHANTS.cityCabs
const payload = (submerchantId: string) => ({
  submerchantId,
  acquirer: 'finaro',
  type: 'ecommerce',
})

let ctx: SeededApp
let newStart: Client
let lateShift: Client

beforeAll(async () => {
  ctx = await seededApp()
  newStart = await clientFor(ctx.app, 'owner@example.com', NEW_START)
  lateShift = await clientFor(ctx.app, 'owner@example.com', LATE_SHIFT)
})
afterAll(async () => {
  await ctx.database.close()
})

async function state(client: Client, submerchantId: string): Promise<Enrollment[]> {
  const res = await client.request(
    'GET',
    `/v1/enrollments?submerchantId=${submerchantId}&acquirer=finaro`,
    { perspective: submerchantId },
  )
  expect(res.status).toBe(200)
  return (await res.json()) as Enrollment[]
}

describe('enrollments', () => {
  it('an enrolled account reads its enrolment; a not-enrolled one reads none', async () => {
    const city = await clientFor(ctx.app, 'owner@example.com', CITY)
    expect((await state(city, CITY)).map((e) => e.status)).toEqual(['enrolled'])
    expect(await state(newStart, NEW_START)).toEqual([])
  })

  it('queues a request 2 minutes out, refuses a second (409), then enrols and sets finaroId', async () => {
    const now = ctx.clock.now().getTime()
    const res = await newStart.request('POST', '/v1/enrollments', {
      json: payload(NEW_START),
      perspective: NEW_START,
    })
    expect(res.status).toBe(201)
    const queued = (await res.json()) as Enrollment
    expect(queued).toMatchObject({ status: 'queued', submerchantId: NEW_START, acquirer: 'finaro' })
    const due = Date.parse(queued.processingExpectedBy ?? '') - now
    expect(due).toBeGreaterThanOrEqual(119_000)
    expect(due).toBeLessThan(125_000)
    const again = await newStart.request('POST', '/v1/enrollments', {
      json: payload(NEW_START),
      perspective: NEW_START,
    })
    expect(again.status).toBe(409)
    expect((await errorBody(again)).code).toBe('enrollment_exists')
    expect((await state(newStart, NEW_START)).map((e) => e.status)).toEqual(['queued'])
    const refused = await newStart.request('POST', '/v1/intents', {
      json: { saleAmount: 100, currency: 'GBP', submerchantId: NEW_START },
      perspective: NEW_START,
    })
    expect(refused.status).toBe(409)

    ctx.clock.advance(121)
    expect((await state(newStart, NEW_START)).map((e) => e.status)).toEqual(['enrolled'])
    const { finaro_id } = await firstRow<{ finaro_id: string | null }>(
      ctx.database,
      'select finaro_id from submerchants where id = $1',
      [NEW_START],
    )
    expect(finaro_id).toMatch(/^FIN\d{8}$/)
    const created = await newStart.request('POST', '/v1/intents', {
      json: { saleAmount: 100, currency: 'GBP', submerchantId: NEW_START },
      perspective: NEW_START,
    })
    expect(created.status).toBe(201)
  })

  it('the failing demo account’s request ends in error', async () => {
    const res = await lateShift.request('POST', '/v1/enrollments', {
      json: payload(LATE_SHIFT),
      perspective: LATE_SHIFT,
    })
    expect(res.status).toBe(201)
    ctx.clock.advance(121)
    await lateShift.refresh({ attachments: [LATE_SHIFT] })
    expect((await state(lateShift, LATE_SHIFT)).map((e) => e.status)).toEqual(['error'])
  })

  it('refuses another account and unknown parameters', async () => {
    const other = await newStart.request('POST', '/v1/enrollments', {
      json: payload(CITY),
      perspective: NEW_START,
    })
    expect(other.status).toBe(403)
    for (const query of ['colour=red', 'acquirer=', `submerchantId=${CITY}`]) {
      const res = await newStart.request('GET', `/v1/enrollments?${query}`, {
        perspective: NEW_START,
      })
      expect(res.status, query).toBeGreaterThanOrEqual(400)
      expect(res.status, query).toBeLessThan(500)
    }
  })
})
