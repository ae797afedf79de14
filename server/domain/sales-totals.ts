// The account's sales as pieces to add up (at, terminal_id, card_scheme, method, card_type, count,
// the amounts and last_captured_at): sales one by one, or mostly the hourly and daily totals the
// triggers keep (server/db/schema/rollups.ts). GET /v1/sales/summary groups them; a deep page of
// GET /v1/sales counts them.
import { and, eq, gte, lt, sql, type SQL } from 'drizzle-orm'
import type { AnyPgColumn } from 'drizzle-orm/pg-core'
import type { Db } from '../db/client'
import { sales } from '../db/schema/core'
import { salesRollups } from '../db/schema/rollups'
import { whereClause, type ParsedListQuery } from '../lib/list-engine'
import { salesList } from './sales'

const HOUR_MS = 3_600_000
export const DAY_MS = 86_400_000

// The filters the totals hold besides the account and the capture range.
const TOTAL_DIMENSIONS: Record<string, AnyPgColumn> = {
  cardScheme: salesRollups.cardScheme,
  method: salesRollups.method,
  cardType: salesRollups.cardType,
}

/** Whether the totals can answer for the filters: equality on their dimensions and a capture range only. */
export function totalsHold(filters: ParsedListQuery): boolean {
  if (filters.q) return false
  if ([...filters.gte.keys(), ...filters.lt.keys()].some((name) => name !== 'capturedAt')) {
    return false
  }
  return [...filters.eq.keys()].every(
    (name) => name === 'submerchantId' || TOTAL_DIMENSIONS[name] !== undefined,
  )
}

const boundOf = (bounds: Map<string, unknown>): Date | undefined => {
  const at = bounds.get('capturedAt')
  return at instanceof Date ? at : undefined
}

/** The sales that pass the filters, in [from, until) when given (else the filters' own range), one piece each. */
export function salePieces(
  filters: ParsedListQuery,
  submerchantId: string,
  from?: Date,
  until?: Date,
): SQL {
  const within = {
    ...filters,
    gte: from ? new Map(filters.gte).set('capturedAt', from) : filters.gte,
    lt: until ? new Map(filters.lt).set('capturedAt', until) : filters.lt,
  }
  const where = whereClause(salesList, within, eq(sales.submerchantId, submerchantId))
  return sql`select ${sales.capturedAt} as at, ${sales.terminalId} as terminal_id,
    ${sales.cardScheme} as card_scheme, ${sales.method} as method, ${sales.cardType} as card_type,
    1 as count, ${sales.amount} as amount, ${sales.saleAmount} as sale_amount,
    ${sales.gratuityAmount} as gratuity_amount, coalesce(${sales.feeAmount}, 0) as fee_amount,
    ${sales.capturedAt} as last_captured_at
    from ${sales} where ${where}`
}

// The hourly or daily totals of the periods starting in [from, until) that pass the filters.
function totalPieces(
  filters: ParsedListQuery,
  submerchantId: string,
  span: 'hour' | 'day',
  from: Date | undefined,
  until: Date | undefined,
): SQL {
  const conditions = [eq(salesRollups.submerchantId, submerchantId), eq(salesRollups.span, span)]
  if (from) conditions.push(gte(salesRollups.periodStart, from))
  if (until) conditions.push(lt(salesRollups.periodStart, until))
  for (const [name, value] of filters.eq) {
    const column = TOTAL_DIMENSIONS[name]
    if (column) conditions.push(eq(column, value))
  }
  return sql`select ${salesRollups.periodStart} as at, null::text as terminal_id,
    ${salesRollups.cardScheme} as card_scheme, ${salesRollups.method} as method,
    ${salesRollups.cardType} as card_type, ${salesRollups.count} as count,
    ${salesRollups.amount} as amount, ${salesRollups.saleAmount} as sale_amount,
    ${salesRollups.gratuityAmount} as gratuity_amount, ${salesRollups.feeAmount} as fee_amount,
    ${salesRollups.lastCapturedAt} as last_captured_at
    from ${salesRollups} where ${and(...conditions)}`
}

const ceilTo = (at: Date, unit: number) => new Date(Math.ceil(+at / unit) * unit)
const floorTo = (at: Date, unit: number) => new Date(Math.floor(+at / unit) * unit)

/**
 * The pieces of filters the totals hold (totalsHold): the sales of the range's first and last
 * part hours one by one, the hourly totals of the hours between, and, unless `hourly` (a grouping
 * by local day or hour), the daily totals of its whole UTC days. An open end reads the totals to
 * the first or last day. A year is about 365 × 27 totals instead of every sale of the year.
 */
export function piecesFromTotals(
  filters: ParsedListQuery,
  submerchantId: string,
  { hourly }: { hourly: boolean },
): SQL {
  const start = boundOf(filters.gte)
  const end = boundOf(filters.lt)
  const firstHour = start && ceilTo(start, HOUR_MS)
  const lastHour = end && floorTo(end, HOUR_MS)
  if (firstHour && lastHour && firstHour >= lastHour) return salePieces(filters, submerchantId)
  const pieces: SQL[] = []
  const totals = (span: 'hour' | 'day', from?: Date, until?: Date) =>
    pieces.push(totalPieces(filters, submerchantId, span, from, until))
  if (start && firstHour && start < firstHour) {
    pieces.push(salePieces(filters, submerchantId, start, firstHour))
  }
  const firstDay = firstHour && ceilTo(firstHour, DAY_MS)
  const lastDay = lastHour && floorTo(lastHour, DAY_MS)
  if (hourly || (firstDay && lastDay && firstDay >= lastDay)) {
    totals('hour', firstHour, lastHour)
  } else {
    if (firstHour && firstDay && firstHour < firstDay) totals('hour', firstHour, firstDay)
    totals('day', firstDay, lastDay)
    if (lastHour && lastDay && lastDay < lastHour) totals('hour', lastDay, lastHour)
  }
  if (end && lastHour && lastHour < end)
    pieces.push(salePieces(filters, submerchantId, lastHour, end))
  return sql.join(pieces, sql` union all `)
}

/**
 * The exact number of the account's sales that pass the filters, read mostly from the totals (an
 * account's 3,000,000 sales are about 8,000 daily totals); null when the totals do not hold the
 * filters.
 */
export async function countSalesFromTotals(
  db: Db,
  filters: ParsedListQuery,
  submerchantId: string,
): Promise<number | null> {
  if (!totalsHold(filters)) return null
  const pieces = piecesFromTotals(filters, submerchantId, { hourly: false })
  const { rows } = await db.execute<{ n: number | string }>(
    sql`select coalesce(sum(p.count), 0)::bigint as n from (${pieces}) as p`,
  )
  return Number(rows[0]?.n ?? 0)
}
