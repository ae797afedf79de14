// The list engine: the one implementation of the list grammar of docs/api.md#lists. A list
// endpoint declares a ListResource (resource.ts) in server/domain/ and answers with runList, or
// runAccountList (server/lib/account-scope.ts) for one account's rows. The jobs, one module each:
// parse.ts (query string → ParsedListQuery, 400s), order.ts (the order columns), plan.ts (the
// WHERE), count.ts and explain.ts (the total), run.ts (the page), send.ts (the wire shape).
import type { SQL } from 'drizzle-orm'
import type { Context } from 'hono'
import type { Db } from '../../db/client'
import { parseListQuery } from './parse'
import type { ListResource } from './resource'
import { executeList } from './run'
import { sendList } from './send'

export { COUNT_COST_LIMIT, EXACT_COUNT_LIMIT, countRows, type ListTotal } from './count'
export {
  DEFAULT_LIMIT,
  MAX_LIMIT,
  invalidQuery,
  parseListQuery,
  type FilterValue,
  type ParsedListQuery,
} from './parse'
export { whereClause } from './plan'
export {
  boolFilter,
  enumFilter,
  intFilter,
  listFields,
  stringFilter,
  timeRangeFilter,
  type FilterSpec,
  type FilterType,
  type ListResource,
} from './resource'
export { executeList } from './run'
export { sendList, type ListResult } from './send'

// Parse, run and answer in one call, for lists whose scope does not depend on the query.
export async function runList<Row extends Record<string, unknown>>(
  c: Context,
  db: Db,
  resource: ListResource<Row>,
  scope: SQL,
): Promise<Response> {
  const parsed = parseListQuery(resource, new URL(c.req.url).searchParams)
  return sendList(c, await executeList(db, resource, parsed, scope))
}
