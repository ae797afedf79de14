import { type } from 'arktype'
import { IsoDateTime, MinorUnits } from './common'
import { SUMMARY_GROUP_BYS } from './sales-summary-values'

export const SummaryGroupBy = type.enumerated(...SUMMARY_GROUP_BYS)

// One group of sales: the fares with their tips, and the fees and net of their balance transactions.
export const SummaryBucket = type({
  // The day (YYYY-MM-DD), hour (local start with its UTC offset), ISO weekday (1 = Monday), terminal
  // id, card scheme, method or card type; null for sales without a terminal.
  key: 'string | null',
  count: 'number.integer >= 0',
  amount: MinorUnits,
  saleAmount: MinorUnits,
  gratuityAmount: MinorUnits,
  feeAmount: MinorUnits,
  netAmount: 'number.integer',
  // When the bucket's latest sale was captured; null for a day or hour without sales.
  lastCapturedAt: IsoDateTime.or('null'),
})
export type SummaryBucket = typeof SummaryBucket.infer

export const SalesSummary = type({
  groupBy: SummaryGroupBy,
  timezone: 'string',
  buckets: SummaryBucket.array(),
  // Refunds completed in the range, as their own totals (never taken off the buckets).
  refunds: { count: 'number.integer >= 0', amount: MinorUnits },
})
export type SalesSummary = typeof SalesSummary.infer
