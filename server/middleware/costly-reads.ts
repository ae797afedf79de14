import type { Context, MiddlewareHandler } from 'hono'
import type { AppEnv } from '../context'
import { HttpError } from '../errors'

// Summaries and searches cost the database far more than a page of a list: one person may have at
// most this many of them running at once on a server (docs/api.md#errors).
export const COSTLY_READS_PER_PERSON = 4
export const TOO_MANY_AT_ONCE = 'Too many summaries or searches at once. Try again in a moment.'

// The sales summary, and any list asked for with a text search (`q`).
export function isCostlyRead(c: Context<AppEnv>): boolean {
  if (c.req.method !== 'GET') return false
  if (c.req.path === '/v1/sales/summary') return true
  return Boolean(c.req.query('q'))
}

/**
 * A person's summary or search beyond the cap gets 429 with Retry-After before any database work;
 * the count is per person (an API key counts for its creator) and held in this server's memory.
 */
export function capCostlyReads(limit = COSTLY_READS_PER_PERSON): MiddlewareHandler<AppEnv> {
  const running = new Map<string, number>()
  return async (c, next) => {
    const userId = c.get('auth')?.userId
    if (!userId || !isCostlyRead(c)) return next()
    const count = running.get(userId) ?? 0
    if (count >= limit) {
      throw new HttpError(429, TOO_MANY_AT_ONCE, 'too_many_requests', undefined, 1)
    }
    running.set(userId, count + 1)
    try {
      await next()
    } finally {
      const left = (running.get(userId) ?? 1) - 1
      if (left > 0) running.set(userId, left)
      else running.delete(userId)
    }
  }
}
