// GET /v1/sales/summary (docs/api.md#sales-summary): the account's sales in a capturedAt range,
// grouped, with the fees and net of their balance transactions and the range's refunds.
import { eq, sql, type SQL } from 'drizzle-orm'
import type { SalesSummary, SummaryBucket } from '@/api/schema/sales-summary'
import {
  SUMMARY_GROUP_BYS,
  SUMMARY_MAX_DAYS,
  type SummaryGroupBy,
} from '@/api/schema/sales-summary-values'
import { offsetMinutes } from '@/lib/zone-offset'
import type { Db } from '../db/client'
import { balanceTransactions, refundRequests, sales } from '../db/schema/core'
import type { FieldError } from '../errors'
import { invalidQuery, parseListQuery, whereClause, type ParsedListQuery } from '../lib/list-engine'
import { salesList } from './sales'
import { DAY_MS, piecesFromTotals, salePieces, totalsHold } from './sales-totals'

export const DEFAULT_SUMMARY_TIMEZONE = 'Europe/London'
// List parameters that mean nothing for a summary.
const LIST_ONLY = ['sort', 'limit', 'offset', 'fields', 'q']

export interface SummaryQuery {
  groupBy: SummaryGroupBy
  timezone: string
  range: { gte: Date; lt: Date }
  // The sales list's filters (capturedAt included), as GET /v1/sales reads them.
  filters: ParsedListQuery
}

function isTimeZone(name: string): boolean {
  if (!/^[A-Za-z][A-Za-z0-9_+\-/]{0,63}$/.test(name)) return false
  try {
    new Intl.DateTimeFormat('en-GB', { timeZone: name })
    return true
  } catch {
    return false
  }
}

// Reads groupBy, timezone and the sales filters; a bounded, forward range of at most SUMMARY_MAX_DAYS is required.
export function parseSummaryQuery(params: URLSearchParams): SummaryQuery {
  const errors: FieldError[] = []
  const fail = (field: string, message: string) => errors.push({ field, messages: [message] })
  const rest = new URLSearchParams()
  for (const [key, value] of params) {
    if (key === 'groupBy' || key === 'timezone') continue
    if (LIST_ONLY.includes(key)) fail(key, 'is not a known query parameter')
    else rest.append(key, value)
  }
  const groupBy = params.getAll('groupBy')
  if (
    groupBy.length !== 1 ||
    !(SUMMARY_GROUP_BYS as readonly string[]).includes(groupBy[0] ?? '')
  ) {
    fail('groupBy', `must be one of ${SUMMARY_GROUP_BYS.join(', ')}`)
  }
  const timezones = params.getAll('timezone')
  const timezone = timezones[0] ?? DEFAULT_SUMMARY_TIMEZONE
  if (timezones.length > 1 || !isTimeZone(timezone)) {
    fail('timezone', 'must be an IANA time zone such as Europe/London')
  }
  if (errors.length > 0) throw invalidQuery(errors)
  const filters = parseListQuery(salesList, rest)
  const gte = filters.gte.get('capturedAt')
  const lt = filters.lt.get('capturedAt')
  if (!(gte instanceof Date)) fail('capturedAt[$gte]', 'is required')
  if (!(lt instanceof Date)) fail('capturedAt[$lt]', 'is required')
  if (gte instanceof Date && lt instanceof Date) {
    if (lt <= gte) fail('capturedAt[$lt]', 'must be after capturedAt[$gte]')
    else if (+lt - +gte > SUMMARY_MAX_DAYS * DAY_MS) {
      fail('capturedAt[$lt]', `must be at most ${SUMMARY_MAX_DAYS} days after capturedAt[$gte]`)
    }
  }
  if (errors.length > 0 || !(gte instanceof Date) || !(lt instanceof Date)) {
    throw invalidQuery(errors)
  }
  return { groupBy: groupBy[0] as SummaryGroupBy, timezone, range: { gte, lt }, filters }
}

// The UTC offset of a local time as ±hh:mm, so that the repeated hour of a clock change is two keys.
function offsetText(at: SQL, timezone: string): SQL {
  const minutes = sql`(extract(epoch from (${at} at time zone ${timezone}) - (${at} at time zone 'UTC')) / 60)::int`
  return sql`(case when ${minutes} < 0 then '-' else '+' end || lpad((abs(${minutes}) / 60)::text, 2, '0') || ':' || lpad((abs(${minutes}) % 60)::text, 2, '0'))`
}

// A group's key among the pieces (below).
const COLUMN_KEYS = {
  terminal: sql.raw('p.terminal_id'),
  cardScheme: sql.raw('p.card_scheme'),
  method: sql.raw('p.method'),
  cardType: sql.raw('p.card_type'),
} as const

