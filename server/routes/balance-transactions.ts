import { and, eq } from 'drizzle-orm'
import { Hono } from 'hono'
import type { BalanceTransaction } from '@/api/schema/sales'
import type { AppEnv } from '../context'
import { balanceTransactions } from '../db/schema/core'
import { notFound } from '../errors'
import { requirePerspective } from '../middleware/perspective'

type BalanceTransactionRow = typeof balanceTransactions.$inferSelect

// The §3 Balance transaction exactly as the arktype schema describes it; payoutId stays internal.
export function serializeBalanceTransaction(row: BalanceTransactionRow): BalanceTransaction {
  return {
    id: row.id,
    sourceId: row.sourceId,
    type: row.type,
    amount: row.amount,
    feeAmount: row.feeAmount,
    netAmount: row.netAmount,
    currency: row.currency,
    createdAt: row.createdAt.toISOString(),
  }
}

export function balanceTransactionRoutes(): Hono<AppEnv> {
  const app = new Hono<AppEnv>()

  // §7 GET /v1/balance-transactions/{id}: the sale detail's fee and net, own account only.
  app.get('/:id', async (c) => {
    const submerchantId = requirePerspective(c)
    const [row] = await c
      .get('deps')
      .db.db.select()
      .from(balanceTransactions)
      .where(
        and(
          eq(balanceTransactions.id, c.req.param('id')),
          eq(balanceTransactions.submerchantId, submerchantId),
        ),
      )
    if (!row) throw notFound('Balance transaction not found')
    return c.json(serializeBalanceTransaction(row))
  })

  return app
}
