// Budget (issue 34): 1,000,000 sales with everything that follows them seeded in ≤ 30 s on PGlite.
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { migrate, openDatabase } from '../../server/db/client'
import { seed } from '../../server/seed/index'

export interface SeedBenchResult {
  sales: number
  seconds: number
  salesPerSecond: number
}

export async function runSeedBench(opts: {
  sales: number
  seed?: number
  // Seed into this (kept) folder so a later bench can reuse the database.
  dataDir?: string
}): Promise<SeedBenchResult> {
  const dir = opts.dataDir ?? mkdtempSync(path.join(tmpdir(), 'seed-bench-'))
  const database = await openDatabase({ dataDir: dir })
  try {
    await migrate(database)
    const started = performance.now()
    await seed(database, { sales: opts.sales, seed: opts.seed ?? 1, now: new Date() })
    const seconds = (performance.now() - started) / 1000
    return { sales: opts.sales, seconds, salesPerSecond: opts.sales / seconds }
  } finally {
    await database.close()
    if (!opts.dataDir) rmSync(dir, { recursive: true, force: true })
  }
}
