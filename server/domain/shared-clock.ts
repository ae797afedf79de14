// The sandbox clock of several servers on one PostgreSQL: its offset from real time is a row of
// sandbox_settings, so a move made through one server (POST /sandbox/clock) holds on all of them.
// Each request reads the offset first (one primary-key lookup); a move adds to it atomically.
import { eq, sql } from 'drizzle-orm'
import type { Clock } from '../clock'
import type { Db } from '../db/client'
import { sandboxSettings } from '../db/schema/platform'

const CLOCK_KEY = 'clock_offset_ms'

export async function createSharedClock(db: Db): Promise<Clock> {
  let offsetMs = 0
  const read = async () => {
    const [row] = await db
      .select({ value: sandboxSettings.value })
      .from(sandboxSettings)
      .where(eq(sandboxSettings.key, CLOCK_KEY))
    offsetMs = typeof row?.value === 'number' ? row.value : 0
  }
  await read()
  return {
    now: () => new Date(Date.now() + offsetMs),
    wallNow: () => new Date(),
    advance: (seconds) => {
      offsetMs += seconds * 1000
    },
    sync: read,
    async advanceShared(seconds) {
      const step = Math.round(seconds * 1000)
      const [row] = await db
        .insert(sandboxSettings)
        .values({ key: CLOCK_KEY, value: step, updatedAt: new Date() })
        .onConflictDoUpdate({
          target: sandboxSettings.key,
          set: {
            value: sql`to_jsonb((${sandboxSettings.value})::bigint + ${step})`,
            updatedAt: new Date(),
          },
        })
        .returning({ value: sandboxSettings.value })
      offsetMs = Number(row?.value ?? offsetMs + step)
    },
  }
}
