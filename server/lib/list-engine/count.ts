// The total of a list page that does not end the list (docs/api.md#lists): exact up to
// EXACT_COUNT_LIMIT rows when counting is cheap, else the planner's estimate, marked approximate;
// and the estimate alone for a continuation page. Reads the plan (explain.ts), then counts or not.
import { count, sql, type SQL } from 'drizzle-orm'
import type { PgTable } from 'drizzle-orm/pg-core'
import pg from 'pg'
import type { Db } from '../../db/client'
import { explain, planRows, type Plan } from './explain'

// Above this many matching rows the total is an estimate (docs/api.md#lists).
export const EXACT_COUNT_LIMIT = 10_000
// Planner estimates this far above the limit are trusted without counting (they are rarely off 3×).
const ESTIMATE_TRUST_FACTOR = 3

/**
 * The most a count may cost, in the planner's units, before it is estimated instead: about 20 ms
 * of counting on a 2-core machine (measured for each kind of database: PGlite runs the same plan
 * several times slower than PostgreSQL). Past it the rows are scattered where no index reaches
 * them together, and a list would wait for its count longer than for its page.
 */
export const COUNT_COST_LIMIT = { pglite: 500, postgres: 8_000 } as const

export interface ListTotal {
  totalCount: number
  isApproximate: boolean
}

function countCostLimit(db: Db): number {
  return (db as { $client?: unknown }).$client instanceof pg.Pool
    ? COUNT_COST_LIMIT.postgres
    : COUNT_COST_LIMIT.pglite
}

/**
 * One plan of the capped count gives both the estimate (the rows under its limit) and the cost of
 * counting. `atLeast` rows are known to exist (the page and the rows it skipped), so an estimate
 * never says fewer.
 */
export async function countRows(
  db: Db,
  table: PgTable,
  where: SQL,
  atLeast: number,
): Promise<ListTotal> {
  const capped = cappedCount(db, table, where)
  const plan = await explain(db, capped)
  const estimate = Math.max(unlimitedRows(plan), atLeast + 1)
  if (estimate > EXACT_COUNT_LIMIT * ESTIMATE_TRUST_FACTOR || plan.cost > countCostLimit(db)) {
    return { totalCount: estimate, isApproximate: true }
  }
  const [row] = await capped
  const exact = Number(row?.n ?? 0)
  if (exact <= EXACT_COUNT_LIMIT) return { totalCount: exact, isApproximate: false }
  return { totalCount: Math.max(estimate, EXACT_COUNT_LIMIT + 1), isApproximate: true }
}

// The planner's estimate of the matching rows: a plan, no scan.
export async function estimateRows(db: Db, table: PgTable, where: SQL): Promise<number> {
  const { root } = await explain(
    db,
    db
      .select({ one: sql`1` })
      .from(table)
      .where(where),
  )
  return planRows(root)
}

// select count(*) from (select 1 … limit EXACT_COUNT_LIMIT + 1): stops one row past the limit.
function cappedCount(db: Db, table: PgTable, where: SQL) {
  const rows = db
    .select({ one: sql`1` })
    .from(table)
    .where(where)
    .limit(EXACT_COUNT_LIMIT + 1)
    .as('capped')
  return db.select({ n: count() }).from(rows)
}

// The rows the plan expects before its limit: the estimate of all matching rows.
function unlimitedRows(plan: Plan): number {
  let node: Plan['root'] | undefined = plan.root
  while (node && node['Node Type'] !== 'Limit') node = node.Plans?.[0]
  return planRows(node?.Plans?.[0])
}
