import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { queryRows } from '../../server/db/client'
import { recordEvent } from '../../server/domain/events'
import { seededApp, type SeededApp } from './helpers/app'
import { SEED_SUBMERCHANTS } from './helpers/db'

const CITY = SEED_SUBMERCHANTS.cityCabs
const AIRPORT = SEED_SUBMERCHANTS.airportExpress

let ctx: SeededApp
beforeAll(async () => {
  ctx = await seededApp()
})
afterAll(async () => {
  await ctx.database.close()
})

interface StoredRow {
  id: string
  endpoint_id: string
  event: string
  payload: { id: string; event: string; data: { saleId: string } }
  next_attempt_at: Date | null
}

function rowsOf(ids: string[]) {
  return queryRows<StoredRow>(
    ctx.database,
    'select id, endpoint_id, event, payload, next_attempt_at from webhook_notifications where id = any($1)',
    [ids],
  )
}

async function enabledEndpoints(submerchantId: string, event: string) {
  return queryRows<{ id: string }>(
    ctx.database,
    `select id from webhook_endpoints where submerchant_id = $1 and is_enabled
       and deleted_at is null and $2 = any(events)`,
    [submerchantId, event],
  )
}

describe('recordEvent', () => {
  it('writes one due notification per enabled endpoint subscribed to the event', async () => {
    const now = ctx.clock.now()
    const data = { id: 'sale_0123456789abcdef0123', saleId: 'sale_0123456789abcdef0123' }
    const { notificationIds: ids } = await ctx.database.db.transaction((tx) =>
      recordEvent(tx, { submerchantId: CITY, type: 'sale.created', data, now }),
    )
    const expected = await enabledEndpoints(CITY, 'sale.created')
    expect(ids).toHaveLength(expected.length)
    const rows = await rowsOf(ids)
    expect(rows.map((r) => r.endpoint_id).sort()).toEqual(expected.map((e) => e.id).sort())
    for (const row of rows) {
      expect(row.event).toBe('sale.created')
      expect(row.payload).toMatchObject({ id: row.id, event: 'sale.created', data })
      expect(new Date(row.next_attempt_at!).getTime()).toBe(now.getTime())
    }
  })

  it('skips disabled endpoints and endpoints not subscribed to the event', async () => {
    // City Cabs' only intent.authorized endpoint is disabled in the seed.
    expect(await enabledEndpoints(CITY, 'intent.authorized')).toEqual([])
    const { notificationIds: ids } = await recordEvent(ctx.database.db, {
      submerchantId: CITY,
      type: 'intent.authorized',
      data: { id: 'int_x' },
      now: ctx.clock.now(),
    })
    expect(ids).toEqual([])
    const airport = await recordEvent(ctx.database.db, {
      submerchantId: AIRPORT,
      type: 'intent.authorized',
      data: { id: 'int_x' },
      now: ctx.clock.now(),
    })
    expect(airport.notificationIds).toHaveLength(1)
  })

  it('leaves nothing behind when the caller rolls back', async () => {
    let ids: string[] = []
    await expect(
      ctx.database.db.transaction(async (tx) => {
        ;({ notificationIds: ids } = await recordEvent(tx, {
          submerchantId: CITY,
          type: 'sale.created',
          data: { id: 'sale_x' },
          now: ctx.clock.now(),
        }))
        throw new Error('caller failed')
      }),
    ).rejects.toThrow('caller failed')
    expect(ids.length).toBeGreaterThan(0)
    expect(await rowsOf(ids)).toEqual([])
  })

  it('skips deleted endpoints', async () => {
    await queryRows(
      ctx.database,
      `update webhook_endpoints set deleted_at = now() where submerchant_id = $1`,
      [AIRPORT],
    )
    const { notificationIds: ids } = await recordEvent(ctx.database.db, {
      submerchantId: AIRPORT,
      type: 'sale.created',
      data: { id: 'sale_x' },
      now: ctx.clock.now(),
    })
    expect(ids).toEqual([])
  })
})
