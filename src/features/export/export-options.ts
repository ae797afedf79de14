import type { ListRange, ListSort } from '@/api/list-query'
import type { DatePreset } from '@/lib/date-presets'
import {
  dayRangeToBounds,
  presetRange,
  toDay,
  validateDayRange,
  type DayRange,
  type DayRangeErrors,
} from '@/lib/dates'
import type { ListParams } from '@/lib/list-search'
import { fileNamePart } from '@/lib/save-file'

// Export choices (docs/constants.md#export). The method option's value is spelled 'softops' (docs/constants.md#export); the wire says softpos.
export const EXPORT_FILE_TYPES = ['csv', 'pdf'] as const
export type ExportFileType = (typeof EXPORT_FILE_TYPES)[number]
export const EXPORT_METHODS = ['all', 'pos', 'softops'] as const
export type ExportMethod = (typeof EXPORT_METHODS)[number]
export const EXPORT_METHOD_LABELS: Record<ExportMethod, string> = {
  all: 'All',
  pos: 'POS',
  softops: 'SoftPOS',
}
const WIRE_METHOD: Record<ExportMethod, string | undefined> = {
  all: undefined,
  pos: 'pos',
  softops: 'softpos',
}

export const EXPORT_PAGE_SIZE = 100
// Requests in flight at once while paging by offset.
export const EXPORT_CONCURRENCY = 4
// A dated list read by keyset is cut into this many spans of time, walked side by side: with the
// fees and the sales read together, four requests are in flight, and the server never waits out a
// round trip (one walk per list kept it idle a third of the time).
export const EXPORT_TIME_SPANS = 2

// The sales list as it stands: what "the current view" exports.
export interface ExportView {
  params: ListParams
  days: DayRange
  // 'Card scheme: Visa, Method: POS' or 'All sales'.
  summary: string
  // The list's Total-Count, when known.
  total: number | null
}

export interface ExportOptions {
  // 'range': the dialog's own period and method; 'view': exactly the sales list as filtered now.
  scope: 'range' | 'view'
  preset: DatePreset
  start: string | null
  end: string | null
  fileType: ExportFileType
  method: ExportMethod
  fees: boolean
  summary: boolean
}

export const DEFAULT_EXPORT_OPTIONS: ExportOptions = {
  scope: 'range',
  preset: 'last_month',
  start: null,
  end: null,
  fileType: 'csv',
  method: 'all',
  fees: false,
  summary: false,
}

// The inclusive days an export covers; relative presets resolve against `now`.
export function exportDays(options: ExportOptions, now: Date): DayRange {
  if (options.preset === 'custom') return { start: options.start, end: options.end }
  return presetRange(options.preset, now)
}

export function validateExport(options: ExportOptions, now: Date): DayRangeErrors {
  return options.scope === 'range' ? validateDayRange(exportDays(options, now), now) : {}
}

// What GET /v1/sales is asked for: equality filters, the capturedAt range and the sort.
export interface ExportSalesQuery {
  filters: Record<string, string | number | boolean>
  capturedAt: ListRange
  sort: ListSort
}

// Oldest first, so that a sale captured during the export lands after the last page, not inside.
const CHRONOLOGICAL: ListSort = { field: 'capturedAt', direction: 'asc' }

export function exportSalesQuery(
  options: ExportOptions,
  view: ListParams | null,
  now: Date,
): ExportSalesQuery {
  if (options.scope === 'view' && view) {
    return { filters: view.filters, capturedAt: view.ranges.capturedAt ?? {}, sort: view.sort }
  }
  const method = WIRE_METHOD[options.method]
  return {
    filters: method ? { method } : {},
    capturedAt: dayRangeToBounds(exportDays(options, now)),
    sort: CHRONOLOGICAL,
  }
}

// "2026-10-01 to 2026-10-31", "all time", "from 2026-10-01 to 2026-11-25", "until 2026-10-31".
export function describeDays(days: DayRange, now: Date): string {
  if (!days.start && !days.end) return 'all time'
  if (!days.start) return `until ${days.end}`
  return `${days.start} to ${days.end ?? toDay(now)}`
}

// docs/constants.md#export: named as a transactions export for the account and the date range.
export function exportFileName(
  accountName: string,
  days: DayRange,
  fileType: ExportFileType,
  now: Date,
): string {
  const account = fileNamePart(accountName)
  const base = `${account || 'Account'} transactions ${describeDays(days, now)}`
  return `${base.slice(0, 200)}.${fileType}`
}
