import type { BalanceTransaction } from '@/api/schema/sales'
import type { Db } from '../db/client'
import { balanceTransactions } from '../db/schema/core'
import { notFound } from '../errors'
import { findInAccount } from '../lib/account-scope'

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

// The sale detail's fee and net; another account's transaction is the same 404 as a missing one.
export async function findOwnBalanceTransaction(
  db: Db,
  id: string,
  submerchantId: string,
): Promise<BalanceTransaction> {
  const row = await findInAccount(db, balanceTransactions, id, submerchantId)
  if (!row) throw notFound('Balance transaction not found')
  return serializeBalanceTransaction(row)
}
