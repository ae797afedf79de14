/**
 * The sandbox world moves on its own clock (docs/sandbox.md#the-world-moves): a round, once a
 * second on every server, does what the provider's back office would do by then.
 *
 * - Payment links past their expiry expire (intent.expired), not only when someone looks.
 * - A refund request waiting REFUND_SETTLE_MS is paid back (refund_request.completed), or refused
 *   when its amount ends in 13 pence or cents, the sandbox's test amount (refund_request.rejected).
 * - Payouts are made when their period's pay time passes, by the payout rule of the README
 *   (payout.created), and reach the bank PAYOUT_PAID_MS later (payout.paid); a sandbox call makes
 *   a pending one fail (payout.failed).
 * - Traffic: an account switched on in /sandbox/traffic gets a terminal sale every N seconds
 *   (sale.created; one in 25 is withheld, sale.withheld).
 * - Quarterly deadlines: 14 and 3 days before each, every account gets a reminder
 *   (tax_year.deadline_reminder, server/domain/tax-reminders.ts), looked for once a minute.
 *
 * Each step's changes and their events commit together. Several servers on one PostgreSQL share
 * the work: a round runs only in the server holding a transaction-level advisory lock, so nothing
 * is done twice.
 */
import { and, eq, inArray, lte, sql } from 'drizzle-orm'
import { duePayout, payoutSalesFrom } from '@/lib/payout-rule'
import { newId } from '../auth/random'
import type { Deps } from '../context'
import type { Db } from '../db/client'
import { balanceTransactions, payouts, refundRequests, sales, terminals } from '../db/schema/core'
import { sandboxSettings } from '../db/schema/platform'
import { recordEvent } from '../domain/events'
import { expireDueIntents } from '../domain/intent-locks'
import { serializePayout } from '../domain/payouts'
import { serializeRefundRequest } from '../domain/refunds'
import { insertSale, WITHHELD_REASONS } from '../domain/sale-capture'
import { remindTaxDeadlines } from '../domain/tax-reminders'
import { conflict, notFound } from '../errors'
import { configuredOrigin } from '../lib/public-url'

export const REFUND_SETTLE_MS = 2 * 60_000
export const PAYOUT_PAID_MS = 60 * 60_000
export const REJECTED_REFUND_PENCE = 13
export const WITHHELD_EVERY = 25
export const WORLD_LOCK = 47_112_027
const TRAFFIC_PREFIX = 'traffic:'
// Payouts are looked for once a minute of the sandbox clock: one is made within a minute of its
// time, and the other rounds stay cheap.
const PAYOUT_CHECK_MS = 60_000
const payoutsCheckedAt = new WeakMap<Deps['db'], number>()
// Deadline reminders are looked for as often (their key keeps each one to a single send).
const remindersCheckedAt = new WeakMap<Deps['db'], number>()
// Payouts made per account in one round (a clock moved by months catches up over rounds).
const PAYOUTS_PER_ROUND = 31

export interface WorldRound {
  expired: number
  refundsSettled: number
  payoutsMade: number
  payoutsPaid: number
  trafficSales: number
  taxReminders: number
}

export interface TrafficSetting {
  everySeconds: number
  nextAt: string
  sales: number
}

interface Context {
  origin: string
  now: Date
}

async function settleRefunds(tx: Db, ctx: Context): Promise<number> {
  const due = new Date(ctx.now.getTime() - REFUND_SETTLE_MS)
  const rows = await tx
    .update(refundRequests)
    .set({
      status: sql`case when ${refundRequests.amount} % 100 = ${REJECTED_REFUND_PENCE}
        then 'rejected' else 'completed' end`,
      updatedAt: ctx.now,
    })
    .where(
      and(
        inArray(refundRequests.status, ['pending', 'approved']),
        lte(refundRequests.updatedAt, due),
      ),
    )
    .returning()
  for (const row of rows) {
    if (row.status === 'completed') {
      // Money back to the customer is a refund balance transaction, never part of a payout.
      await tx.insert(balanceTransactions).values({
        id: newId('btx'),
        submerchantId: row.submerchantId,
        sourceId: row.id,
        type: 'refund',
        amount: -row.amount,
        feeAmount: 0,
        netAmount: -row.amount,
        currency: row.currency,
        createdAt: ctx.now,
      })
    }
    await recordEvent(tx, {
      submerchantId: row.submerchantId,
      type: row.status === 'completed' ? 'refund_request.completed' : 'refund_request.rejected',
      data: serializeRefundRequest(row),
      now: ctx.now,
    })
  }
  return rows.length
}

