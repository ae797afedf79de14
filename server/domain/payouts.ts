import { getTableColumns } from 'drizzle-orm'
import {
  PAYOUT_DESTINATION_TYPES,
  PAYOUT_STATUSES,
  type BankAccount,
  type Payout,
  type PayoutCard,
} from '@/api/schema/payouts'
import type { Db } from '../db/client'
import { bankAccounts, payoutCards, payouts } from '../db/schema/core'
import { notFound } from '../errors'
import { findInAccount, type AccountListResource } from '../lib/account-scope'
import { enumFilter, intFilter, stringFilter, timeRangeFilter } from '../lib/list-engine'

type PayoutRow = typeof payouts.$inferSelect

// The Payout (docs/entities.md#payouts) exactly as the arktype schema describes it.
export function serializePayout(row: PayoutRow): Payout {
  return {
    id: row.id,
    paymentReference: row.paymentReference,
    amount: row.amount,
    currency: row.currency,
    createdAt: row.createdAt.toISOString(),
    scheduled: row.scheduled,
    destinationType: row.destinationType,
    destinationId: row.destinationId,
    status: row.status,
  }
}

const payoutColumns = getTableColumns(payouts)

// GET /v1/payouts?submerchantId={id}, with q on the payment reference.
export const payoutsList: AccountListResource<PayoutRow> = {
  table: payouts,
  account: payouts.submerchantId,
  noun: 'payouts',
  columns: payoutColumns,
  serialize: serializePayout,
  fields: Object.keys(payoutColumns).filter((k) => k !== 'submerchantId'),
  filters: {
    submerchantId: stringFilter(payouts.submerchantId),
    id: stringFilter(payouts.id),
    paymentReference: stringFilter(payouts.paymentReference),
    status: enumFilter(payouts.status, PAYOUT_STATUSES),
    destinationType: enumFilter(payouts.destinationType, PAYOUT_DESTINATION_TYPES),
    amount: intFilter(payouts.amount, { range: true }),
    createdAt: timeRangeFilter(payouts.createdAt),
  },
  sortable: {
    createdAt: payouts.createdAt,
    amount: payouts.amount,
    status: payouts.status,
    paymentReference: payouts.paymentReference,
    id: payouts.id,
  },
  defaultSort: '-createdAt',
  tieBreaker: payouts.id,
  // The one-box search finds a payout by part of its reference (an account has a few hundred).
  q: [payouts.paymentReference],
}

// GET /v1/payouts/{id}: one payout of the account; another account's is the same 404 as a missing one.
export async function findOwnPayout(db: Db, id: string, submerchantId: string): Promise<Payout> {
  const row = await findInAccount(db, payouts, id, submerchantId)
  if (!row) throw notFound('Payout not found')
  return serializePayout(row)
}

// GET /v1/bank-accounts/{id}: a payout destination of the account.
export async function findOwnBankAccount(
  db: Db,
  id: string,
  submerchantId: string,
): Promise<BankAccount> {
  const row = await findInAccount(db, bankAccounts, id, submerchantId)
  if (!row) throw notFound('Bank account not found')
  return {
    id: row.id,
    nickname: row.nickname,
    accountName: row.accountName,
    sortCode: row.sortCode,
    accountNumber: row.accountNumber,
  }
}

// GET /v1/payout-cards/{id}: a payout destination of the account (never more than the last four).
export async function findOwnPayoutCard(
  db: Db,
  id: string,
  submerchantId: string,
): Promise<PayoutCard> {
  const row = await findInAccount(db, payoutCards, id, submerchantId)
  if (!row) throw notFound('Payout card not found')
  return {
    id: row.id,
    nickname: row.nickname,
    cardScheme: row.cardScheme,
    panLastFour: row.panLastFour,
  }
}
