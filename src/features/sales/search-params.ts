import type { ListSort } from '@/api/list-query'
import {
  CARD_SCHEMES,
  CARD_TYPES,
  SALE_METHODS,
  type CardScheme,
  type CardType,
  type SaleMethod,
} from '@/api/schema/sale-values'
import { isDatePreset, type DatePreset } from '@/lib/date-presets'
import { optionalString } from '@/lib/search'

// The sales list's URL: parsing only, light enough for validateSearch in the main bundle.

// The sales list as the URL holds it; every key is optional and absent means the default.
export interface SalesSearch {
  page?: number
  // A sortable field, '-' prefixed for descending (§7 list queries).
  sort?: string
  cardScheme?: CardScheme
  method?: SaleMethod
  cardType?: CardType
  terminalSerialNumber?: string
  panLastFour?: string
  // capturedAt preset; 'custom' uses start/end (inclusive YYYY-MM-DD days).
  period?: DatePreset
  start?: string
  end?: string
}

export type SalesFilterKey = keyof Omit<SalesSearch, 'page' | 'sort'>

// All time shows every sale; a driver looking for a fare should not miss last month's.
export const DEFAULT_PERIOD: DatePreset = 'all_time'
export const DEFAULT_SORT: ListSort = { field: 'capturedAt', direction: 'desc' }
export const SORTABLE_FIELDS = [
  'amount',
  'saleAmount',
  'gratuityAmount',
  'method',
  'cardScheme',
  'terminalSerialNumber',
  'cardType',
  'panLastFour',
  'capturedAt',
] as const
export const MAX_SERIAL_LENGTH = 64
export const PAN_LAST_FOUR_PATTERN = /^\d{4}$/
export const PAN_LAST_FOUR_MESSAGE = 'Enter exactly 4 digits'
// Offsets beyond this are no use to a person and cost the database; the URL is ignored past it.
const MAX_PAGE = 100_000
const DAY_PATTERN = /^\d{4}-\d{2}-\d{2}$/

function oneOf<T extends string>(values: readonly T[], value: unknown): T | undefined {
  return values.find((allowed) => allowed === value)
}

function pageOf(value: unknown): number | undefined {
  const number = typeof value === 'string' && /^\d+$/.test(value) ? Number(value) : value
  return typeof number === 'number' && Number.isInteger(number) && number > 1 && number <= MAX_PAGE
    ? number
    : undefined
}

export function parseSort(value: unknown): ListSort | undefined {
  if (typeof value !== 'string') return undefined
  const descending = value.startsWith('-')
  const field = oneOf(SORTABLE_FIELDS, descending ? value.slice(1) : value)
  return field ? { field, direction: descending ? 'desc' : 'asc' } : undefined
}

export function sortToSearch(sort: ListSort): string | undefined {
  const isDefault = sort.field === DEFAULT_SORT.field && sort.direction === DEFAULT_SORT.direction
  if (isDefault) return undefined
  return sort.direction === 'desc' ? `-${sort.field}` : sort.field
}

function dayOf(value: unknown): string | undefined {
  if (typeof value !== 'string' || !DAY_PATTERN.test(value)) return undefined
  const date = new Date(`${value}T00:00:00Z`)
  return !Number.isNaN(date.getTime()) && date.toISOString().startsWith(value) ? value : undefined
}

function serialOf(value: unknown): string | undefined {
  return optionalString(value, MAX_SERIAL_LENGTH)?.trim() || undefined
}

// A 4-digit number typed in the URL arrives as a number from the router's JSON search parser.
function panLastFourOf(value: unknown): string | undefined {
  const text = typeof value === 'number' ? String(value) : value
  return typeof text === 'string' && PAN_LAST_FOUR_PATTERN.test(text) ? text : undefined
}

// validateSearch: keeps what is valid, drops anything else (never throws).
export function parseSalesSearch(raw: Record<string, unknown>): SalesSearch {
  const period = isDatePreset(raw.period) ? raw.period : undefined
  const custom = period === 'custom'
  const sort = parseSort(raw.sort)
  const search: SalesSearch = {
    page: pageOf(raw.page),
    sort: sort ? sortToSearch(sort) : undefined,
    cardScheme: oneOf(CARD_SCHEMES, raw.cardScheme),
    method: oneOf(SALE_METHODS, raw.method),
    cardType: oneOf(CARD_TYPES, raw.cardType),
    terminalSerialNumber: serialOf(raw.terminalSerialNumber),
    panLastFour: panLastFourOf(raw.panLastFour),
    period: period === DEFAULT_PERIOD ? undefined : period,
    start: custom ? dayOf(raw.start) : undefined,
    end: custom ? dayOf(raw.end) : undefined,
  }
  return compactSearch(search)
}

const SEARCH_KEYS = [
  'page',
  'sort',
  'cardScheme',
  'method',
  'cardType',
  'terminalSerialNumber',
  'panLastFour',
  'period',
  'start',
  'end',
] as const satisfies readonly (keyof SalesSearch)[]

// The route's validateSearch: every key present, so a dropped bad value also replaces the raw one
// (the router merges the raw search under the validated one).
export function validateSalesSearch(raw: Record<string, unknown>): SalesSearch {
  const parsed = parseSalesSearch(raw)
  return Object.fromEntries(SEARCH_KEYS.map((key) => [key, parsed[key]])) as SalesSearch
}

// Absent keys rather than `undefined` ones, so URLs and saved views compare equal.
export function compactSearch(search: SalesSearch): SalesSearch {
  return Object.fromEntries(
    Object.entries(search).filter(([, value]) => value !== undefined && value !== ''),
  ) as SalesSearch
}
