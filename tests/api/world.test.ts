import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { Deps } from '../../server/context'
import { queryRows } from '../../server/db/client'
import { sql } from 'drizzle-orm'
import {
  advanceWorld,
  PAYOUT_PAID_MS,
  REFUND_SETTLE_MS,
  WORLD_LOCK,
} from '../../server/sandbox/world'
import type { Client } from './auth-harness'
import { clientFor, seededApp, type SeededApp } from './helpers/app'
import { SEED_SUBMERCHANTS } from './helpers/db'

const CITY = SEED_SUBMERCHANTS.cityCabs

let ctx: SeededApp
let owner: Client
beforeAll(async () => {
  ctx = await seededApp()
  owner = await clientFor(ctx.app, 'owner@example.com', CITY)
})
afterAll(async () => {
  await ctx.database.close()
})

const deps = (): Deps => ({
  db: ctx.database,
  clock: ctx.clock,
  config: {
    mode: 'test',
    sandboxControls: true,
    corsOrigins: [],
    distDir: 'dist',
    insecureCookies: true,
  },
})

async function round() {
  const result = await advanceWorld(deps(), () => 0.5)
  if (!result) throw new Error('the round did not run')
  return result
}

async function eventsOf(objectId: string) {
  return queryRows<{ type: string; data: { status?: string } }>(
    ctx.database,
    'select type, data from events where object_id = $1 order by seq',
    [objectId],
  )
}

async function someSale(offset: number): Promise<string> {
  const res = await owner.request('GET', `/v1/sales?limit=1&offset=${offset}`, {
    perspective: CITY,
  })
  return ((await res.json()) as { id: string }[])[0]!.id
}