// The sale balance transactions a payout of this window pays: not paid yet, not withheld.
function unpaidSales(submerchantId: string, from: string, until: string | null) {
  return and(
    eq(balanceTransactions.submerchantId, submerchantId),
    eq(balanceTransactions.type, 'sale'),
    sql`${balanceTransactions.payoutId} is null`,
    sql`${balanceTransactions.createdAt} >= ${from}::timestamptz`,
    until === null ? undefined : sql`${balanceTransactions.createdAt} < ${until}::timestamptz`,
    sql`not exists (select 1 from sales s where s.id = ${balanceTransactions.sourceId}
      and s.disbursement_withheld)`,
  )
}

// One account's due payouts, each paying its period's sales.
async function makePayouts(tx: Db, submerchantId: string, ctx: Context): Promise<number> {
  let made = 0
  for (; made < PAYOUTS_PER_ROUND; made++) {
    const [latest, previous] = await tx
      .select()
      .from(payouts)
      .where(eq(payouts.submerchantId, submerchantId))
      .orderBy(sql`${payouts.createdAt} desc`)
      .limit(2)
    // An account is paid out by the rule once it has been paid before (the first payout is the
    // provider's onboarding, which the sandbox does not simulate).
    if (!latest) break
    // The first sale the next payout would pay: one index range read from where it starts.
    const from = payoutSalesFrom(latest.createdAt.toISOString())
    const [first] = await tx
      .select({ at: balanceTransactions.createdAt })
      .from(balanceTransactions)
      .where(unpaidSales(submerchantId, from, null))
      .orderBy(balanceTransactions.createdAt)
      .limit(1)
    const due = duePayout(
      latest.createdAt.toISOString(),
      previous?.createdAt.toISOString() ?? null,
      ctx.now,
      first?.at.toISOString() ?? null,
    )
    if (!due) break
    const [sum] = await tx
      .select({ net: sql<string>`coalesce(sum(${balanceTransactions.netAmount}), 0)` })
      .from(balanceTransactions)
      .where(unpaidSales(submerchantId, due.from, due.until))
    const id = newId('pay')
    const [payout] = await tx
      .insert(payouts)
      .values({
        id,
        submerchantId,
        paymentReference: `PO-${due.payAt.slice(0, 10).replaceAll('-', '')}-${id.slice(-6).toUpperCase()}`,
        amount: Number(sum?.net ?? 0),
        currency: latest.currency,
        createdAt: new Date(due.payAt),
        scheduled: true,
        destinationType: latest.destinationType,
        destinationId: latest.destinationId,
        status: 'pending',
      })
      .returning()
    const paid = await tx
      .update(balanceTransactions)
      .set({ payoutId: id })
      .where(unpaidSales(submerchantId, due.from, due.until))
      .returning({ saleId: balanceTransactions.sourceId })
    await tx
      .update(sales)
      .set({ payoutId: id })
      .where(
        inArray(
          sales.id,
          paid.map((row) => row.saleId),
        ),
      )
    await recordEvent(tx, {
      submerchantId,
      type: 'payout.created',
      data: serializePayout(payout!),
      now: ctx.now,
    })
  }
  return made
}

