import type { Context, MiddlewareHandler } from 'hono'
import type { AppEnv } from '../context'
import { HttpError } from '../errors'

/**
 * Per-IP and per-email limits on login (password grant), registration and forgot-password
 * (issue 12 §5, SANDBOX.md "Abuse"): a fixed window on the sandbox clock, counted in memory per
 * server process. Every attempt counts, successful or not; the lockout (auth/rate-limit.ts) is
 * the separate, stored count of failures.
 */
export interface AbuseLimits {
  windowSeconds: number
  perIp: number
  perEmail: number
}

// Roomy enough for the test suites, which sign in many times from 127.0.0.1.
export const DEFAULT_ABUSE_LIMITS: AbuseLimits = { windowSeconds: 60, perIp: 300, perEmail: 60 }

export const TOO_MANY_REQUESTS = 'Too many requests. Try again later.'

type Action = 'login' | 'registration' | 'password_reset'

interface Window {
  startedAt: number
  count: number
}

interface NodeBindings {
  incoming?: { socket?: { remoteAddress?: string } }
}

// The TCP peer (or, behind a trusted proxy, the first X-Forwarded-For hop); in-process requests
// (tests, benches) have none and share one bucket.
export function clientIp(c: Context<AppEnv>): string {
  if (c.get('deps').config.trustProxy) {
    const forwarded = c.req.header('x-forwarded-for')?.split(',')[0]?.trim()
    if (forwarded) return forwarded
  }
  const bindings = c.env as NodeBindings | undefined
  return bindings?.incoming?.socket?.remoteAddress ?? 'local'
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
