import { Hono } from 'hono'
import type { AppEnv } from '../context'

// This process's memory, after a full garbage collection when node runs with --expose-gc: what a
// leak check compares, since resident memory rises and falls with each collection.
export function memoryRoutes(): Hono<AppEnv> {
  const app = new Hono<AppEnv>()
  app.get('/', (c) => {
    const gc = (globalThis as { gc?: () => void }).gc
    gc?.()
    const { rss, heapUsed, heapTotal, external } = process.memoryUsage()
    return c.json({ collected: gc !== undefined, rss, heapUsed, heapTotal, external })
  })
  return app
}
