import type { ListSort } from '@/api/list-query'
import { isDatePreset, type DatePreset } from '@/lib/date-presets'
import { parseMoney } from '@/lib/money'
import { optionalString } from '@/lib/search'

// A list screen's view, declared once as data: its filters and sorts. Everything else (the URL's
// validation, the list (docs/api.md#lists) query, chips, saved views, the filter panel) is derived from it.
// This half only reads and changes the URL: light enough for validateSearch in the main bundle
// (no dayjs); list-view.ts turns it into queries and chips.

export type SearchValue = string | number | undefined
// The list as the URL holds it; absent means the default.
export type ListSearch = Record<string, SearchValue> & { page?: number; sort?: string }

interface FilterBase {
  // The URL search key (and, unless `field` says otherwise, the API's filter field: docs/api.md#lists).
  key: string
  label: string
  // The chip's label, when shorter than the field's.
  chipLabel?: string
}

export interface TextFilterSpec extends FilterBase {
  kind: 'text'
  field?: string
  maxLength: number
  // Text that fails is kept out of the URL and the query; the message says why.
  pattern?: RegExp
  patternMessage?: string
  hint?: string
  inputMode?: 'numeric' | 'text'
}

export interface SelectFilterSpec extends FilterBase {
  kind: 'select'
  field?: string
  values: readonly string[]
  // How a value reads (default: prettify, 'american_express' → 'American Express').
  format?: (value: string) => string
}

// An exact amount typed in pounds ('12.50'), or a range of them from `{key}From` to `{key}To`
// (both inclusive: 23.00 to 23.99); the URL keeps the text, the query the minor units.
export interface AmountFilterSpec extends FilterBase {
  kind: 'amount'
  field?: string
}

// A preset (docs/constants.md#export) or custom start/end days, sent as `field[$gte]` / `field[$lt]`.
export interface DateRangeFilterSpec extends FilterBase {
  kind: 'dateRange'
  field: string
  defaultPreset: DatePreset
  startKey?: string
  endKey?: string
  presets?: readonly DatePreset[]
}

export type FilterSpec = TextFilterSpec | SelectFilterSpec | AmountFilterSpec | DateRangeFilterSpec

export interface ListSpec {
  // Names the list where it is stored (saved views): 'sales', 'payouts', …
  id: string
  // 'sales' → 'No sales match these filters.'; 'sale' → '1 sale'.
  noun: string
  nounOne: string
  filters: readonly FilterSpec[]
  sortable: readonly string[]
  defaultSort: ListSort
}

// A list that shows a subset of another's rows (a terminal's sales are sales): the same spec, under
// its own id, without the filters and sorts that the subset fixes.
export function narrowListSpec(spec: ListSpec, id: string, fixed: readonly string[]): ListSpec {
  return {
    ...spec,
    id,
    filters: spec.filters.filter((filter) => !fixed.includes(filter.key)),
    sortable: spec.sortable.filter((field) => !fixed.includes(field)),
  }
}

// One page of a list, normalised: what a query factory keys and fetches by.
export interface ListParams {
  filters: Record<string, string | number>
  // Date ranges as ISO instants: [gte, lt).
  ranges: Record<string, { gte?: string; lt?: string }>
  sort: ListSort
  // 1-based.
  page: number
}

// Offsets beyond this are no use to a person and cost the database; the URL is ignored past it.
const MAX_PAGE = 100_000
const DAY_PATTERN = /^\d{4}-\d{2}-\d{2}$/
const AMOUNT_PATTERN = /^\d{1,7}(\.\d{1,2})?$/
export const AMOUNT_MESSAGE = 'Enter an amount in pounds, such as 12.50'

export const fieldOf = (filter: FilterSpec) => filter.field ?? filter.key
export const startKeyOf = (filter: DateRangeFilterSpec) => filter.startKey ?? 'start'
export const endKeyOf = (filter: DateRangeFilterSpec) => filter.endKey ?? 'end'
export const amountFromKeyOf = (filter: AmountFilterSpec) => `${filter.key}From`
export const amountToKeyOf = (filter: AmountFilterSpec) => `${filter.key}To`

// The URL keys one filter owns.
export function filterKeys(filter: FilterSpec): string[] {
  switch (filter.kind) {
    case 'dateRange':
      return [filter.key, startKeyOf(filter), endKeyOf(filter)]
    case 'amount':
      return [filter.key, amountFromKeyOf(filter), amountToKeyOf(filter)]
    default:
      return [filter.key]
  }
}

function pageOf(value: unknown): number | undefined {
  const number = typeof value === 'string' && /^\d+$/.test(value) ? Number(value) : value
  return typeof number === 'number' && Number.isInteger(number) && number > 1 && number <= MAX_PAGE
    ? number
    : undefined
}