async function payPayouts(tx: Db, ctx: Context): Promise<number> {
  const rows = await tx
    .update(payouts)
    .set({ status: 'paid' })
    .where(
      and(
        inArray(payouts.status, ['pending', 'in_transit']),
        lte(payouts.createdAt, new Date(ctx.now.getTime() - PAYOUT_PAID_MS)),
      ),
    )
    .returning()
  for (const row of rows) {
    await recordEvent(tx, {
      submerchantId: row.submerchantId,
      type: 'payout.paid',
      data: serializePayout(row),
      now: ctx.now,
    })
  }
  return rows.length
}

// A fare between £8 and £60, and a tip on one in four.
function fare(random: () => number): { amount: number; tip: number } {
  const base = 800 + Math.round(random() * 5_200)
  const tip = random() < 0.25 ? Math.round(base * (0.05 + random() * 0.1)) : 0
  return { amount: base + tip, tip }
}

async function trafficSales(tx: Db, ctx: Context, random: () => number): Promise<number> {
  const settings = await tx
    .select()
    .from(sandboxSettings)
    .where(sql`${sandboxSettings.key} like ${`${TRAFFIC_PREFIX}%`}`)
  let made = 0
  for (const setting of settings) {
    const traffic = setting.value as unknown as TrafficSetting
    if (Date.parse(traffic.nextAt) > ctx.now.getTime()) continue
    const submerchantId = setting.key.slice(TRAFFIC_PREFIX.length)
    const fleet = await tx
      .select({ id: terminals.id, serialNumber: terminals.serialNumber, model: terminals.model })
      .from(terminals)
      .where(eq(terminals.currentSubmerchantId, submerchantId))
    const terminal = fleet[traffic.sales % Math.max(fleet.length, 1)]
    const { amount, tip } = fare(random)
    const count = traffic.sales + 1
    await insertSale(
      tx,
      {
        submerchantId,
        amount,
        gratuityAmount: tip,
        currency: 'GBP',
        method: terminal?.model.toLowerCase().includes('softpos') ? 'softpos' : 'pos',
        cardScheme: random() < 0.6 ? 'visa' : 'mastercard',
        panLastFour: String(1000 + Math.floor(random() * 9000)),
        cardType: random() < 0.7 ? 'debit' : 'credit',
        terminal: terminal ? { id: terminal.id, serialNumber: terminal.serialNumber } : undefined,
        withheld:
          count % WITHHELD_EVERY === 0
            ? WITHHELD_REASONS[count % WITHHELD_REASONS.length]
            : undefined,
      },
      ctx.now,
    )
    // No backlog after a clock jump: the next sale is N seconds from now.
    const next: TrafficSetting = {
      ...traffic,
      sales: count,
      nextAt: new Date(ctx.now.getTime() + traffic.everySeconds * 1000).toISOString(),
    }
    await tx
      .update(sandboxSettings)
      .set({ value: next, updatedAt: ctx.now })
      .where(eq(sandboxSettings.key, setting.key))
    made++
  }
  return made
}

// One round; on PostgreSQL only the server holding the lock runs it. A server's own loop skips the
// round when another server holds it (null); a round asked for (`wait`) runs after that one ends,
// so what was due when it was asked for is done when it answers.
export async function advanceWorld(
  deps: Deps,
  random: () => number = Math.random,
  { wait = false }: { wait?: boolean } = {},
): Promise<WorldRound | null> {
  await deps.clock.sync?.()
  const ctx: Context = {
    origin: configuredOrigin(deps.config),
    now: deps.clock.now(),
  }
  return deps.db.db.transaction(async (tx) => {
    if (deps.db.kind === 'postgres' && wait) {
      await tx.execute(sql`select pg_advisory_xact_lock(${WORLD_LOCK})`)
    } else if (deps.db.kind === 'postgres') {
      const [lock] = (
        await tx.execute<{ ok: boolean }>(
          sql`select pg_try_advisory_xact_lock(${WORLD_LOCK}) as ok`,
        )
      ).rows
      if (!lock?.ok) return null
    }
    const expired = await expireDueIntents(tx, {}, ctx)
    const refundsSettled = await settleRefunds(tx, ctx)
    let payoutsMade = 0
    const checked = payoutsCheckedAt.get(deps.db) ?? 0
    if (ctx.now.getTime() - checked >= PAYOUT_CHECK_MS || ctx.now.getTime() < checked) {
      const accounts = await tx.selectDistinct({ id: payouts.submerchantId }).from(payouts)
      for (const account of accounts) payoutsMade += await makePayouts(tx, account.id, ctx)
      payoutsCheckedAt.set(deps.db, ctx.now.getTime())
    }
    const payoutsPaid = await payPayouts(tx, ctx)
    let taxReminders = 0
    const reminded = remindersCheckedAt.get(deps.db) ?? 0
    if (ctx.now.getTime() - reminded >= PAYOUT_CHECK_MS || ctx.now.getTime() < reminded) {
      taxReminders = await remindTaxDeadlines(tx, ctx.now)
      remindersCheckedAt.set(deps.db, ctx.now.getTime())
    }
    return {
      expired,
      refundsSettled,
      payoutsMade,
      payoutsPaid,
      trafficSales: await trafficSales(tx, ctx, random),
      taxReminders,
    }
  })
}

