// The SQL of a list query: the WHERE of the scope and the parsed filters and q (whereClause, which
// the sales totals reuse), and the keyset condition of a continuation page. Builds SQL, runs none.
import { and, eq, gte, ilike, lt, or, sql, type SQL } from 'drizzle-orm'
import { keysetColumns } from './order'
import type { ParsedListQuery } from './parse'
import { filterSpec, type ListResource } from './resource'

// The WHERE clause: mandatory scope plus every parsed filter.
export function whereClause<Row extends Record<string, unknown>>(
  resource: ListResource<Row>,
  parsed: ParsedListQuery,
  scope: SQL,
): SQL {
  const conditions: SQL[] = [scope]
  const column = (name: string) => {
    const spec = filterSpec(resource.filters, name)
    if (!spec) throw new Error(`list engine: filter ${name} was not declared`)
    return spec.column
  }
  for (const [name, value] of parsed.eq) conditions.push(eq(column(name), value))
  for (const [name, value] of parsed.gte) conditions.push(gte(column(name), value))
  for (const [name, value] of parsed.lt) conditions.push(lt(column(name), value))
  if (parsed.q && resource.q) {
    const pattern = `%${escapeLike(parsed.q)}%`
    const any = resource.qText
      ? ilike(resource.qText, pattern)
      : or(...resource.q.map((c) => ilike(c, pattern)))
    if (any) conditions.push(any)
  }
  return and(...conditions) ?? scope
}

// The rows of the page's range: the filtered rows, after the cursor item on a continuation page.
export function pageWhere<Row extends Record<string, unknown>>(
  resource: ListResource<Row>,
  parsed: ParsedListQuery,
  scope: SQL,
): SQL {
  const filtered = whereClause(resource, parsed, scope)
  const cursor = parsed.startingAfter
  return cursor
    ? (and(filtered, afterCursor(resource, parsed, scope, cursor)) ?? filtered)
    : filtered
}

// The rows after the cursor item in the list's order: (sort value, tie order, id) beyond the
// item's own values, read from the item within the scope, so an id of another account gives
// nothing away. One row comparison, which the (scope, sort, time, id) indexes answer as a range at
// any depth.
function afterCursor<Row extends Record<string, unknown>>(
  resource: ListResource<Row>,
  parsed: ParsedListQuery,
  scope: SQL,
  cursor: string,
): SQL {
  const columns = keysetColumns(resource, parsed.sort.field)
  if (!columns) throw new Error('list engine: startingAfter on a sort that cannot be keyed')
  const list = sql.join(columns, sql`, `)
  const beyond = parsed.sort.descending ? sql.raw('<') : sql.raw('>')
  const item = and(eq(resource.tieBreaker, cursor), scope)
  return sql`(${list}) ${beyond} (select ${list} from ${resource.table} where ${item})`
}

function escapeLike(text: string): string {
  return text.replace(/[\\%_]/g, (c) => `\\${c}`)
}
