// The sandbox app as the benches run it: the real routes on a seeded database, plain-http loopback.
import type { Hono } from 'hono'
import { createApp } from '../../server/app'
import { createClock } from '../../server/clock'
import type { ServerConfig } from '../../server/config'
import type { AppEnv } from '../../server/context'
import type { Database } from '../../server/db/client'

export function createBenchApp(
  database: Database,
  distDir: string,
  overrides: Partial<ServerConfig> = {},
): Hono<AppEnv> {
  return createApp({
    db: database,
    clock: createClock(),
    config: {
      mode: 'test',
      sandboxControls: false,
      corsOrigins: [],
      distDir,
      insecureCookies: true,
      ...overrides,
    },
  })
}
