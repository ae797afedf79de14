// The list query string (docs/api.md#lists) → a ParsedListQuery: sort, limit, offset, fields,
// equality and range filters, q, startingAfter. Every problem is collected, and any is one 400
// invalid_query listing them all. No SQL here: the plan reads what this returns.
import { HttpError, type FieldError } from '../../errors'
import { keysetColumns } from './order'
import { filterSpec, listFields, type FilterSpec, type ListResource } from './resource'

export type FilterValue = string | number | boolean | Date

export interface ParsedListQuery {
  limit: number
  offset: number
  sort: { field: string; descending: boolean }
  fields: string[] | null
  eq: Map<string, FilterValue>
  gte: Map<string, FilterValue>
  lt: Map<string, FilterValue>
  q: string | null
  // The id of the item a continuation page starts after (keyset paging), or null.
  startingAfter: string | null
}

export const DEFAULT_LIMIT = 10
export const MAX_LIMIT = 100
const MAX_OFFSET = 10_000_000
const MAX_VALUE_LENGTH = 500
const RESERVED = new Set(['sort', 'limit', 'offset', 'fields', 'q', 'startingAfter'])
const OPERATORS = new Set(['$gte', '$lt'])
const ISO_DATE =
  /^\d{4}-\d{2}-\d{2}(?:T\d{2}:\d{2}(?::\d{2}(?:\.\d{1,6})?)?(?:Z|[+-]\d{2}:?\d{2}))?$/

export function invalidQuery(errors: FieldError[]): HttpError {
  const first = errors[0]
  const message = first
    ? `Invalid query: ${first.field} ${first.messages[0] ?? ''}`.trim()
    : 'Invalid query'
  return new HttpError(400, message, 'invalid_query', errors)
}

// Parses and validates the whole query string; any problem is a 400 invalid_query listing all of them.
export function parseListQuery<Row extends Record<string, unknown>>(
  resource: ListResource<Row>,
  params: URLSearchParams,
): ParsedListQuery {
  const errors: FieldError[] = []
  const fail = (field: string, message: string) => errors.push({ field, messages: [message] })
  const seen = new Set<string>()
  const parsed: ParsedListQuery = {
    limit: DEFAULT_LIMIT,
    offset: 0,
    sort: parseSort(resource, resource.defaultSort) ?? { field: 'id', descending: false },
    fields: null,
    eq: new Map(),
    gte: new Map(),
    lt: new Map(),
    q: null,
    startingAfter: null,
  }
  for (const [key, raw] of params) {
    if (seen.has(key)) {
      fail(key, 'must not be repeated')
      continue
    }
    seen.add(key)
    if (key === 'limit') {
      const n = parseNonNegativeInt(raw, 1, MAX_LIMIT)
      if (n === null) fail(key, `must be an integer from 1 to ${MAX_LIMIT}`)
      else parsed.limit = n
    } else if (key === 'offset') {
      const n = parseNonNegativeInt(raw, 0, MAX_OFFSET)
      if (n === null) fail(key, `must be an integer from 0 to ${MAX_OFFSET}`)
      else parsed.offset = n
    } else if (key === 'sort') {
      const sort = parseSort(resource, raw)
      if (!sort) {
        fail(
          key,
          `must be one of ${Object.keys(resource.sortable).join(', ')}, optionally prefixed with -`,
        )
      } else parsed.sort = sort
    } else if (key === 'fields') {
      const known = listFields(resource)
      const names = raw.split(',').map((f) => f.trim())
      const unknown = names.filter((f) => !known.includes(f))
      if (names.length === 0 || unknown.length > 0) {
        fail(key, `has unknown field(s): ${unknown.map((f) => f || '(empty)').join(', ')}`)
      } else parsed.fields = [...new Set(names)]
    } else if (key === 'q') {
      if (!resource.q) fail(key, 'is not supported on this list')
      else if (raw.length > MAX_VALUE_LENGTH)
        fail(key, `must be at most ${MAX_VALUE_LENGTH} characters`)
      else parsed.q = raw.trim() || null
    } else if (key === 'startingAfter') {
      if (raw.length === 0 || raw.length > MAX_VALUE_LENGTH)
        fail(key, `must be an id of 1 to ${MAX_VALUE_LENGTH} characters`)
      else parsed.startingAfter = raw
    } else {
      parseFilter(resource, key, raw, parsed, fail)
    }
  }
  if (parsed.startingAfter !== null) {
    if (parsed.offset > 0) fail('startingAfter', 'cannot be combined with offset')
    if (!keysetColumns(resource, parsed.sort.field)) {
      fail('startingAfter', `cannot be used with sort ${parsed.sort.field}, which may be empty`)
    }
  }
  if (errors.length > 0) throw invalidQuery(errors)
  return parsed
}

