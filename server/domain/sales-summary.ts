// GET /v1/sales/summary (docs/api.md#sales-summary): the account's sales in a capturedAt range,
// grouped, with the fees and net of their balance transactions and the range's refunds.
import { eq, sql, type SQL } from 'drizzle-orm'
import type { SalesSummary, SummaryBucket } from '@/api/schema/sales-summary'
import {
  SUMMARY_GROUP_BYS,
  SUMMARY_MAX_DAYS,
  type SummaryGroupBy,
} from '@/api/schema/sales-summary-values'
import type { Db } from '../db/client'
import { balanceTransactions, refundRequests, sales } from '../db/schema/core'
import type { FieldError } from '../errors'
import { invalidQuery, parseListQuery, whereClause, type ParsedListQuery } from '../lib/list-engine'
import { salesList } from './sales'

export const DEFAULT_SUMMARY_TIMEZONE = 'Europe/London'
const DAY_MS = 86_400_000
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

// The bucket key of a capture time `at` (a timestamptz expression).
function keyOf(groupBy: 'day' | 'hour' | 'weekday', at: SQL, timezone: string): SQL {
  const local = sql`(${at} at time zone ${timezone})`
  switch (groupBy) {
    case 'day':
      return sql`to_char(${local}, 'YYYY-MM-DD')`
    case 'hour':
      return sql`(to_char(${local}, 'YYYY-MM-DD"T"HH24:00') || ${offsetText(at, timezone)})`
    case 'weekday':
      return sql`extract(isodow from ${local})::int::text`
  }
}

const COLUMN_KEYS = {
  terminal: sales.terminalId,
  cardScheme: sales.cardScheme,
  method: sales.method,
  cardType: sales.cardType,
} as const

// Every day or hour the range touches, sales or not: a step shorter than any day or hour in any zone
// (offsets are whole quarter hours), plus the range's last instant.
function timeSlots(groupBy: 'day' | 'hour', query: SummaryQuery): SQL {
  const step = groupBy === 'day' ? '1 hour' : '15 minutes'
  const at = sql.raw('g.at')
  const { gte, lt } = query.range
  return sql`select distinct ${keyOf(groupBy, at, query.timezone)} as key
    from (select generate_series(${gte}::timestamptz, ${lt}::timestamptz - interval '1 microsecond', ${step}::interval) as at
          union all select ${lt}::timestamptz - interval '1 microsecond') as g`
}

type BucketRow = {
  key: string | null
  count: number
  amount: number
  sale_amount: number
  gratuity_amount: number
  fee_amount: number
  net_amount: number
}

function toBucket(row: BucketRow): SummaryBucket {
  return {
    key: row.key,
    count: Number(row.count),
    amount: Number(row.amount),
    saleAmount: Number(row.sale_amount),
    gratuityAmount: Number(row.gratuity_amount),
    feeAmount: Number(row.fee_amount),
    netAmount: Number(row.net_amount),
  }
}

async function summaryBuckets(db: Db, query: SummaryQuery, where: SQL): Promise<SummaryBucket[]> {
  const { groupBy, timezone } = query
  // The sale's fee is its balance transaction's (copied when the sale is made); net = amount − fee.
  const perSale = sql`count(*)::int as count, sum(${sales.amount}) as amount,
    sum(${sales.saleAmount}) as sale_amount, sum(${sales.gratuityAmount}) as gratuity_amount,
    coalesce(sum(${sales.feeAmount}), 0) as fee_amount,
    sum(${sales.amount} - coalesce(${sales.feeAmount}, 0)) as net_amount`
  let statement: SQL
  if (groupBy === 'day' || groupBy === 'hour' || groupBy === 'weekday') {
    // Sales are first summed per UTC quarter hour (a column of the index; no local hour or day
    // is split), and only those few bins get the costly local key.
    const at = sql.raw('bins.at')
    const bins = sql`select ${sales.capturedBin} as at, ${perSale}
      from ${sales} where ${where} group by 1`
    const grouped = sql`select ${keyOf(groupBy, at, timezone)} as key, sum(count)::int as count,
      sum(amount)::float8 as amount, sum(sale_amount)::float8 as sale_amount,
      sum(gratuity_amount)::float8 as gratuity_amount, sum(fee_amount)::float8 as fee_amount,
      sum(net_amount)::float8 as net_amount
      from (${bins}) as bins group by 1`
    statement =
      groupBy === 'weekday'
        ? grouped
        : sql`with grouped as (${grouped}), slots as (${timeSlots(groupBy, query)})
          select k.key, coalesce(g.count, 0) as count, coalesce(g.amount, 0) as amount,
            coalesce(g.sale_amount, 0) as sale_amount, coalesce(g.gratuity_amount, 0) as gratuity_amount,
            coalesce(g.fee_amount, 0) as fee_amount, coalesce(g.net_amount, 0) as net_amount
          from (select key from slots union select key from grouped) k left join grouped g on g.key = k.key`
  } else {
    statement = sql`select ${COLUMN_KEYS[groupBy]} as key, count(*)::int as count,
      sum(${sales.amount})::float8 as amount, sum(${sales.saleAmount})::float8 as sale_amount,
      sum(${sales.gratuityAmount})::float8 as gratuity_amount,
      coalesce(sum(${sales.feeAmount}), 0)::float8 as fee_amount,
      sum(${sales.amount} - coalesce(${sales.feeAmount}, 0))::float8 as net_amount
      from ${sales} where ${where} group by 1`
  }
  const { rows } = await db.execute<BucketRow>(statement)
  const buckets = rows.map(toBucket)
  // Hours sort by their instant (the repeated hour of a clock change after the first); the rest by key, no terminal last.
  const order = (k: string | null) => (groupBy === 'hour' && k ? Date.parse(k) : k)
  return buckets.sort((a, b) => {
    const [x, y] = [order(a.key), order(b.key)]
    if (x === y) return 0
    if (x === null) return 1
    if (y === null) return -1
    return x < y ? -1 : 1
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
  const { rows } = await db.execute<{ count: number; amount: number }>(
    sql`select count(*)::int as count, coalesce(-sum(${balanceTransactions.amount}), 0)::float8 as amount
      from ${balanceTransactions}
      join ${refundRequests} on ${refundRequests.id} = ${balanceTransactions.sourceId}
      join ${sales} on ${sales.id} = ${refundRequests.saleId}
      where ${balanceTransactions.submerchantId} = ${submerchantId}
        and ${balanceTransactions.type} = 'refund'
        and ${balanceTransactions.createdAt} >= ${query.range.gte}
        and ${balanceTransactions.createdAt} < ${query.range.lt}
        and ${whereClause(salesList, saleFilters, eq(sales.submerchantId, submerchantId))}`,
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
  const where = whereClause(salesList, query.filters, eq(sales.submerchantId, submerchantId))
  try {
    const [buckets, refunds] = await Promise.all([
      summaryBuckets(db, query, where),
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
