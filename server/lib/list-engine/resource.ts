// A list's declaration: what a list endpoint tells the engine about its table (the columns it
// reads, the serializer, the public fields, filters, sorts and search). Declarations live in
// server/domain/ as one object each; this module holds only their types and the filter helpers.
import type { SQL } from 'drizzle-orm'
import type { AnyPgColumn, PgTable } from 'drizzle-orm/pg-core'

export type FilterType = 'string' | 'enum' | 'int' | 'timestamp' | 'bool'

export interface FilterSpec {
  column: AnyPgColumn
  type: FilterType
  // Allowed values of an enum filter.
  values?: readonly string[]
  // Equality allowed (default true) and range operators $gte/$lt allowed (default false).
  eq?: boolean
  range?: boolean
}

export interface ListResource<Row extends Record<string, unknown>> {
  table: PgTable
  // Everything the serializer needs, selected for every page item.
  columns: { [K in keyof Row]: AnyPgColumn }
  serialize(row: Row): Record<string, unknown>
  // Public field names accepted by `fields` (top-level keys of the serialized item); absent =
  // the names of `columns`.
  fields?: readonly string[]
  // Each public field is the column of the same name, on the wire as it is (a time as its ISO
  // text): a `fields` list then selects only those columns. Reading a row costs per column (on
  // PGlite, 100 sales with all 28 columns take 7 ms to read, with the export's 15 about 4).
  fieldsAreColumns?: true
  // Query keys, e.g. 'capturedAt' or the alias 'currentAllocation[submerchantId]'.
  filters: Record<string, FilterSpec>
  // Public sort name → column.
  sortable: Record<string, AnyPgColumn>
  defaultSort: string
  // Unique column appended to every sort so offset pages are stable.
  tieBreaker: AnyPgColumn
  // Orders rows that share the sort value, before the tie-breaker: a sale list sorted by card
  // scheme shows each scheme's sales in capture-time order (not in random id order), and a
  // (scope, value, time, id) index gives that order as one range. Absent = the tie-breaker alone.
  tieOrder?: AnyPgColumn
  // Columns searched by the free-text `q` (case-insensitive substring); absent = no q.
  q?: AnyPgColumn[]
  // The q columns joined into one text that a trigram index covers: q is matched against it
  // (one indexed ILIKE) instead of against each column (an ILIKE per column, a scan).
  qText?: SQL
}

// The public field names of a list: declared, or else its columns' names.
export function listFields<Row extends Record<string, unknown>>(
  resource: ListResource<Row>,
): readonly string[] {
  return resource.fields ?? Object.keys(resource.columns)
}

// Own properties only: '?constructor=x' or '?toString=x' must not find Object.prototype members.
export function filterSpec(
  filters: Record<string, FilterSpec>,
  name: string,
): FilterSpec | undefined {
  return Object.hasOwn(filters, name) ? filters[name] : undefined
}

// The filter kinds, one call each: `status: enumFilter(t.status, STATUSES)`.
export const stringFilter = (column: AnyPgColumn): FilterSpec => ({ column, type: 'string' })
export const intFilter = (column: AnyPgColumn, opts: { range?: boolean } = {}): FilterSpec => ({
  column,
  type: 'int',
  range: opts.range ?? false,
})
export const enumFilter = (column: AnyPgColumn, values: readonly string[]): FilterSpec => ({
  column,
  type: 'enum',
  values,
})
export const boolFilter = (column: AnyPgColumn): FilterSpec => ({ column, type: 'bool' })
// A time is filtered by range only ($gte inclusive, $lt exclusive): equality to the microsecond
// is never what a caller means.
export const timeRangeFilter = (column: AnyPgColumn): FilterSpec => ({
  column,
  type: 'timestamp',
  eq: false,
  range: true,
})
