// GET /v1/tax-years/{taxYear}/summary and /records (docs/api.md#tax-year): an account's card
// takings by the quarterly update periods of a UK tax year, and the year's digital records as CSV.
import { sql, type SQL } from 'drizzle-orm'
import { DEFAULT_CURRENCY } from '@/api/schema/common'
import type { TaxFigures, TaxQuarter, TaxYearSummary } from '@/api/schema/tax-year'
import { TAX_YEAR_PERIODS, type TaxYearPeriods } from '@/api/schema/tax-year-values'
import { escapeCell } from '@/lib/csv'
import {
  londonDate,
  londonMidnight,
  nextDate,
  parseTaxYear,
  taxQuarters,
  taxYearBounds,
  taxYearLabel,
} from '@/lib/tax-year'
import type { Db } from '../db/client'
import { balanceTransactions, refundRequests, sales } from '../db/schema/core'
import type { FieldError } from '../errors'
import { invalidQuery, parseListQuery } from '../lib/list-engine'
import { salesList } from './sales'
import { piecesFromTotals } from './sales-totals'

export interface TaxYearQuery {
  startYear: number
  periods: TaxYearPeriods
  // The submerchantId the caller named, if any (the route checks it is the perspective account).
  submerchantId: string | undefined
}

/**
 * Reads the year from the path and the query. The year must be a real tax year label
 * ('2026-27', not '2026-28' or '1999-00') from six years back to the next one; `periods` is
 * standard or calendar (summary only). Anything else is 400 naming the field.
 */
export function parseTaxYearQuery(
  taxYear: string,
  params: URLSearchParams,
  now: Date,
  { withPeriods }: { withPeriods: boolean },
): TaxYearQuery {
  const errors: FieldError[] = []
  const fail = (field: string, message: string) => errors.push({ field, messages: [message] })
  const known = withPeriods ? ['submerchantId', 'periods'] : ['submerchantId']
  for (const key of new Set(params.keys())) {
    if (!known.includes(key)) fail(key, 'is not a known query parameter')
    else if (params.getAll(key).length > 1) fail(key, 'must not be repeated')
  }
  const startYear = parseTaxYear(taxYear)
  const { earliest, latest } = taxYearBounds(now)
  if (startYear === null) {
    fail('taxYear', "must be a tax year such as '2026-27'")
  } else if (startYear < earliest || startYear > latest) {
    fail('taxYear', `must be from ${taxYearLabel(earliest)} to ${taxYearLabel(latest)}`)
  }
  const periods = params.get('periods') ?? 'standard'
  if (!(TAX_YEAR_PERIODS as readonly string[]).includes(periods)) {
    fail('periods', `must be one of ${TAX_YEAR_PERIODS.join(', ')}`)
  }
  if (errors.length > 0 || startYear === null) throw invalidQuery(errors)
  return {
    startYear,
    periods: periods as TaxYearPeriods,
    submerchantId: params.get('submerchantId') ?? undefined,
  }
}

// The instants [gte, lt) of an inclusive range of London dates.
function londonRange(startDate: string, endDate: string): { gte: Date; lt: Date } {
  return { gte: londonMidnight(startDate), lt: londonMidnight(nextDate(endDate)) }
}

const ZERO: TaxFigures = {
  salesAmount: 0,
  tipsAmount: 0,
  refundsAmount: 0,
  disputesAmount: 0,
  income: 0,
  cardFees: 0,
}

function addFigures(a: TaxFigures, b: TaxFigures): TaxFigures {
  return {
    salesAmount: a.salesAmount + b.salesAmount,
    tipsAmount: a.tipsAmount + b.tipsAmount,
    refundsAmount: a.refundsAmount + b.refundsAmount,
    disputesAmount: a.disputesAmount + b.disputesAmount,
    income: a.income + b.income,
    cardFees: a.cardFees + b.cardFees,
  }
}

type SalesRow = {
  n: number
  count: number
  amount: number
  gratuity_amount: number
  fee_amount: number
}
type RefundsRow = { n: number; amount: number }

/**
 * The sales of each begun quarter from the kept hourly and daily totals (server/domain/sales-totals.ts,
 * the same pieces GET /v1/sales/summary adds up), and its completed refunds from their balance
 * transactions, in two statements whatever the number of sales.
 */
