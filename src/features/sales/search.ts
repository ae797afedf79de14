import { DATE_PRESET_LABELS } from '@/lib/date-presets'
import { dayRangeToBounds, presetRange, type DayRange } from '@/lib/dates'
import { prettify } from '@/lib/prettify'
import type { SalesFilters, SalesListParams } from '@/features/sales/api'
import {
  compactSearch,
  DEFAULT_PERIOD,
  DEFAULT_SORT,
  parseSalesSearch,
  parseSort,
  type SalesSearch,
} from '@/features/sales/search-params'

// The sales list's view: filters, chips and the query params built from the URL.
export function salesDayRange(search: SalesSearch, now: Date = new Date()): DayRange {
  const period = search.period ?? DEFAULT_PERIOD
  if (period === 'custom') return { start: search.start ?? null, end: search.end ?? null }
  return presetRange(period, now)
}

export function salesFilters(search: SalesSearch): SalesFilters {
  const { cardScheme, method, cardType, terminalSerialNumber, panLastFour } = search
  return compactSearch({ cardScheme, method, cardType, terminalSerialNumber, panLastFour })
}

// The URL's view → the query factory's params (relative presets resolve against `now`).
export function toListParams(search: SalesSearch, now: Date = new Date()): SalesListParams {
  return {
    filters: salesFilters(search),
    capturedAt: dayRangeToBounds(salesDayRange(search, now)),
    sort: parseSort(search.sort) ?? DEFAULT_SORT,
    page: search.page ?? 1,
  }
}

// Applying a change to the view: any filter or sort change starts again at page 1.
export function withChange(search: SalesSearch, change: Partial<SalesSearch>): SalesSearch {
  const keepsPage = Object.keys(change).every((key) => key === 'page')
  return parseSalesSearch({ ...search, ...(keepsPage ? {} : { page: undefined }), ...change })
}

// What a saved view keeps: the filters and the sort, never the page.
export function viewOf(search: SalesSearch): SalesSearch {
  return compactSearch({ ...search, page: undefined })
}

export function sameSearch(a: SalesSearch, b: SalesSearch): boolean {
  const keys = new Set([...Object.keys(a), ...Object.keys(b)]) as Set<keyof SalesSearch>
  return [...keys].every((key) => a[key] === b[key])
}

export function hasFilters(search: SalesSearch): boolean {
  return Object.keys(viewOf({ ...search, sort: undefined })).length > 0
}

export interface ActiveFilter {
  id: string
  label: string
  value: string
  // The change that removes it.
  remove: Partial<SalesSearch>
}

function periodText(search: SalesSearch): string {
  if (search.period !== 'custom') return DATE_PRESET_LABELS[search.period ?? DEFAULT_PERIOD]
  if (search.start && search.end) return `${search.start} to ${search.end}`
  if (search.start) return `from ${search.start}`
  return search.end ? `until ${search.end}` : DATE_PRESET_LABELS.custom
}

// The chips of the active filters, in the order of the filter form.
export function describeFilters(search: SalesSearch): ActiveFilter[] {
  const chips: ActiveFilter[] = []
  if (search.period) {
    chips.push({
      id: 'period',
      label: 'Captured',
      value: periodText(search),
      remove: { period: undefined, start: undefined, end: undefined },
    })
  }
  const fields = [
    ['cardScheme', 'Card scheme', prettify],
    ['method', 'Method', prettify],
    ['cardType', 'Card type', prettify],
    ['terminalSerialNumber', 'Terminal', String],
    ['panLastFour', 'PAN last four', String],
  ] as const
  for (const [key, label, show] of fields) {
    const value = search[key]
    if (value) chips.push({ id: key, label, value: show(value), remove: { [key]: undefined } })
  }
  return chips
}
