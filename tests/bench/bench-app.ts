// The sandbox app as the benches run it: the real routes on a seeded database, plain-http loopback.
import type { Hono } from 'hono'
import { createApp } from '../../server/app'
import { createClock } from '../../server/clock'
import type { ServerConfig } from '../../server/config'
import type { AppEnv } from '../../server/context'
import type { Database } from '../../server/db/client'
import type { Client } from '../api/auth-harness'

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

/**
 * Each of the list requests in turn, `rounds` times after one warm-up round (caches and the
 * planner): the timings in ms by kind, each request read to its end and required to be a 200.
 */
export async function timeListRequests(
  client: Client,
  path: string,
  perspective: string,
  queries: readonly (readonly [kind: string, query: string])[],
  rounds: number,
): Promise<Map<string, number[]>> {
  const byKind = new Map<string, number[]>()
  for (let round = -1; round < rounds; round++) {
    for (const [kind, query] of queries) {
      const started = performance.now()
      const res = await client.request('GET', `${path}?${query}`, { perspective })
      await res.json()
      const elapsed = performance.now() - started
      if (res.status !== 200) throw new Error(`bench request failed: ${kind} ${res.status}`)
      if (round >= 0) byKind.set(kind, [...(byKind.get(kind) ?? []), elapsed])
    }
  }
  return byKind
}
