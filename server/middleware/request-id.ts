import { randomUUID } from 'node:crypto'
import type { MiddlewareHandler } from 'hono'
import type { AppEnv } from '../context'

// A random id per request, echoed as Request-Id and quoted in 500 bodies and logs.
export function requestId(): MiddlewareHandler<AppEnv> {
  return async (c, next) => {
    const id = `req_${randomUUID().replaceAll('-', '')}`
    c.set('requestId', id)
    c.set('auth', null)
    await next()
    c.res.headers.set('Request-Id', id)
  }
}