// POST /sandbox/traffic: a sale every `everySeconds` on the account's terminals; 0 stops it.
export async function setTraffic(
  deps: Deps,
  submerchantId: string,
  everySeconds: number,
): Promise<TrafficSetting | null> {
  const key = `${TRAFFIC_PREFIX}${submerchantId}`
  const db = deps.db.db
  if (everySeconds === 0) {
    await db.delete(sandboxSettings).where(eq(sandboxSettings.key, key))
    return null
  }
  const setting: TrafficSetting = {
    everySeconds,
    nextAt: deps.clock.now().toISOString(),
    sales: 0,
  }
  const updatedAt = deps.clock.now()
  await db
    .insert(sandboxSettings)
    .values({ key, value: setting, updatedAt })
    .onConflictDoUpdate({ target: sandboxSettings.key, set: { value: setting, updatedAt } })
  return setting
}

export async function listTraffic(
  deps: Deps,
): Promise<({ submerchantId: string } & TrafficSetting)[]> {
  const rows = await deps.db.db
    .select()
    .from(sandboxSettings)
    .where(sql`${sandboxSettings.key} like ${`${TRAFFIC_PREFIX}%`}`)
  return rows.map((row) => ({
    submerchantId: row.key.slice(TRAFFIC_PREFIX.length),
    ...(row.value as unknown as TrafficSetting),
  }))
}

// POST /sandbox/payouts/{id}/failure: the bank refuses a pending payout.
export async function failPayout(deps: Deps, payoutId: string) {
  const now = deps.clock.now()
  return deps.db.db.transaction(async (tx) => {
    const [row] = await tx.select().from(payouts).where(eq(payouts.id, payoutId)).for('update')
    if (!row) throw notFound('Payout not found')
    if (row.status !== 'pending' && row.status !== 'in_transit') {
      throw conflict(`Cannot fail a payout when status is '${row.status}'`, 'payout_invalid_state')
    }
    const [failed] = await tx
      .update(payouts)
      .set({ status: 'failed' })
      .where(eq(payouts.id, payoutId))
      .returning()
    const payout = serializePayout(failed!)
    await recordEvent(tx, {
      submerchantId: row.submerchantId,
      type: 'payout.failed',
      data: payout,
      now,
    })
    return payout
  })
}

// The loop of server/main.ts: a round a second, never two at once in this process.
export function startWorld(deps: Deps, intervalMs = 1_000): { stop(): Promise<void> } {
  let running: Promise<unknown> | null = null
  let stopped = false
  const timer = setInterval(() => {
    if (stopped || running) return
    running = advanceWorld(deps)
      .catch((error: unknown) => console.error('The sandbox world round failed', error))
      .finally(() => (running = null))
  }, intervalMs)
  return {
    async stop() {
      stopped = true
      clearInterval(timer)
      await running
    },
  }
}
