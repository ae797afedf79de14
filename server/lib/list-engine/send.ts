// The wire shape of a list (docs/api.md#lists): which columns a page selects for its `fields`,
// each row as its JSON item, and the answer (the JSON array with Total-Count and
// Total-Count-Is-Approximate). No SQL is run here.
import type { AnyPgColumn } from 'drizzle-orm/pg-core'
import type { Context } from 'hono'
import type { ListTotal } from './count'
import type { ListResource } from './resource'

export interface ListResult extends ListTotal {
  items: Record<string, unknown>[]
}

// The columns a page selects: all of them, or only the asked fields' when they are columns.
export function selectedColumns<Row extends Record<string, unknown>>(
  resource: ListResource<Row>,
  fields: string[] | null,
): Record<string, AnyPgColumn> {
  const all = resource.columns as Record<string, AnyPgColumn>
  if (!fields || !resource.fieldsAreColumns) return all
  return Object.fromEntries(fields.map((field) => [field, all[field] as AnyPgColumn]))
}

// The page's rows as items: serialized and narrowed to `fields`, or, when only the fields'
// columns were selected, each value as the serializer would have written it.
export function wireItems<Row extends Record<string, unknown>>(
  resource: ListResource<Row>,
  fields: string[] | null,
  columns: Record<string, AnyPgColumn>,
  rows: Row[],
): Record<string, unknown>[] {
  return rows.map((row) =>
    columns === resource.columns ? narrow(resource.serialize(row), fields) : columnItem(row),
  )
}

// Sets the list headers (docs/api.md#lists) and answers with the JSON array.
export function sendList(c: Context, result: ListResult): Response {
  c.header('Total-Count', String(result.totalCount))
  c.header('Total-Count-Is-Approximate', String(result.isApproximate))
  return c.json(result.items)
}

function columnItem(row: Record<string, unknown>): Record<string, unknown> {
  return Object.fromEntries(
    Object.entries(row).map(([field, value]) => [
      field,
      value instanceof Date ? value.toISOString() : value,
    ]),
  )
}

function narrow(item: Record<string, unknown>, fields: string[] | null): Record<string, unknown> {
  if (!fields) return item
  return Object.fromEntries(fields.map((f) => [f, item[f]]))
}
