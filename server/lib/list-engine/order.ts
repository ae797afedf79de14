// A list's order: the columns a page is sorted by (sort column, tie order, tie-breaker) and
// whether keyset paging (startingAfter) can follow them. Pure: no database, no query string.
import type { AnyPgColumn } from 'drizzle-orm/pg-core'
import type { ListResource } from './resource'

// The sort column, then the tie order, then the tie-breaker, each once (a sort by the tie order or
// by the tie-breaker itself needs fewer).
export function orderColumns<Row extends Record<string, unknown>>(
  resource: ListResource<Row>,
  field: string,
): AnyPgColumn[] {
  const sorted = Object.hasOwn(resource.sortable, field) ? resource.sortable[field] : undefined
  const columns = [sorted ?? resource.tieBreaker]
  if (resource.tieOrder && !columns.includes(resource.tieOrder)) columns.push(resource.tieOrder)
  if (!columns.includes(resource.tieBreaker)) columns.push(resource.tieBreaker)
  return columns
}

// The order columns, when keyset paging can follow them: none may be empty (a row comparison with
// NULL is unknown, so the rows after a NULL would be lost).
export function keysetColumns<Row extends Record<string, unknown>>(
  resource: ListResource<Row>,
  field: string,
): AnyPgColumn[] | null {
  if (!Object.hasOwn(resource.sortable, field)) return null
  const columns = orderColumns(resource, field)
  return columns.every((column) => column.notNull) ? columns : null
}