const TIME_GROUPS: readonly SummaryGroupBy[] = ['day', 'hour', 'weekday']

/**
 * Whether the zone's offset is whole hours all through the range: then its local days and hours
 * start on whole UTC hours, and each hour's totals fall in one of them. Sampled at the range's ends
 * and every week between (a zone's offset changes at most a few times a year).
 */
function wholeHourOffsets(timezone: string, range: SummaryQuery['range']): boolean {
  for (let at = +range.gte; ; at = Math.min(at + 7 * DAY_MS, +range.lt)) {
    if (offsetMinutes(at, timezone) % 60 !== 0) return false
    if (at >= +range.lt) return true
  }
}

/**
 * What the summary adds up (server/domain/sales-totals.ts): the hourly and daily totals where
 * they hold the filters, except for a grouping by terminal, or by local days or hours of a zone
 * whose offset is not whole hours (India's); else the range's sales one by one.
 */
function summaryPieces(query: SummaryQuery, submerchantId: string): SQL {
  const hourly = TIME_GROUPS.includes(query.groupBy)
  const fromTotals =
    query.groupBy !== 'terminal' &&
    totalsHold(query.filters) &&
    (!hourly || wholeHourOffsets(query.timezone, query.range))
  return fromTotals
    ? piecesFromTotals(query.filters, submerchantId, { hourly })
    : salePieces(query.filters, submerchantId)
}

/**
 * The local days (or hours) the range touches, in time order: the instant each starts (the range's
 * start for the first) and its key. Hours are found among the quarter hours
 * of UTC inside the range (every zone's offset is whole quarter hours) as those at minute 0 of
 * local time.
 */
function timeSlots(unit: 'day' | 'hour', query: SummaryQuery): SQL {
  const { timezone } = query
  const { gte, lt } = query.range
  const start = sql`${gte}::timestamptz`
  const end = sql`${lt}::timestamptz`
  const starts =
    unit === 'day'
      ? sql`select ${start} as at union
          select (d::timestamp at time zone ${timezone}) from generate_series(
            date_trunc('day', ${start} at time zone ${timezone}) + interval '1 day',
            ${end} at time zone ${timezone}, interval '1 day') as d
          where (d::timestamp at time zone ${timezone}) > ${start} and (d::timestamp at time zone ${timezone}) < ${end}`
      : sql`select ${start} as at union
          select q from generate_series(date_trunc('hour', ${start}, 'UTC'), ${end} - interval '1 microsecond', interval '15 minutes') as q
          where q > ${start} and extract(minute from q at time zone ${timezone}) = 0`
  const local = sql`(s.at at time zone ${timezone})`
  const key =
    unit === 'day'
      ? sql`to_char(${local}, 'YYYY-MM-DD')`
      : sql`(to_char(${local}, 'YYYY-MM-DD"T"HH24:00') || ${offsetText(sql.raw('s.at'), timezone)})`
  return sql`select row_number() over (order by s.at)::int as slot, s.at, ${key} as key
    from (${starts}) as s`
}

type BucketRow = {
  key: string | null
  count: number
  amount: number
  sale_amount: number
  gratuity_amount: number
  fee_amount: number
  last_captured_at: Date | string | null
}

function toBucket(row: BucketRow): SummaryBucket {
  const amount = Number(row.amount)
  const feeAmount = Number(row.fee_amount)
  const last = row.last_captured_at
  return {
    key: row.key,
    count: Number(row.count),
    amount,
    saleAmount: Number(row.sale_amount),
    gratuityAmount: Number(row.gratuity_amount),
    feeAmount,
    netAmount: amount - feeAmount,
    lastCapturedAt: last === null ? null : new Date(last).toISOString(),
  }
}

// The sums of a group of pieces; net is worked out from them (amount − fee) rather than per sale.
const SUMS = sql`sum(p.count)::int as count, sum(p.amount)::float8 as amount,
  sum(p.sale_amount)::float8 as sale_amount, sum(p.gratuity_amount)::float8 as gratuity_amount,
  sum(p.fee_amount)::float8 as fee_amount, max(p.last_captured_at) as last_captured_at`

