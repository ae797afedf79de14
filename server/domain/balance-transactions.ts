import { getTableColumns } from 'drizzle-orm'
import { BALANCE_TRANSACTION_TYPES, type BalanceTransaction } from '@/api/schema/sales'
import type { Db } from '../db/client'
import { balanceTransactions } from '../db/schema/core'
import { notFound } from '../errors'
import { findInAccount, type AccountListResource } from '../lib/account-scope'
import { enumFilter, intFilter, stringFilter, timeRangeFilter } from '../lib/list-engine'

// payoutId stays internal: it is never selected for the wire.
const { payoutId: _internal, ...columns } = getTableColumns(balanceTransactions)
type BalanceTransactionRow = Omit<typeof balanceTransactions.$inferSelect, 'payoutId'>

// The Balance transaction (docs/entities.md#sales-and-money) exactly as the arktype schema describes it.
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

// GET /v1/balance-transactions (the export's fees): createdAt range, type, offset and limit.
export const balanceTransactionsList: AccountListResource<BalanceTransactionRow> = {
  table: balanceTransactions,
  account: balanceTransactions.submerchantId,
  noun: 'balance transactions',
  columns,
  serialize: serializeBalanceTransaction,
  fields: Object.keys(columns).filter((k) => k !== 'submerchantId'),
  fieldsAreColumns: true,
  filters: {
    submerchantId: stringFilter(balanceTransactions.submerchantId),
    id: stringFilter(balanceTransactions.id),
    sourceId: stringFilter(balanceTransactions.sourceId),
    type: enumFilter(balanceTransactions.type, BALANCE_TRANSACTION_TYPES),
    currency: stringFilter(balanceTransactions.currency),
    amount: intFilter(balanceTransactions.amount, { range: true }),
    createdAt: timeRangeFilter(balanceTransactions.createdAt),
  },
  sortable: {
    createdAt: balanceTransactions.createdAt,
    amount: balanceTransactions.amount,
    id: balanceTransactions.id,
  },
  defaultSort: '-createdAt',
  tieBreaker: balanceTransactions.id,
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
