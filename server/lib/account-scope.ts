// Reads of one account's resources (the Token-Perspective account): the list and the single row.
import { and, eq, type SQL } from 'drizzle-orm'
import type { AnyPgColumn, PgTable } from 'drizzle-orm/pg-core'
import type { Context } from 'hono'
import type { AccessRule } from '@/policy/access'
import { requireAccess } from '../auth/access'
import type { AppEnv } from '../context'
import type { Db } from '../db/client'
import { forbidden } from '../errors'
import { requirePerspective } from '../middleware/perspective'
import {
  executeList,
  parseListQuery,
  sendList,
  type ListResource,
  type ParsedListQuery,
} from './list-engine'

// A list of one account's rows: `account` is the owning column, `noun` names the rows in errors.
export interface AccountListResource<
  Row extends Record<string, unknown>,
> extends ListResource<Row> {
  account: AnyPgColumn
  noun: string
  // The query key that names the account, when it is not `submerchantId`.
  accountFilter?: string
}

/**
 * A list of the perspective account (docs/api.md#lists): always scoped to it, an account filter naming another
 * account is 403, and the role rule (docs/roles.md, if any) is checked once the query itself is valid.
 */
export async function runAccountList<Row extends Record<string, unknown>>(
  c: Context<AppEnv>,
  resource: AccountListResource<Row>,
  // `where` narrows the account's rows further (e.g. not deleted); `exactTotal` gives the list's
  // exact total when it is cheap to know (a far page then reads from the nearer end).
  opts: {
    rule?: AccessRule
    where?: SQL
    exactTotal?: (parsed: ParsedListQuery, submerchantId: string) => Promise<number | null>
  } = {},
): Promise<Response> {
  const submerchantId = requirePerspective(c)
  const parsed = parseListQuery(resource, new URL(c.req.url).searchParams)
  const asked = parsed.eq.get(resource.accountFilter ?? 'submerchantId')
  if (asked !== undefined && asked !== submerchantId) {
    throw forbidden(`You can only list ${resource.noun} of the account in Token-Perspective`)
  }
  if (opts.rule) await requireAccess(c, opts.rule)
  const scope = opts.where
    ? (and(eq(resource.account, submerchantId), opts.where) as SQL)
    : eq(resource.account, submerchantId)
  const { exactTotal } = opts
  return sendList(
    c,
    await executeList(
      c.get('deps').db.db,
      resource,
      parsed,
      scope,
      exactTotal && (() => exactTotal(parsed, submerchantId)),
    ),
  )
}

type AccountTable = PgTable & { id: AnyPgColumn; submerchantId: AnyPgColumn }

// One row of the account by id; another account's row is null like a missing one (ids cannot be probed).
export async function findInAccount<T extends AccountTable>(
  db: Db,
  table: T,
  id: string,
  submerchantId: string,
): Promise<T['$inferSelect'] | null> {
  const [row] = await db
    .select()
    .from(table as PgTable)
    .where(and(eq(table.id, id), eq(table.submerchantId, submerchantId)))
  return (row as T['$inferSelect'] | undefined) ?? null
}
