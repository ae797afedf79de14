import { getTableColumns } from 'drizzle-orm'
import { PAYOUT_DESTINATION_TYPES, PAYOUT_STATUSES, type Payout } from '@/api/schema/payouts'
import { payouts } from '../db/schema/core'
import type { AccountListResource } from '../lib/account-scope'
import { intFilter, stringFilter } from '../lib/list-engine'

type PayoutRow = typeof payouts.$inferSelect

// The §3 Payout exactly as the arktype schema describes it.
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

// §7 GET /v1/payouts?submerchantId={id}.
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
    status: { column: payouts.status, type: 'enum', values: PAYOUT_STATUSES },
    destinationType: {
      column: payouts.destinationType,
      type: 'enum',
      values: PAYOUT_DESTINATION_TYPES,
    },
    amount: intFilter(payouts.amount, { range: true }),
    createdAt: { column: payouts.createdAt, type: 'timestamp', eq: false, range: true },
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
}
