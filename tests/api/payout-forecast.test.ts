// The dashboard's next-payout forecast against the seed's real payouts: made a second before a
// payout, it names that payout's time and, over the summary's net, its amount.
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { SalesSummary } from '@/api/schema/sales-summary'
import { duePayout, forecastPayout } from '@/lib/payout-rule'
import { queryRows } from '../../server/db/client'
import { clientFor, seededApp, type SeededApp } from './helpers/app'
import { SEED_SUBMERCHANTS } from './helpers/db'

let ctx: SeededApp

beforeAll(async () => {
  ctx = await seededApp()
})
afterAll(async () => {
  await ctx.database.close()
})

describe('the next payout forecast', () => {
  for (const [name, account, cadence] of [
    ['a daily account', SEED_SUBMERCHANTS.cityCabs, 'daily'],
    ['a weekly account', SEED_SUBMERCHANTS.nightOwl, 'weekly'],
  ] as const) {
    it(`equals each payout made just after it, for ${name}`, async () => {
      const owner = await clientFor(ctx.app, 'owner@example.com', account)
      const payouts = await ctx.database.db.query.payouts.findMany({
        where: (p, { eq, and }) => and(eq(p.submerchantId, account), eq(p.scheduled, true)),
        orderBy: (p, { asc }) => asc(p.createdAt),
      })
      expect(payouts.length).toBeGreaterThan(3)
      // The newest ten, each with the two before it (the first payout has no lower bound).
      for (let k = Math.max(2, payouts.length - 10); k < payouts.length; k++) {
        const [before, latest, payout] = [payouts[k - 2], payouts[k - 1], payouts[k]]
        if (!before || !latest || !payout) continue
        const justBefore = new Date(payout.createdAt.getTime() - 1000)
        const forecast = forecastPayout(
          latest.createdAt.toISOString(),
          before.createdAt.toISOString(),
          justBefore,
        )
        if (k === payouts.length - 1) expect(forecast.cadence).toBe(cadence)
        expect(forecast.expectedAt, payout.id).toBe(payout.createdAt.toISOString())
        const res = await owner.request(
          'GET',
          `/v1/sales/summary?groupBy=day&disbursementWithheld=false&capturedAt[$gte]=${forecast.from}&capturedAt[$lt]=${forecast.periodEnd}`,
          { perspective: account },
        )
        expect(res.status).toBe(200)
        const summary = (await res.json()) as SalesSummary
        const net = summary.buckets.reduce((sum, bucket) => sum + bucket.netAmount, 0)
        expect(net, payout.id).toBe(payout.amount)
      }
    })
  }
})

describe('the payout the sandbox world makes', () => {
  for (const [name, account] of [
    ['a daily account', SEED_SUBMERCHANTS.cityCabs],
    ['a weekly account', SEED_SUBMERCHANTS.nightOwl],
  ] as const) {
    it(`is each seeded payout, at its time and over its sales, for ${name}`, async () => {
      const payouts = await queryRows<{ id: string; created_at: Date; first_sale: Date | null }>(
        ctx.database,
        `select p.id, p.created_at,
            (select min(b.created_at) from balance_transactions b
              where b.payout_id = p.id and b.type = 'sale') as first_sale
           from payouts p where p.submerchant_id = $1 and p.scheduled order by p.created_at`,
        [account],
      )
      const iso = (d: Date) => new Date(d).toISOString()
      for (let i = 2; i < payouts.length; i++) {
        const [previous, latest, made] = [payouts[i - 2]!, payouts[i - 1]!, payouts[i]!]
        const at = new Date(made.created_at)
        const due = duePayout(
          iso(latest.created_at),
          iso(previous.created_at),
          at,
          made.first_sale && iso(made.first_sale),
        )
        expect(due?.payAt).toBe(iso(at))
        // A second earlier it is not due yet.
        expect(
          duePayout(
            iso(latest.created_at),
            iso(previous.created_at),
            new Date(at.getTime() - 1000),
            made.first_sale && iso(made.first_sale),
          ),
        ).toBeNull()
      }
      expect(duePayout(iso(payouts.at(-1)!.created_at), null, new Date(), null)).toBeNull()
    })
  }
})
