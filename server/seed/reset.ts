import { count } from 'drizzle-orm'
import { execRaw, queryRows, type Database } from '../db/client'
import { users } from '../db/schema/core'

// Whether the database holds no users yet (seeding refuses, or skips, a database that does).
export async function isUnseeded(database: Database): Promise<boolean> {
  const [row] = await database.db.select({ n: count() }).from(users)
  return (row?.n ?? 0) === 0
}

// Empties every table (seed --reset).
export async function truncateAll(database: Database): Promise<void> {
  const tables = await queryRows<{ tablename: string }>(
    database,
    "select tablename from pg_tables where schemaname = 'public'",
  )
  if (tables.length === 0) return
  const list = tables.map((t) => `"${t.tablename}"`).join(', ')
  await execRaw(database, `truncate table ${list} restart identity cascade`)
}