describe('the sandbox world', () => {
  it('settles a pending refund after its wait: completed, or rejected for the test amount', async () => {
    const create = async (saleId: string, amount: number) => {
      const res = await owner.request('POST', `/v1/sales/${saleId}/refund-requests`, {
        perspective: CITY,
        json: { amount, refundReason: 'Journey cancelled' },
      })
      expect(res.status).toBe(201)
      return ((await res.json()) as { id: string }).id
    }
    const paid = await create(await someSale(5), 100)
    const refused = await create(await someSale(6), 113)
    expect((await eventsOf(paid)).map((e) => e.type)).toEqual(['refund_request.created'])
    await round()
    expect(await eventsOf(paid)).toHaveLength(1)
    ctx.clock.advance(REFUND_SETTLE_MS / 1000)
    expect((await round()).refundsSettled).toBeGreaterThanOrEqual(2)
    expect((await eventsOf(paid)).at(-1)).toMatchObject({
      type: 'refund_request.completed',
      data: { status: 'completed' },
    })
    expect((await eventsOf(refused)).at(-1)).toMatchObject({ type: 'refund_request.rejected' })
    const [btx] = await queryRows<{ amount: number }>(
      ctx.database,
      "select amount from balance_transactions where source_id = $1 and type = 'refund'",
      [paid],
    )
    expect(btx?.amount).toBe(-100)
  })

  it('expires a payment link when its time passes, without anyone looking', async () => {
    const res = await owner.request('POST', '/v1/intents', {
      perspective: CITY,
      json: {
        submerchantId: CITY,
        saleAmount: 1500,
        currency: 'GBP',
        expiryNaturalLanguage: 'in 1 minute',
      },
    })
    expect(res.status).toBe(201)
    const { id } = (await res.json()) as { id: string }
    ctx.clock.advance(120)
    expect((await round()).expired).toBeGreaterThanOrEqual(1)
    expect((await eventsOf(id)).map((e) => e.type)).toEqual(['intent.expired'])
  })

  it("makes each account's payout when its pay time passes, then pays it", async () => {
    const before = await queryRows<{ n: number }>(
      ctx.database,
      'select count(*)::int as n from payouts where submerchant_id = $1',
      [CITY],
    )
    // Two days on, at least one more period of City Cabs' sales is due.
    ctx.clock.advance(2 * 86_400)
    const made = await round()
    expect(made.payoutsMade).toBeGreaterThan(0)
    const [latest] = await queryRows<{ id: string; amount: number; status: string }>(
      ctx.database,
      'select id, amount, status from payouts where submerchant_id = $1 order by created_at desc limit 1',
      [CITY],
    )
    const after = await queryRows<{ n: number }>(
      ctx.database,
      'select count(*)::int as n from payouts where submerchant_id = $1',
      [CITY],
    )
    expect(after[0]!.n).toBeGreaterThan(before[0]!.n)
    // The payout pays exactly the net of the sales it now carries.
    const [sum] = await queryRows<{ net: string }>(
      ctx.database,
      "select coalesce(sum(net_amount), 0) as net from balance_transactions where payout_id = $1 and type = 'sale'",
      [latest!.id],
    )
    expect(Number(sum!.net)).toBe(latest!.amount)
    expect((await eventsOf(latest!.id))[0]?.type).toBe('payout.created')
    // Nothing is made twice; an hour after its making it is paid (a payout made for a pay time
    // already an hour gone is paid in the same round).
    ctx.clock.advance(61)
    expect((await round()).payoutsMade).toBe(0)
    ctx.clock.advance(PAYOUT_PAID_MS / 1000)
    await round()
    expect((await eventsOf(latest!.id)).map((e) => e.type)).toEqual([
      'payout.created',
      'payout.paid',
    ])
  })

  it('fails a pending payout on request, and only a pending one', async () => {
    const [pending] = await queryRows<{ id: string }>(
      ctx.database,
      "update payouts set status = 'pending' where id = (select id from payouts where submerchant_id = $1 order by created_at desc limit 1) returning id",
      [CITY],
    )
    expect(pending).toBeDefined()
    const fail = () =>
      ctx.app.request(`/sandbox/world/payouts/${pending!.id}/failure`, { method: 'POST' })
    const res = await fail()
    expect(res.status).toBe(200)
    expect(((await res.json()) as { status: string }).status).toBe('failed')
    expect((await eventsOf(pending!.id)).at(-1)?.type).toBe('payout.failed')
    expect((await fail()).status).toBe(409)
    expect(
      (await ctx.app.request('/sandbox/world/payouts/pay_nope/failure', { method: 'POST' })).status,
    ).toBe(404)
  })

  it('makes a terminal sale every N seconds while traffic is on', async () => {
    const post = (body: unknown) =>
      ctx.app.request('/sandbox/world/traffic', {
        method: 'POST',
        headers: { 'Content-Type': 'application/json' },
        body: JSON.stringify(body),
      })
    expect((await post({ submerchantId: CITY, everySeconds: 5 })).status).toBe(200)
    expect((await post({ submerchantId: CITY, everySeconds: 0.5 })).status).toBe(400)
    expect((await post({ submerchantId: 'sub_nope', everySeconds: 5 })).status).toBe(404)
    expect((await round()).trafficSales).toBe(1)
    expect((await round()).trafficSales).toBe(0)
    ctx.clock.advance(5)
    expect((await round()).trafficSales).toBe(1)
    const [sale] = await queryRows<{ object_id: string; data: { terminalId: string | null } }>(
      ctx.database,
      "select object_id, data from events where type = 'sale.created' and submerchant_id = $1 order by seq desc limit 1",
      [CITY],
    )
    expect(sale?.data.terminalId).toMatch(/^trm_/)
    const listed = (await (await ctx.app.request('/sandbox/world/traffic')).json()) as unknown[]
    expect(listed).toMatchObject([{ submerchantId: CITY, everySeconds: 5, sales: 2 }])
    expect((await post({ submerchantId: CITY, everySeconds: 0 })).status).toBe(200)
    ctx.clock.advance(60)
    expect((await round()).trafficSales).toBe(0)
  })
})

// Several servers on one PostgreSQL take turns through an advisory lock.
describe.runIf(process.env.DATABASE_URL)('the world round on PostgreSQL', () => {
  it("skips in a server's own loop while another holds the round; a round asked for waits for it", async () => {
    let release = () => undefined as void
    const released = new Promise<void>((resolve) => (release = resolve))
    let holding = () => undefined as void
    const held = new Promise<void>((resolve) => (holding = resolve))
    // Another server's round: it holds the lock until the test lets it go.
    const other = ctx.database.db.transaction(async (tx) => {
      await tx.execute(sql`select pg_advisory_xact_lock(${WORLD_LOCK})`)
      holding()
      await released
    })
    await held
    const asked = advanceWorld(deps(), () => 0.5, { wait: true })
    let askedDone = false
    void asked.then(() => (askedDone = true))
    expect(await advanceWorld(deps(), () => 0.5)).toBeNull()
    expect(askedDone).toBe(false)
    release()
    await other
    expect(await asked).not.toBeNull()
  })
})
