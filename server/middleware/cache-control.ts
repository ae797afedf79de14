import type { MiddlewareHandler } from 'hono'
import type { AppEnv } from '../context'

// /v1 answers hold private data behind cookies: never stored by a browser or a shared cache
// (errors included); a response with a validator may be kept privately but is revalidated first.
export function privateNoStore(): MiddlewareHandler<AppEnv> {
  return async (c, next) => {
    await next()
    const headers = c.res.headers
    headers.set('Cache-Control', headers.has('ETag') ? 'private, no-cache' : 'no-store')
  }
}
