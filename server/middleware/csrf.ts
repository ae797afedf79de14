import type { MiddlewareHandler } from 'hono'
import type { AppEnv } from '../context'
import { forbidden } from '../errors'

const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS'])

export function hasBearerAuthorization(header: string | undefined): boolean {
  return /^Bearer\s+\S+/i.test(header ?? '')
}

// A custom header cannot be sent cross-site without a CORS preflight, so its presence proves same-origin intent.
export function csrfGuard(): MiddlewareHandler<AppEnv> {
  return async (c, next) => {
    if (!SAFE_METHODS.has(c.req.method)) {
      const portal = c.req.header('x-requested-with') === 'portal'
      if (!portal && !hasBearerAuthorization(c.req.header('authorization'))) {
        throw forbidden('Missing X-Requested-With header', 'csrf_check_failed')
      }
    }
    await next()
  }
}
