import { type } from 'arktype'
import { TAX_YEAR_PERIODS } from './tax-year-values'
import { Currency, MinorUnits, SignedMinorUnits } from './common'

const LondonDate = type(/^\d{4}-\d{2}-\d{2}$/)

// The figures a quarterly update asks for (docs/api.md#tax-year): income = sales − refunds − disputes.
export const TaxFigures = type({
  salesAmount: MinorUnits,
  tipsAmount: MinorUnits,
  refundsAmount: MinorUnits,
  disputesAmount: MinorUnits,
  income: SignedMinorUnits,
  cardFees: MinorUnits,
})
export type TaxFigures = typeof TaxFigures.infer

export const TaxQuarter = TaxFigures.and({
  quarter: '1 | 2 | 3 | 4',
  startDate: LondonDate,
  endDate: LondonDate,
  deadline: LondonDate,
  salesCount: 'number.integer >= 0',
  // The year to date at the quarter's end: what its update sends.
  cumulative: TaxFigures,
})
export type TaxQuarter = typeof TaxQuarter.infer

export const TaxYearSummary = type({
  taxYear: /^\d{4}-\d{2}$/,
  startDate: LondonDate,
  endDate: LondonDate,
  periods: type.enumerated(...TAX_YEAR_PERIODS),
  currency: Currency,
  quarters: TaxQuarter.array(),
  totals: TaxFigures.and({ salesCount: 'number.integer >= 0' }),
})
export type TaxYearSummary = typeof TaxYearSummary.infer
