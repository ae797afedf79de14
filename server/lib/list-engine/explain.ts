// The planner's reading of a query (EXPLAIN, format json): its root node and total cost, kept for
// a minute per database and query text with its values. The count reads estimates and costs from
// it; nothing here decides what a total is.
import { sql, type SQLWrapper } from 'drizzle-orm'
import { PgDialect } from 'drizzle-orm/pg-core'
import type { Db } from '../../db/client'

export interface PlanNode {
  'Node Type'?: string
  'Plan Rows'?: number
  'Total Cost'?: number
  Plans?: PlanNode[]
}

export interface Plan {
  root: PlanNode
  cost: number
}

/**
 * Planning a query of a table with many indexes costs more than running a short one (on PGlite,
 * about 0.9 ms to plan a sales page against 0.3 ms to run it), and a list asks the same count
 * again as it is paged, refetched or filtered back. The plan's estimate is itself only as fresh as
 * the table's statistics, and an exact count is still counted each time; so a kept plan changes at
 * most how long an approximate total lags behind.
 */
const PLAN_TTL_MS = 60_000
const PLAN_CACHE_SIZE = 500
const planCaches = new WeakMap<Db, Map<string, { until: number; plan: Plan }>>()
const dialect = new PgDialect()

export async function explain(db: Db, query: SQLWrapper): Promise<Plan> {
  const built = dialect.sqlToQuery(query.getSQL())
  const key = `${built.sql}\u0000${JSON.stringify(built.params)}`
  let cache = planCaches.get(db)
  if (!cache) {
    cache = new Map()
    planCaches.set(db, cache)
  }
  const now = performance.now()
  const kept = cache.get(key)
  if (kept && kept.until > now) return kept.plan
  const explained = await db.execute<{ 'QUERY PLAN': unknown }>(sql`explain (format json) ${query}`)
  const raw = explained.rows[0]?.['QUERY PLAN']
  const parsed: unknown = typeof raw === 'string' ? JSON.parse(raw) : raw
  const root = (Array.isArray(parsed) ? (parsed[0] as { Plan?: PlanNode }).Plan : undefined) ?? {}
  const cost = root['Total Cost']
  const plan = { root, cost: typeof cost === 'number' && Number.isFinite(cost) ? cost : 0 }
  // Oldest out first: a Map keeps its keys in insertion order.
  cache.delete(key)
  if (cache.size >= PLAN_CACHE_SIZE) cache.delete(cache.keys().next().value as string)
  cache.set(key, { until: now + PLAN_TTL_MS, plan })
  return plan
}

// The rows a plan node expects, as a whole number (0 when the plan does not say).
export function planRows(node: PlanNode | undefined): number {
  const rows = node?.['Plan Rows']
  return typeof rows === 'number' && Number.isFinite(rows) ? Math.round(rows) : 0
}
