// npm run seed -- [--reset] [--sales N] [--seed S] [--data-dir D] [--verbose]; DATABASE_URL selects PostgreSQL.
import { parseArgs } from 'node:util'
import { DEFAULT_DATA_DIR, migrate, openDatabase } from '../db/client'
import { DEFAULT_SEED_OPTIONS, seed } from './index'

function integerOption(raw: string | undefined, name: string, fallback: number): number {
  if (raw === undefined) return fallback
  if (!/^\d+$/.test(raw) || !Number.isSafeInteger(Number(raw))) {
    throw new Error(`--${name} must be a non-negative integer (got "${raw}")`)
  }
  return Number(raw)
}

async function main(): Promise<void> {
  const { values } = parseArgs({
    options: {
      reset: { type: 'boolean', default: false },
      sales: { type: 'string' },
      seed: { type: 'string' },
      'data-dir': { type: 'string' },
      verbose: { type: 'boolean', default: false },
    },
  })
  const sales = integerOption(values.sales, 'sales', DEFAULT_SEED_OPTIONS.sales)
  const seedNumber = integerOption(values.seed, 'seed', DEFAULT_SEED_OPTIONS.seed)
  const url = process.env.DATABASE_URL || undefined
  const database = await openDatabase(
    url ? { url } : { dataDir: values['data-dir'] ?? DEFAULT_DATA_DIR },
  )
  try {
    await migrate(database)
    const started = Date.now()
    await seed(database, {
      sales,
      seed: seedNumber,
      now: new Date(),
      reset: values.reset,
      log: values.verbose ? (line) => console.log(line) : undefined,
    })
    const seconds = ((Date.now() - started) / 1000).toFixed(1)
    console.log(
      `Seeded ${sales.toLocaleString('en-GB')} sales (seed ${seedNumber}) in ${seconds} s.`,
    )
  } finally {
    await database.close()
  }
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : error)
  process.exitCode = 1
})
