import { readFileSync } from 'node:fs'
import path from 'node:path'
import { MIGRATIONS_FOLDER, queryRows, type Database } from '../db/client'

// How many migrations this build carries (drizzle-kit's journal).
const EXPECTED_MIGRATIONS = (
  JSON.parse(readFileSync(path.join(MIGRATIONS_FOLDER, 'meta', '_journal.json'), 'utf8')) as {
    entries: unknown[]
  }
).entries.length

// The database answers and holds every migration of this build (drizzle's own ledger).
export async function databaseReady(database: Database): Promise<boolean> {
  try {
    const [row] = await queryRows<{ applied: number }>(
      database,
      'select count(*)::int as applied from drizzle.__drizzle_migrations',
    )
    return (row?.applied ?? 0) >= EXPECTED_MIGRATIONS
  } catch {
    return false
  }
}
