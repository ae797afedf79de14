import { APPROXIMATE_TOTAL_FACTOR } from '@/config/limits'

type Scalar = string | number | boolean

export interface ListSort {
  field: string
  direction: 'asc' | 'desc'
}

export interface ListRange {
  gte?: Scalar
  lt?: Scalar
}

// One list (docs/api.md#lists) request: sort, paging, equality filters, $gte/$lt ranges, field list, free text.
export interface ListQuery {
  sort?: ListSort
  limit?: number
  offset?: number
  // Keyset paging: the page after this item (its id), in the list's order; never with an offset.
  startingAfter?: string
  filters?: Record<string, Scalar | null | undefined>
  ranges?: Record<string, ListRange | undefined>
  fields?: readonly string[]
  q?: string
}

export interface ListTotal {
  total: number
  totalIsApproximate: boolean
}

export function sortParam(sort: ListSort): string {
  return sort.direction === 'desc' ? `-${sort.field}` : sort.field
}

// Query parameters in a stable order; empty filters are left out rather than sent blank.
export function buildListQuery(query: ListQuery): Record<string, string> {
  const params: Record<string, string> = {}
  for (const [field, value] of Object.entries(query.filters ?? {})) {
    if (value !== null && value !== undefined && value !== '') params[field] = String(value)
  }
  for (const [field, range] of Object.entries(query.ranges ?? {})) {
    if (range?.gte !== undefined) params[`${field}[$gte]`] = String(range.gte)
    if (range?.lt !== undefined) params[`${field}[$lt]`] = String(range.lt)
  }
  if (query.q?.trim()) params.q = query.q.trim()
  if (query.fields?.length) params.fields = query.fields.join(',')
  if (query.sort) params.sort = sortParam(query.sort)
  if (query.limit !== undefined) params.limit = String(query.limit)
  if (query.offset !== undefined) params.offset = String(query.offset)
  if (query.startingAfter !== undefined) params.startingAfter = query.startingAfter
  return params
}

export function listQueryString(query: ListQuery): string {
  return new URLSearchParams(buildListQuery(query)).toString()
}

// docs/constants.md#sizes-and-limits: an approximate total is estimated at 1.2 times the reported count.
export function parseListTotal(headers: Headers, itemCount: number): ListTotal {
  const header = headers.get('Total-Count')
  const count = header !== null && /^\d+$/.test(header.trim()) ? Number(header) : null
  const totalIsApproximate = headers.get('Total-Count-Is-Approximate')?.trim() === 'true'
  if (count === null) return { total: itemCount, totalIsApproximate: false }
  return {
    total: totalIsApproximate ? Math.round(count * APPROXIMATE_TOTAL_FACTOR) : count,
    totalIsApproximate,
  }
}