async function summaryBuckets(
  db: Db,
  query: SummaryQuery,
  submerchantId: string,
): Promise<SummaryBucket[]> {
  const { groupBy } = query
  const pieces = summaryPieces(query, submerchantId)
  let statement: SQL
  if (groupBy === 'day' || groupBy === 'hour' || groupBy === 'weekday') {
    // Each sale finds its local day or hour by a binary search of the few start instants
    // (width_bucket): no time-zone arithmetic per sale, and a small integer to group by.
    const slots = timeSlots(groupBy === 'hour' ? 'hour' : 'day', query)
    const grouped = sql`select width_bucket(p.at, (select array_agg(at order by at) from slots)) as slot, ${SUMS}
      from (${pieces}) as p group by 1`
    const perSlot = sql`select s.key, s.at, coalesce(g.count, 0) as count, coalesce(g.amount, 0) as amount,
      coalesce(g.sale_amount, 0) as sale_amount, coalesce(g.gratuity_amount, 0) as gratuity_amount,
      coalesce(g.fee_amount, 0) as fee_amount, g.last_captured_at
      from slots s left join grouped g on g.slot = s.slot`
    statement =
      groupBy === 'weekday'
        ? sql`with slots as (${slots}), grouped as (${grouped})
          select extract(isodow from p.at at time zone ${query.timezone})::int::text as key,
            sum(p.count)::int as count, sum(p.amount)::float8 as amount, sum(p.sale_amount)::float8 as sale_amount,
            sum(p.gratuity_amount)::float8 as gratuity_amount, sum(p.fee_amount)::float8 as fee_amount,
            max(p.last_captured_at) as last_captured_at
          from (${perSlot}) as p where p.count > 0 group by 1`
        : sql`with slots as (${slots}), grouped as (${grouped}) ${perSlot} order by s.slot`
  } else {
    statement = sql`select ${COLUMN_KEYS[groupBy]} as key, ${SUMS}
      from (${pieces}) as p group by 1`
  }
  const { rows } = await db.execute<BucketRow>(statement)
  const buckets = rows.map(toBucket)
  // Days and hours come in time order; the rest sort by key, no terminal last.
  if (groupBy === 'day' || groupBy === 'hour') return buckets
  return buckets.sort((a, b) => {
    if (a.key === b.key) return 0
    if (a.key === null) return 1
    if (b.key === null) return -1
    return a.key < b.key ? -1 : 1
  })
}

// Refunds completed in the range (their refund balance transaction), of sales that pass the filters.
async function summaryRefunds(
  db: Db,
  submerchantId: string,
  query: SummaryQuery,
): Promise<SalesSummary['refunds']> {
  const saleFilters: ParsedListQuery = {
    ...query.filters,
    gte: new Map([...query.filters.gte].filter(([name]) => name !== 'capturedAt')),
    lt: new Map([...query.filters.lt].filter(([name]) => name !== 'capturedAt')),
  }
  const inRange = sql`${balanceTransactions.submerchantId} = ${submerchantId}
    and ${balanceTransactions.type} = 'refund'
    and ${balanceTransactions.createdAt} >= ${query.range.gte}
    and ${balanceTransactions.createdAt} < ${query.range.lt}`
  // Without sale filters every refund of the account counts: its transactions alone answer.
  const filtered =
    saleFilters.gte.size > 0 ||
    saleFilters.lt.size > 0 ||
    [...saleFilters.eq.keys()].some((name) => name !== 'submerchantId')
  const ofSales = filtered
    ? sql`join ${refundRequests} on ${refundRequests.id} = ${balanceTransactions.sourceId}
        join ${sales} on ${sales.id} = ${refundRequests.saleId}
        where ${inRange} and ${whereClause(salesList, saleFilters, eq(sales.submerchantId, submerchantId))}`
    : sql`where ${inRange}`
  const { rows } = await db.execute<{ count: number; amount: number }>(
    sql`select count(*)::int as count, coalesce(-sum(${balanceTransactions.amount}), 0)::float8 as amount
      from ${balanceTransactions} ${ofSales}`,
  )
  const row = rows[0]
  return { count: Number(row?.count ?? 0), amount: Number(row?.amount ?? 0) }
}

function pgCode(error: unknown): unknown {
  const { code, cause } = (error ?? {}) as { code?: unknown; cause?: unknown }
  return code ?? (cause ? pgCode(cause) : undefined)
}

// The summary of the account's sales; the caller has checked the perspective and the role rules.
export async function salesSummary(
  db: Db,
  submerchantId: string,
  query: SummaryQuery,
): Promise<SalesSummary> {
  try {
    const [buckets, refunds] = await Promise.all([
      summaryBuckets(db, query, submerchantId),
      summaryRefunds(db, submerchantId, query),
    ])
    return { groupBy: query.groupBy, timezone: query.timezone, buckets, refunds }
  } catch (error) {
    // A zone this runtime knows but the database does not (invalid_parameter_value).
    if (pgCode(error) === '22023') {
      throw invalidQuery([
        { field: 'timezone', messages: ['is not a time zone the database knows'] },
      ])
    }
    throw error
  }
}
