import { timingSafeEqual } from 'node:crypto'
import type { MiddlewareHandler } from 'hono'
import { sha256 } from '../auth/random'
import type { AppEnv } from '../context'
import { HttpError } from '../errors'

// Reachable without the token: the status JSON the portal polls and the Sentry tunnel it posts
// to (a browser cannot add the secret). Both hold nothing secret; reading the errors needs it.
const OPEN: { methods: string[]; pattern: RegExp }[] = [
  { methods: ['GET', 'HEAD', 'OPTIONS'], pattern: /^\/sandbox\/status\/api\// },
  { methods: ['POST'], pattern: /^\/sandbox\/errors(?:\/api\/[^/]+\/envelope)?\/?$/ },
]

function bearer(header: string | undefined): string {
  return /^Bearer\s+(\S+)\s*$/i.exec(header ?? '')?.[1] ?? ''
}

/**
 * With SANDBOX_TOKEN set (required beyond loopback), the /sandbox controls — clock, outbox with
 * live reset links, status changes, received errors — need Authorization: Bearer <token>.
 */
export function requireSandboxToken(token: string): MiddlewareHandler<AppEnv> {
  const expected = Buffer.from(sha256(token), 'hex')
  return async (c, next) => {
    const open = OPEN.some((r) => r.methods.includes(c.req.method) && r.pattern.test(c.req.path))
    const given = Buffer.from(sha256(bearer(c.req.header('authorization'))), 'hex')
    if (!open && !timingSafeEqual(given, expected)) {
      c.header('WWW-Authenticate', 'Bearer realm="sandbox"')
      throw new HttpError(
        401,
        'Sandbox controls need the SANDBOX_TOKEN bearer token',
        'sandbox_token_required',
      )
    }
    await next()
  }
}