async function quarterSums(
  db: Db,
  submerchantId: string,
  ranges: { n: number; gte: Date; lt: Date }[],
): Promise<{ sales: Map<number, SalesRow>; refunds: Map<number, number> }> {
  if (ranges.length === 0) return { sales: new Map(), refunds: new Map() }
  const pieces: SQL[] = ranges.map(({ n, gte, lt }) => {
    const filters = parseListQuery(
      salesList,
      new URLSearchParams({
        'capturedAt[$gte]': gte.toISOString(),
        'capturedAt[$lt]': lt.toISOString(),
      }),
    )
    return sql`select ${n}::int as n, p.count, p.amount, p.gratuity_amount, p.fee_amount
      from (${piecesFromTotals(filters, submerchantId, { hourly: false })}) as p`
  })
  const quarters = sql.join(
    ranges.map(({ n, gte, lt }) => sql`(${n}::int, ${gte}::timestamptz, ${lt}::timestamptz)`),
    sql`, `,
  )
  const [salesResult, refundsResult] = await Promise.all([
    db.execute<SalesRow>(
      sql`select q.n, sum(q.count)::int as count, sum(q.amount)::float8 as amount,
        sum(q.gratuity_amount)::float8 as gratuity_amount, sum(q.fee_amount)::float8 as fee_amount
        from (${sql.join(pieces, sql` union all `)}) as q group by q.n`,
    ),
    // Refunds completed in the quarter: their refund balance transactions (negative amounts).
    db.execute<RefundsRow>(
      sql`select q.n, coalesce(-sum(${balanceTransactions.amount}), 0)::float8 as amount
        from (values ${quarters}) as q(n, gte, lt)
        join ${balanceTransactions} on ${balanceTransactions.submerchantId} = ${submerchantId}
          and ${balanceTransactions.type} = 'refund'
          and ${balanceTransactions.createdAt} >= q.gte and ${balanceTransactions.createdAt} < q.lt
        group by q.n`,
    ),
  ])
  return {
    sales: new Map(salesResult.rows.map((row) => [Number(row.n), row])),
    refunds: new Map(refundsResult.rows.map((row) => [Number(row.n), Number(row.amount)])),
  }
}

/** The tax year's quarters with the year to date at each, and the year's totals. */
export async function taxYearSummary(
  db: Db,
  submerchantId: string,
  query: TaxYearQuery,
  now: Date,
): Promise<TaxYearSummary> {
  const dates = taxQuarters(query.startYear, query.periods)
  // A quarter not yet begun has zeros without asking the database.
  const begun = dates
    .map((quarter) => ({ n: quarter.quarter, ...londonRange(quarter.startDate, quarter.endDate) }))
    .filter((range) => range.gte <= now)
  const sums = await quarterSums(db, submerchantId, begun)
  let cumulative = ZERO
  let salesCount = 0
  const quarters: TaxQuarter[] = dates.map((quarter) => {
    const row = sums.sales.get(quarter.quarter)
    const salesAmount = Number(row?.amount ?? 0)
    const refundsAmount = sums.refunds.get(quarter.quarter) ?? 0
    // Disputes do not exist in the sandbox yet. When they do, this is the quarter's lost disputes
    // (their balance transactions), and their fees join cardFees below.
    const disputesAmount = 0
    const figures: TaxFigures = {
      salesAmount,
      tipsAmount: Number(row?.gratuity_amount ?? 0),
      refundsAmount,
      disputesAmount,
      income: salesAmount - refundsAmount - disputesAmount,
      cardFees: Number(row?.fee_amount ?? 0),
    }
    cumulative = addFigures(cumulative, figures)
    const count = Number(row?.count ?? 0)
    salesCount += count
    return { ...quarter, salesCount: count, ...figures, cumulative }
  })
  const first = dates[0]
  const last = dates[dates.length - 1]
  if (!first || !last) throw new Error('a tax year has four quarters')
  return {
    taxYear: taxYearLabel(query.startYear),
    startDate: first.startDate,
    endDate: last.endDate,
    periods: query.periods,
    currency: DEFAULT_CURRENCY,
    quarters,
    totals: { ...cumulative, salesCount },
  }
}

// ---- The records (CSV) ----

export const RECORD_COLUMNS = ['date', 'type', 'description', 'reference', 'amount', 'category']
// Rows read per statement: a year of 100,000 sales is read a page at a time, never held at once.
const RECORDS_PAGE = 500

type SaleRecord = {
  id: string
  at: Date | string
  amount: number
  fee_amount: number | null
  card_scheme: string
  pan_last_four: string
}
type RefundRecord = {
  id: string
  at: Date | string
  amount: number
  source_id: string
  sale_id: string | null
}

// One list read by keyset on (time, id), a page at a time, row by row.
async function* keysetRows<Row extends { id: string; at: Date | string }>(
  page: (after: { at: Date; id: string } | null) => Promise<Row[]>,
): AsyncGenerator<Row> {
  let after: { at: Date; id: string } | null = null
  for (;;) {
    const rows = await page(after)
    yield* rows
    const last = rows[rows.length - 1]
    if (rows.length < RECORDS_PAGE || !last) return
    after = { at: new Date(last.at), id: last.id }
  }
}

const SCHEME_NAMES: Record<string, string> = {
  visa: 'Visa',
  mastercard: 'Mastercard',
  american_express: 'American Express',
}