function parseNonNegativeInt(raw: string, min: number, max: number): number | null {
  if (!/^\d{1,9}$/.test(raw)) return null
  const n = Number(raw)
  return n >= min && n <= max ? n : null
}

function parseSort<Row extends Record<string, unknown>>(
  resource: ListResource<Row>,
  raw: string,
): ParsedListQuery['sort'] | null {
  const descending = raw.startsWith('-')
  const field = descending ? raw.slice(1) : raw
  return Object.hasOwn(resource.sortable, field) ? { field, descending } : null
}

// Splits 'capturedAt[$gte]' into ('capturedAt', '$gte'); a declared alias key wins over parsing.
function splitKey(key: string, filters: Record<string, FilterSpec>): [string, string | null] {
  if (filterSpec(filters, key)) return [key, null]
  const match = /^(.+)\[([^[\]]*)\]$/.exec(key)
  if (match && match[1] !== undefined && match[2] !== undefined) return [match[1], match[2]]
  return [key, null]
}

function parseFilter<Row extends Record<string, unknown>>(
  resource: ListResource<Row>,
  key: string,
  raw: string,
  parsed: ParsedListQuery,
  fail: (field: string, message: string) => void,
) {
  const [name, operator] = splitKey(key, resource.filters)
  const spec = RESERVED.has(name) ? undefined : filterSpec(resource.filters, name)
  if (!spec) {
    fail(key, 'is not a known query parameter')
    return
  }
  if (operator !== null && !OPERATORS.has(operator)) {
    fail(key, `uses an unknown operator; use ${name}[$gte] or ${name}[$lt]`)
    return
  }
  if (operator === null && spec.eq === false) {
    fail(key, `cannot be filtered by equality; use ${name}[$gte] or ${name}[$lt]`)
    return
  }
  if (operator !== null && !spec.range) {
    fail(key, 'does not support range operators')
    return
  }
  const value = parseValue(spec, raw)
  if (Array.isArray(value)) {
    fail(key, value[0] ?? 'is invalid')
    return
  }
  const target = operator === '$gte' ? parsed.gte : operator === '$lt' ? parsed.lt : parsed.eq
  target.set(name, value)
}

// One filter value by its declared type, or the reason it is refused.
function parseValue(spec: FilterSpec, raw: string): FilterValue | string[] {
  if (raw.length === 0) return ['must not be empty']
  if (raw.length > MAX_VALUE_LENGTH) return [`must be at most ${MAX_VALUE_LENGTH} characters`]
  switch (spec.type) {
    case 'string':
      return raw
    case 'enum':
      return spec.values?.includes(raw) ? raw : [`must be one of ${(spec.values ?? []).join(', ')}`]
    case 'int': {
      // Written plainly: no sign on zero, no leading zeros, no exponent.
      if (!/^(0|-?[1-9]\d{0,9})$/.test(raw)) return ['must be an integer']
      const n = Number(raw)
      return Math.abs(n) <= 2_147_483_647 ? n : ['is out of range']
    }
    case 'bool':
      return raw === 'true' ? true : raw === 'false' ? false : ['must be true or false']
    case 'timestamp': {
      const at = ISO_DATE.test(raw) ? new Date(raw) : null
      if (!at || Number.isNaN(at.getTime())) return ['must be an ISO 8601 date or date-time']
      const year = at.getUTCFullYear()
      return year >= 1970 && year <= 9999 ? at : ['is out of range']
    }
  }
}
