import type { Context, MiddlewareHandler } from 'hono'
import type { AppEnv } from '../context'
import { DEFAULT_ABUSE_LIMITS, type AbuseLimits } from '../config'
import { HttpError } from '../errors'
import { clientIp } from '../lib/client-ip'

export const TOO_MANY_REQUESTS = 'Too many requests. Try again later.'

type Action = 'login' | 'registration' | 'password_reset'

interface Window {
  startedAt: number
  count: number
}

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
  return typeof email === 'string' ? email.trim().toLowerCase() : null
}

/**
 * Per-IP and per-email limits on login (password grant), registration and forgot-password
 * (docs/sandbox-decisions.md#account-abuse): a fixed window on the sandbox clock, counted in memory per
 * server process. Every attempt counts, successful or not; the lockout (auth/rate-limit.ts) is
 * the separate, stored count of failures.
 */
export function abuseLimits(limits: AbuseLimits = DEFAULT_ABUSE_LIMITS) {
  const windows = new Map<string, Window>()
  let lastSweep = 0
  const windowMs = limits.windowSeconds * 1000

  // Counts one attempt; the seconds until the window ends when it is over the limit.
  function take(key: string, limit: number, now: number): number | null {
    if (now - lastSweep > windowMs) {
      lastSweep = now
      for (const [k, w] of windows) if (now - w.startedAt >= windowMs) windows.delete(k)
    }
    let window = windows.get(key)
    if (!window || now - window.startedAt >= windowMs || now < window.startedAt) {
      window = { startedAt: now, count: 0 }
      windows.set(key, window)
    }
    window.count += 1
    if (window.count <= limit) return null
    return Math.max(1, Math.ceil((window.startedAt + windowMs - now) / 1000))
  }

  return (action: Action): MiddlewareHandler<AppEnv> =>
    async (c, next) => {
      if (c.req.method !== 'POST') return next()
      const email = await emailOf(c, action)
      if (email === undefined) return next()
      const now = c.get('deps').clock.now().getTime()
      const waits = [take(`${action}|ip|${clientIp(c)}`, limits.perIp, now)]
      if (email) waits.push(take(`${action}|email|${email}`, limits.perEmail, now))
      const wait = Math.max(...waits.map((w) => w ?? 0))
      if (wait > 0)
        throw new HttpError(429, TOO_MANY_REQUESTS, 'too_many_requests', undefined, wait)
      return next()
    }
}
