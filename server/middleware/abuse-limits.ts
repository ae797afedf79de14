import { sql } from 'drizzle-orm'
import type { Context, MiddlewareHandler } from 'hono'
import { EMAIL_MAX_LENGTH } from '@/api/schema/common'
import type { AppEnv } from '../context'
import { DEFAULT_ABUSE_LIMITS, type AbuseLimits } from '../config'
import type { Db } from '../db/client'
import { rateLimitWindows } from '../db/schema/auth'
import { HttpError } from '../errors'
import { clientIp } from '../lib/client-ip'

export const TOO_MANY_REQUESTS = 'Too many requests. Try again later.'

type Action = 'login' | 'registration' | 'password_reset'

// The email of the attempt, if the body is a JSON object naming one; the route validates the rest.
async function emailOf(c: Context<AppEnv>, action: Action): Promise<string | null | undefined> {
  let body: unknown
  try {
    body = JSON.parse(await c.req.text())
  } catch {
    return null
  }
  if (typeof body !== 'object' || body === null) return null
  const record = body as Record<string, unknown>
  // Only the password grant is an attempt; refreshes are not limited here.
  if (action === 'login' && !(record.type === 'refresh' && record.grantType === 'password')) {
    return undefined
  }
  const email = record.emailAddress
  if (typeof email !== 'string') return null
  // Longer than any address: the route refuses it (400) before any work, so there is nothing to
  // count, and no key longer than the table's index can hold (issue 49).
  if (email.length > EMAIL_MAX_LENGTH) return undefined
  return email.trim().toLowerCase()
}

/**
 * Per-IP and per-email limits on login (password grant), registration and forgot-password
 * (docs/sandbox-decisions.md#account-abuse): a fixed window on the sandbox clock. The windows are
 * rows in the database (rate_limit_windows), counted by one atomic upsert, so every server on one
 * PostgreSQL shares them and N servers allow what one would. Every attempt counts, successful or
 * not; the lockout (auth/rate-limit.ts) is the separate, stored count of failures.
 */
export function abuseLimits(limits: AbuseLimits = DEFAULT_ABUSE_LIMITS) {
  const windowMs = limits.windowSeconds * 1000

  // Counts one attempt; the seconds until the window ends when it is over the limit. One statement
  // also drops ended windows, so every attempt sends the database the same work (a known and an
  // unknown email cannot be told apart by it).
  async function take(db: Db, key: string, limit: number, now: Date): Promise<number | null> {
    const ended = new Date(now.getTime() - windowMs)
    const table = rateLimitWindows
    const restart = sql`(${table.startedAt} <= ${ended} or ${table.startedAt} > ${now})`
    const result = await db.execute<{ started_at: Date | string; count: number }>(sql`
      with swept as (
        delete from ${table} where ${table.startedAt} <= ${ended} and ${table.key} <> ${key}
      )
      insert into ${table} (key, started_at, count) values (${key}, ${now}, 1)
      on conflict (key) do update set
        started_at = case when ${restart} then excluded.started_at else ${table.startedAt} end,
        count = case when ${restart} then 1 else ${table.count} + 1 end
      returning started_at, count`)
    const row = result.rows[0]
    if (!row || Number(row.count) <= limit) return null
    const startedAt = new Date(row.started_at).getTime()
    return Math.max(1, Math.ceil((startedAt + windowMs - now.getTime()) / 1000))
  }

  return (action: Action): MiddlewareHandler<AppEnv> =>
    async (c, next) => {
      if (c.req.method !== 'POST') return next()
      const email = await emailOf(c, action)
      if (email === undefined) return next()
      const { db, clock } = c.get('deps')
      const now = clock.now()
      const waits = [await take(db.db, `${action}|ip|${clientIp(c)}`, limits.perIp, now)]
      if (email) waits.push(await take(db.db, `${action}|email|${email}`, limits.perEmail, now))
      const wait = Math.max(...waits.map((w) => w ?? 0))
      if (wait > 0)
        throw new HttpError(429, TOO_MANY_REQUESTS, 'too_many_requests', undefined, wait)
      return next()
    }
}
