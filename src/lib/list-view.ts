import type { ListQuery } from '@/api/list-query'
import { PAGE_SIZE } from '@/config/limits'
import { DATE_PRESET_LABELS, isDatePreset, type DatePreset } from '@/lib/date-presets'
import { dayRangeToBounds, presetRange, type DayRange } from '@/lib/dates'
import {
  amountFromKeyOf,
  amountToKeyOf,
  endKeyOf,
  fieldOf,
  filterKeys,
  parseSort,
  startKeyOf,
  type AmountFilterSpec,
  type DateRangeFilterSpec,
  type FilterSpec,
  type ListParams,
  type ListSearch,
  type ListSpec,
  type SearchValue,
} from '@/lib/list-search'
import { formatMoney, parseMoney } from '@/lib/money'
import { prettify } from '@/lib/prettify'

// A list's URL view turned into its query (docs/api.md#lists), its chips and its summary.

export interface ActiveFilter {
  id: string
  label: string
  value: string
  // The change that removes it.
  remove: Partial<ListSearch>
}

// A date-range filter's days as the URL says (relative presets resolve against `now`).
export function dayRangeOf(
  filter: DateRangeFilterSpec,
  search: ListSearch,
  now: Date = new Date(),
): DayRange & { preset: DatePreset } {
  const value = search[filter.key]
  const preset = isDatePreset(value) ? value : filter.defaultPreset
  if (preset !== 'custom') return { preset, ...presetRange(preset, now) }
  const start = search[startKeyOf(filter)]
  const end = search[endKeyOf(filter)]
  return {
    preset,
    start: typeof start === 'string' ? start : null,
    end: typeof end === 'string' ? end : null,
  }
}

// The patch a date-range control makes: custom keeps its days, a preset drops them.
export function dateRangeChange(
  filter: DateRangeFilterSpec,
  next: DayRange & { preset: DatePreset },
): Partial<ListSearch> {
  const custom = next.preset === 'custom'
  return {
    [filter.key]: next.preset,
    [startKeyOf(filter)]: custom ? (next.start ?? undefined) : undefined,
    [endKeyOf(filter)]: custom ? (next.end ?? undefined) : undefined,
  }
}

// An amount filter's range in minor units as the URL says (null where an end is open).
export function amountRangeOf(
  filter: AmountFilterSpec,
  search: ListSearch,
): { from: number | null; to: number | null } {
  const minor = (value: SearchValue) => (typeof value === 'string' ? parseMoney(value) : null)
  return {
    from: minor(search[amountFromKeyOf(filter)]),
    to: minor(search[amountToKeyOf(filter)]),
  }
}

// The URL's view → the query factory's params.
export function toListParams(spec: ListSpec, search: ListSearch, now = new Date()): ListParams {
  const params: ListParams = {
    filters: {},
    ranges: {},
    sort: parseSort(spec, search.sort) ?? spec.defaultSort,
    page: search.page ?? 1,
  }
  for (const filter of spec.filters) {
    const value = search[filter.key]
    if (filter.kind === 'dateRange') {
      const bounds = dayRangeToBounds(dayRangeOf(filter, search, now))
      if (bounds.gte !== undefined || bounds.lt !== undefined) params.ranges[filter.field] = bounds
    } else if (filter.kind === 'amount') {
      const minor = typeof value === 'string' ? parseMoney(value) : null
      if (minor !== null) params.filters[fieldOf(filter)] = minor
      const range = amountRangeOf(filter, search)
      // Whole pence: up to 23.99 inclusive is below 2400.
      const bounds = {
        ...(range.from !== null && { gte: String(range.from) }),
        ...(range.to !== null && { lt: String(range.to + 1) }),
      }
      if (minor === null && Object.keys(bounds).length > 0) params.ranges[fieldOf(filter)] = bounds
    } else if (value !== undefined) {
      params.filters[fieldOf(filter)] = value
    }
  }
  return params
}

// One list (docs/api.md#lists) request for a page of the view (10 per page, docs/constants.md#sizes-and-limits), inside the account's scope.
export function toListQuery(
  scope: Record<string, string>,
  params: ListParams,
  fields?: readonly string[],
): ListQuery {
  return {
    filters: { ...scope, ...params.filters },
    ...(fields && { fields: [...fields] }),
    ranges: params.ranges,
    sort: params.sort,
    limit: PAGE_SIZE,
    offset: (params.page - 1) * PAGE_SIZE,
  }
}

function rangeText(filter: DateRangeFilterSpec, search: ListSearch): string {
  const range = dayRangeOf(filter, search)
  if (range.preset !== 'custom') return DATE_PRESET_LABELS[range.preset]
  if (range.start && range.end) return `${range.start} to ${range.end}`
  if (range.start) return `from ${range.start}`
  return range.end ? `until ${range.end}` : DATE_PRESET_LABELS.custom
}

function amountText(filter: AmountFilterSpec, search: ListSearch): string | null {
  const exact = parseMoney(String(search[filter.key] ?? ''))
  if (exact !== null) return formatMoney(exact)
  const { from, to } = amountRangeOf(filter, search)
  if (from !== null && to !== null) return `${formatMoney(from)} to ${formatMoney(to)}`
  if (from !== null) return `from ${formatMoney(from)}`
  return to === null ? null : `up to ${formatMoney(to)}`
}

function chipValue(filter: FilterSpec, search: ListSearch): string | null {
  if (filter.kind === 'amount') return amountText(filter, search)
  const value = search[filter.key]
  if (value === undefined) return null
  switch (filter.kind) {
    case 'dateRange':
      return rangeText(filter, search)
    case 'select':
      return (filter.format ?? prettify)(String(value))
    case 'text':
      return String(value)
  }
}

// The chips of the active filters, in the order of the declaration.
export function describeFilters(spec: ListSpec, search: ListSearch): ActiveFilter[] {
  const chips: ActiveFilter[] = []
  for (const filter of spec.filters) {
    const value = chipValue(filter, search)
    if (value === null) continue
    const remove = Object.fromEntries(filterKeys(filter).map((key) => [key, undefined]))
    chips.push({ id: filter.key, label: filter.chipLabel ?? filter.label, value, remove })
  }
  return chips
}

// 'Card scheme: Visa, Method: POS', or the plain list's name.
export function viewSummary(spec: ListSpec, search: ListSearch): string {
  const filters = describeFilters(spec, search)
  return filters.length === 0
    ? `All ${spec.noun}`
    : filters.map((filter) => `${filter.label}: ${filter.value}`).join(', ')
}