export function parseSort(spec: ListSpec, value: unknown): ListSort | undefined {
  if (typeof value !== 'string') return undefined
  const descending = value.startsWith('-')
  const field = spec.sortable.find((name) => name === (descending ? value.slice(1) : value))
  return field ? { field, direction: descending ? 'desc' : 'asc' } : undefined
}

// The default sort is left out of the URL, so the plain list has a plain URL.
export function sortToSearch(spec: ListSpec, sort: ListSort): string | undefined {
  const { field, direction } = spec.defaultSort
  if (sort.field === field && sort.direction === direction) return undefined
  return sort.direction === 'desc' ? `-${sort.field}` : sort.field
}

export function dayOf(value: unknown): string | undefined {
  if (typeof value !== 'string' || !DAY_PATTERN.test(value)) return undefined
  const date = new Date(`${value}T00:00:00Z`)
  return !Number.isNaN(date.getTime()) && date.toISOString().startsWith(value) ? value : undefined
}

// The router reads URL values as JSON: `?page=2` is a number and `?x=true` a boolean; the list
// reads what was typed.
function textOf(value: unknown, maxLength: number): string | undefined {
  const text = typeof value === 'number' || typeof value === 'boolean' ? String(value) : value
  return optionalString(text, maxLength)?.trim() || undefined
}

export function textProblem(filter: TextFilterSpec, text: string): string | null {
  if (!filter.pattern || filter.pattern.test(text)) return null
  return filter.patternMessage ?? `Check the ${filter.label.toLowerCase()}`
}

export function amountProblem(text: string): string | null {
  return AMOUNT_PATTERN.test(text) && parseMoney(text) !== null ? null : AMOUNT_MESSAGE
}

function readFilter(filter: FilterSpec, raw: Record<string, unknown>): ListSearch {
  const value = raw[filter.key]
  switch (filter.kind) {
    case 'text': {
      const text = textOf(value, filter.maxLength)
      return { [filter.key]: text && !textProblem(filter, text) ? text : undefined }
    }
    case 'select': {
      const text = textOf(value, 100)
      return { [filter.key]: filter.values.find((allowed) => allowed === text) }
    }
    case 'amount': {
      const amountText = (raw: unknown) => {
        const text = textOf(raw, 16)
        return text && !amountProblem(text) ? text : undefined
      }
      const exact = amountText(value)
      // An exact amount is narrower than any range: the range is dropped beside it.
      return {
        [filter.key]: exact,
        [amountFromKeyOf(filter)]: exact ? undefined : amountText(raw[amountFromKeyOf(filter)]),
        [amountToKeyOf(filter)]: exact ? undefined : amountText(raw[amountToKeyOf(filter)]),
      }
    }
    case 'dateRange': {
      const preset = isDatePreset(value) ? value : undefined
      const custom = preset === 'custom'
      return {
        [filter.key]: preset === filter.defaultPreset ? undefined : preset,
        [startKeyOf(filter)]: custom ? dayOf(raw[startKeyOf(filter)]) : undefined,
        [endKeyOf(filter)]: custom ? dayOf(raw[endKeyOf(filter)]) : undefined,
      }
    }
  }
}

// Absent keys rather than `undefined` ones, so URLs and saved views compare equal.
export function compactSearch<S extends ListSearch>(search: S): S {
  return Object.fromEntries(
    Object.entries(search).filter(([, value]) => value !== undefined && value !== ''),
  ) as S
}

// Keeps what is valid, drops anything else (never throws): the URL is user input.
export function parseListSearch(spec: ListSpec, raw: Record<string, unknown>): ListSearch {
  const sort = parseSort(spec, raw.sort)
  const search: ListSearch = {
    page: pageOf(raw.page),
    sort: sort ? sortToSearch(spec, sort) : undefined,
  }
  for (const filter of spec.filters) Object.assign(search, readFilter(filter, raw))
  return compactSearch(search)
}

// Applying a change to the view: any filter or sort change starts again at page 1.
export function withChange(
  spec: ListSpec,
  search: ListSearch,
  change: Partial<ListSearch>,
): ListSearch {
  const keepsPage = Object.keys(change).every((key) => key === 'page')
  return parseListSearch(spec, { ...search, ...(keepsPage ? {} : { page: undefined }), ...change })
}

// What a saved view keeps: the filters and the sort, never the page.
export function viewOf(search: ListSearch): ListSearch {
  return compactSearch({ ...search, page: undefined })
}

export function sameSearch(a: ListSearch, b: ListSearch): boolean {
  const keys = new Set([...Object.keys(a), ...Object.keys(b)])
  return [...keys].every((key) => a[key] === b[key])
}

export function hasFilters(search: ListSearch): boolean {
  return Object.keys(viewOf({ ...search, sort: undefined })).length > 0
}

// The change that clears every filter (the sort stays: it is an order, not a filter).
export function clearAllChange(spec: ListSpec): Partial<ListSearch> {
  return Object.fromEntries(spec.filters.flatMap(filterKeys).map((key) => [key, undefined]))
}
