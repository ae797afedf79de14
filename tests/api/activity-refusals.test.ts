// Refused attempts in the activity log (docs/entities.md#team-and-activity): only for objects
// that are the account's own (another id is 404 and writes nothing), and at most 60 refusal rows
// per person per hour.
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { queryRows } from '../../server/db/client'
import { recordActivity } from '../../server/domain/activity'
import { REFUSALS_PER_PERSON_PER_HOUR } from '../../server/domain/refused-attempts'
import type { Client } from './auth-harness'
import { clientFor, seededApp, type SeededApp } from './helpers/app'
import { SEED_SUBMERCHANTS, SEED_USERS } from './helpers/db'

const CITY = SEED_SUBMERCHANTS.cityCabs
const AIRPORT = SEED_SUBMERCHANTS.airportExpress

let ctx: SeededApp
let viewer: Client

beforeAll(async () => {
  ctx = await seededApp()
  viewer = await clientFor(ctx.app, 'viewer@example.com', CITY)
})
afterAll(async () => {
  await ctx.database.close()
})

async function idOf(table: string, account: string): Promise<string> {
  const [row] = await queryRows<{ id: string }>(
    ctx.database,
    `select id from ${table} where submerchant_id = $1 order by id limit 1`,
    [account],
  )
  if (!row) throw new Error(`no ${table} row in ${account}`)
  return row.id
}

// The viewer's refused rows, in every account.
async function refusedRows(): Promise<number> {
  const [row] = await queryRows<{ n: number }>(
    ctx.database,
    `select count(*)::int as n from activity_events where actor_id = $1 and outcome = 'refused'`,
    [SEED_USERS.viewer],
  )
  return row?.n ?? 0
}

const send = (method: string, path: string, json?: unknown) =>
  viewer.request(method, path, { json, perspective: CITY })

describe('refusals of objects that are not the account’s', () => {
  it('an id of another account, or of nothing, is 404 and writes no row', async () => {
    const otherLink = await idOf('intents', AIRPORT)
    const otherSale = await idOf('sales', AIRPORT)
    const ownSale = await idOf('sales', CITY)
    const cases: Array<[string, string, unknown, string]> = [
      ['PATCH', `/v1/intents/${otherLink}`, { description: 'x' }, 'Payment link not found'],
      ['PUT', `/v1/intents/int_nothing/cancellation`, undefined, 'Payment link not found'],
      ['DELETE', `/v1/intents/${'x'.repeat(300)}`, undefined, 'Payment link not found'],
      ['POST', `/v1/sales/${otherSale}/refund-requests`, { amount: 100, refundReason: 'x' }, ''],
      ['DELETE', `/v1/sales/${ownSale}/refund-requests/ref_nothing`, undefined, ''],
    ]
    const before = await refusedRows()
    for (const [method, path, body, message] of cases) {
      const res = await send(method, path, body)
      expect(res.status, `${method} ${path}`).toBe(404)
      const error = (await res.json()) as { message: string; code: string }
      expect(error.code).toBe('not_found')
      if (message) expect(error.message).toBe(message)
    }
    expect(await refusedRows()).toBe(before)
  })

  it('the account’s own object is still 403 and recorded, marked refused', async () => {
    const ownLink = await idOf('intents', CITY)
    const before = await refusedRows()
    const res = await send('PUT', `/v1/intents/${ownLink}/cancellation`)
    expect(res.status).toBe(403)
    expect(await refusedRows()).toBe(before + 1)
    const [row] = await queryRows<{ action: string; object_id: string }>(
      ctx.database,
      `select action, object_id from activity_events
       where actor_id = $1 and outcome = 'refused' order by id desc limit 1`,
      [SEED_USERS.viewer],
    )
    expect(row).toEqual({ action: 'payment_link.cancelled', object_id: ownLink })
  })
})

describe('at most 60 refusal rows per person per hour', () => {
  it('past the cap the call is still refused but no longer written; an hour later it is again', async () => {
    const ownLink = await idOf('intents', CITY)
    const refuse = async () => {
      const res = await send('PUT', `/v1/intents/${ownLink}/cancellation`)
      expect(res.status).toBe(403)
    }
    // The hour's earlier refusals, written as the middleware writes them (quicker than 58 calls).
    const start = await refusedRows()
    for (let i = start; i < REFUSALS_PER_PERSON_PER_HOUR - 1; i += 1) {
      await recordActivity(
        ctx.database.db,
        { submerchantId: CITY },
        { type: 'user', id: SEED_USERS.viewer },
        { ipAddress: null, device: null, now: ctx.clock.now() },
        {
          action: 'payment_link.cancelled',
          outcome: 'refused',
          object: { type: 'payment_link', id: ownLink },
        },
      )
    }
    await refuse()
    expect(await refusedRows()).toBe(REFUSALS_PER_PERSON_PER_HOUR)
    await refuse()
    await refuse()
    expect(await refusedRows()).toBe(REFUSALS_PER_PERSON_PER_HOUR)
    ctx.clock.advance(60 * 60 + 1)
    // The session's access token has expired with the hour: sign in again.
    viewer = await clientFor(ctx.app, 'viewer@example.com', CITY)
    await refuse()
    expect(await refusedRows()).toBe(REFUSALS_PER_PERSON_PER_HOUR + 1)
  })
})
