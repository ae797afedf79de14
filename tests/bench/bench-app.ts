// The sandbox app as the benches run it: the real routes on a seeded database, plain-http loopback.
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import type { Hono } from 'hono'
import { createApp } from '../../server/app'
import { createClock } from '../../server/clock'
import type { ServerConfig } from '../../server/config'
import type { AppEnv } from '../../server/context'
import { migrate, openDatabase, type Database } from '../../server/db/client'
import { DEMO_PASSWORD } from '../../server/seed/fixtures'
import { SEED_SUBMERCHANTS } from '../../server/seed/ids'
import { seed } from '../../server/seed/index'
import { Client, makeDistDir } from '../api/auth-harness'

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

export interface SignedInBench {
  database: Database
  client: Client
  // City Cabs, the account the latency benches read, as the owner's perspective.
  sub: string
  // The seed's "now", which the benches' date ranges count back from.
  now: Date
}

/**
 * A latency bench's set-up: the seed bench's database when given (kept afterwards), or a fresh
 * seed of `sales` in a temp folder (removed afterwards); migrated, with City Cabs' owner signed in
 * to the real app. `work` gets the rest.
 */
export async function withSignedInBench<T>(
  opts: { sales: number; dataDir?: string },
  prefix: string,
  work: (bench: SignedInBench) => Promise<T>,
): Promise<T> {
  const dir = opts.dataDir ?? mkdtempSync(path.join(tmpdir(), prefix))
  const database = await openDatabase({ dataDir: dir })
  try {
    await migrate(database)
    const now = new Date()
    if (!opts.dataDir) await seed(database, { sales: opts.sales, seed: 1, now })
    const { client, sub } = await signInOwner(database)
    return await work({ database, client, sub, now })
  } finally {
    await database.close()
    if (!opts.dataDir) rmSync(dir, { recursive: true, force: true })
  }
}

// The real app on `database`, with City Cabs' owner signed in (the account the benches read).
export async function signInOwner(database: Database): Promise<{ client: Client; sub: string }> {
  const sub = SEED_SUBMERCHANTS.cityCabs
  const client = new Client(createBenchApp(database, makeDistDir()))
  await client.login('owner@example.com', { password: DEMO_PASSWORD })
  await client.refresh({ attachments: [sub] })
  return { client, sub }
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
