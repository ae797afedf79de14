import type { MiddlewareHandler } from 'hono'
import type { AppEnv } from '../context'

// While the server shuts down, each response asks the client (or the balancer) to close its
// connection, so the next request opens one to a server that stays.
export function closeWhileDraining(): MiddlewareHandler<AppEnv> {
  return async (c, next) => {
    await next()
    if (c.get('deps').lifecycle?.draining) c.header('Connection', 'close')
  }
}