// Minor units as a plain decimal ('12.50', '-0.35'): what bookkeeping software imports.
function decimal(minor: number): string {
  const sign = minor < 0 ? '-' : ''
  const abs = Math.abs(minor)
  return `${sign}${Math.floor(abs / 100)}.${String(abs % 100).padStart(2, '0')}`
}

// RFC 4180: a cell with a comma, a quote or a line break is quoted; no cell runs as a formula.
function csvLine(cells: string[]): string {
  return (
    cells
      .map(escapeCell)
      .map((cell) => (/[",\r\n]/.test(cell) ? `"${cell.replaceAll('"', '""')}"` : cell))
      .join(',') + '\r\n'
  )
}

function saleLines(sale: SaleRecord): string {
  const date = londonDate(new Date(sale.at))
  const scheme = SCHEME_NAMES[sale.card_scheme] ?? sale.card_scheme
  let text = csvLine([
    date,
    'sale',
    `Card payment, ${scheme} ending ${sale.pan_last_four}`,
    sale.id,
    decimal(Number(sale.amount)),
    'turnover',
  ])
  const fee = Number(sale.fee_amount ?? 0)
  if (fee !== 0) {
    text += csvLine([date, 'fee', 'Card fee', sale.id, decimal(-fee), 'financial_charges'])
  }
  return text
}

function refundLine(refund: RefundRecord): string {
  return csvLine([
    londonDate(new Date(refund.at)),
    'refund',
    refund.sale_id ? `Refund of card payment ${refund.sale_id}` : 'Refund of a card payment',
    refund.source_id,
    decimal(Number(refund.amount)),
    'refund',
  ])
}

/** The CSV file's name: the account and the year. */
export function recordsFileName(submerchantId: string, startYear: number): string {
  return `tax-year-${taxYearLabel(startYear)}-${submerchantId}.csv`
}

/**
 * The year's records as CSV text, a page at a time: one row per sale (turnover), per sale's card
 * fee (financial_charges) and per completed refund (refund), in time order (the sales and the
 * refunds are read side by side by keyset and merged). Disputes join as `chargeback` rows (and
 * their fees as financial_charges) once they exist.
 */
export async function* taxYearRecords(
  db: Db,
  submerchantId: string,
  startYear: number,
): AsyncGenerator<string> {
  const { gte, lt } = londonRange(`${startYear}-04-06`, `${startYear + 1}-04-05`)
  const saleRows = keysetRows<SaleRecord>(async (after) => {
    const from = after
      ? sql`and (${sales.capturedAt}, ${sales.id}) > (${after.at}::timestamptz, ${after.id})`
      : sql``
    const { rows } = await db.execute<SaleRecord>(
      sql`select ${sales.id} as id, ${sales.capturedAt} as at, ${sales.amount} as amount,
        ${sales.feeAmount} as fee_amount, ${sales.cardScheme} as card_scheme,
        ${sales.panLastFour} as pan_last_four
        from ${sales}
        where ${sales.submerchantId} = ${submerchantId} and ${sales.capturedAt} >= ${gte}
          and ${sales.capturedAt} < ${lt} ${from}
        order by ${sales.capturedAt}, ${sales.id} limit ${RECORDS_PAGE}`,
    )
    return rows
  })
  const refundRows = keysetRows<RefundRecord>(async (after) => {
    const from = after
      ? sql`and (${balanceTransactions.createdAt}, ${balanceTransactions.id}) > (${after.at}::timestamptz, ${after.id})`
      : sql``
    const { rows } = await db.execute<RefundRecord>(
      sql`select ${balanceTransactions.id} as id, ${balanceTransactions.createdAt} as at,
        ${balanceTransactions.amount} as amount, ${balanceTransactions.sourceId} as source_id,
        ${refundRequests.saleId} as sale_id
        from ${balanceTransactions}
        left join ${refundRequests} on ${refundRequests.id} = ${balanceTransactions.sourceId}
        where ${balanceTransactions.submerchantId} = ${submerchantId}
          and ${balanceTransactions.type} = 'refund'
          and ${balanceTransactions.createdAt} >= ${gte} and ${balanceTransactions.createdAt} < ${lt} ${from}
        order by ${balanceTransactions.createdAt}, ${balanceTransactions.id} limit ${RECORDS_PAGE}`,
    )
    return rows
  })
  yield '\uFEFF' + csvLine(RECORD_COLUMNS)
  let sale = await saleRows.next()
  let refund = await refundRows.next()
  let chunk = ''
  let lines = 0
  while (!sale.done || !refund.done) {
    if (!sale.done && (refund.done || +new Date(sale.value.at) <= +new Date(refund.value.at))) {
      chunk += saleLines(sale.value)
      sale = await saleRows.next()
    } else if (!refund.done) {
      chunk += refundLine(refund.value)
      refund = await refundRows.next()
    }
    if (++lines >= RECORDS_PAGE) {
      yield chunk
      chunk = ''
      lines = 0
    }
  }
  if (chunk) yield chunk
}
