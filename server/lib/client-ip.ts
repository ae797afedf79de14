import type { Context } from 'hono'
import type { AppEnv } from '../context'

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
