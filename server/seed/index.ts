// The demo data, one seeder per module, in order: accounts, people, payout destinations,
// terminals, the bulk-generated sales, payment links, API keys, webhook history and the activity
// log all that implies. Each seeder
// draws from its own labelled stream of the seed, so the same seed gives the same data.
import { withSession, type Database } from '../db/client'
import { seedAccounts } from './accounts'
import { seedActivity } from './activity'
import { seedApiKeys } from './api-keys'
import { intentVolumeStatement, seedIntentsInEveryStatus } from './intents'
import { seedPayoutDestinations } from './payout-destinations'
import { createPrng } from './prng'
import { isUnseeded, truncateAll } from './reset'
import { seedSales } from './sales'
import { seedTerminals } from './terminals'
import { seedUsers } from './users'
import { seedWebhookHistory } from './webhooks'

export { DEMO_MFA_SECRET } from './fixtures'
export { DEMO_USERS, type DemoUser } from './users'

export interface SeedOptions {
  sales: number
  seed: number
  // Fixed base time: the sales span the 13 months before it.
  now: Date
  // Empty every table first; otherwise seeding a non-empty database is refused.
  reset?: boolean
  // Progress lines (step and milliseconds), e.g. console.log from the CLI.
  log?: (line: string) => void
}

export const DEFAULT_SEED_OPTIONS = { sales: 20_000, seed: 1 } as const

export async function seedIfEmpty(
  database: Database,
  opts: Partial<SeedOptions> = {},
): Promise<boolean> {
  if (!(await isUnseeded(database))) return false
  await seed(database, {
    sales: opts.sales ?? DEFAULT_SEED_OPTIONS.sales,
    seed: opts.seed ?? DEFAULT_SEED_OPTIONS.seed,
    now: opts.now ?? new Date(),
  })
  return true
}

export async function seed(database: Database, opts: SeedOptions): Promise<void> {
  if (!Number.isInteger(opts.sales) || opts.sales < 0) {
    throw new Error('seed: sales must be a non-negative integer')
  }
  if (opts.reset) await truncateAll(database)
  else if (!(await isUnseeded(database))) {
    throw new Error('seed: database is not empty (use reset)')
  }
  const now = opts.now
  const prng = (label: string) => createPrng(opts.seed, label)
  const opened = new Date(now.getTime() - 400 * 86_400_000)

  await seedAccounts(database, prng('finaro'), opened)
  await seedUsers(database, now)
  const destinations = await seedPayoutDestinations(database, prng('destinations'), opened)
  const slots = await seedTerminals(database, prng('terminals'), now, destinations)
  const volume = intentVolumeStatement({ sales: opts.sales, seed: opts.seed, now })
  await seedSales(
    database,
    { sales: opts.sales, seed: opts.seed, now, slots, more: volume ? [volume] : [] },
    opts.log,
  )

  const step = async (label: string, work: () => Promise<unknown>) => {
    const started = Date.now()
    await work()
    opts.log?.(`${label}: ${Date.now() - started} ms`)
  }
  await step('payment links in every status', () =>
    seedIntentsInEveryStatus(database, prng('intents'), now),
  )
  await step('API keys', () => seedApiKeys(database, prng('api-keys'), now))
  await step('webhooks', () => seedWebhookHistory(database, prng('webhooks'), now))
  await step('activity', () => seedActivity(database, now))
  // Sets the visibility map too, so list counts and pages can use index-only scans. VACUUM cannot
  // run in a transaction, so the server's statement_timeout is lifted for the session instead (it
  // takes seconds per million sales) and put back before the connection returns to the pool.
  await step('vacuum analyze', () =>
    withSession(database, async (run) => {
      await run('set statement_timeout = 0')
      try {
        await run('vacuum analyze')
      } finally {
        await run('reset statement_timeout')
      }
    }),
  )
}
