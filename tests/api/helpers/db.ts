// Fresh, migrated, seeded databases for API tests, cloned from a template built once per code version.
import { createHash, randomBytes } from 'node:crypto'
import {
  existsSync,
  mkdirSync,
  readdirSync,
  readFileSync,
  renameSync,
  statSync,
  writeFileSync,
} from 'node:fs'
import path from 'node:path'
import { fileURLToPath } from 'node:url'
import { PGlite } from '@electric-sql/pglite'
import pg from 'pg'
import {
  migrate,
  openDatabase,
  PGLITE_EXTENSIONS,
  queryRows,
  type Database,
} from '../../../server/db/client'
import { sha256 } from '../../../server/auth/random'
import { seed } from '../../../server/seed/index'
import { SEED_SUBMERCHANTS } from '../../../server/seed/ids'

export { SEED_IDS, SEED_SUBMERCHANTS, SEED_USERS } from '../../../server/seed/ids'
export { DEMO_MFA_SECRET, DEMO_PASSWORD, COMPROMISED_PASSWORD } from '../../../server/seed/fixtures'

const root = fileURLToPath(new URL('../../../', import.meta.url))

// The small seed every API test starts from; its base time is today (UTC midnight).
export const TEST_SEED = {
  sales: 3_000,
  seed: 7,
  now: new Date(new Date().toISOString().slice(0, 10) + 'T00:00:00.000Z'),
} as const

// Token of City Cabs' enabled 'Booking system' key. The seed's own tokens are random and unknown
// (only hashes are stored), so every fresh database gets this one, random per test process.
export const TEST_API_KEY_TOKEN = `sk_sandbox_${randomBytes(20).toString('hex')}`

async function installTestApiKey(database: Database): Promise<Database> {
  await queryRows(
    database,
    `update api_keys set token_hash = $1
     where submerchant_id = $2 and name = 'Booking system' and is_enabled`,
    [sha256(TEST_API_KEY_TOKEN), SEED_SUBMERCHANTS.cityCabs],
  )
  return database
}

function filesUnder(dir: string): string[] {
  if (!existsSync(dir)) return []
  return readdirSync(dir)
    .sort()
    .flatMap((name) => {
      const full = path.join(dir, name)
      return statSync(full).isDirectory() ? filesUnder(full) : [full]
    })
}

// Changes to migrations, schema, seed code or the seed size make a new template.
function templateKey(): string {
  const hash = createHash('sha256')
  hash.update(JSON.stringify(TEST_SEED))
  for (const dir of ['server/db/migrations', 'server/db/schema', 'server/seed']) {
    for (const file of filesUnder(path.join(root, dir))) {
      hash.update(file.slice(root.length))
      hash.update(readFileSync(file))
    }
  }
  return hash.digest('hex').slice(0, 16)
}

async function seedInto(database: Database): Promise<void> {
  await migrate(database)
  await seed(database, { ...TEST_SEED })
}

async function pgliteTemplate(): Promise<Blob> {
  const dir = path.join(root, '.tmp', 'test-db')
  const file = path.join(dir, `template-${templateKey()}.tar.gz`)
  if (!existsSync(file)) {
    const database = await openDatabase({ dataDir: 'memory://' })
    await seedInto(database)
    const dump = await (database.client as PGlite).dumpDataDir('gzip')
    await database.close()
    mkdirSync(dir, { recursive: true })
    // Parallel workers may race here; the rename makes the write atomic.
    const partial = `${file}.${process.pid}.${randomBytes(4).toString('hex')}`
    writeFileSync(partial, Buffer.from(await dump.arrayBuffer()))
    renameSync(partial, file)
  }
  return new Blob([readFileSync(file)])
}

function withDatabase(url: string, name: string): string {
  const u = new URL(url)
  u.pathname = `/${name}`
  return u.toString()
}

async function postgresClone(url: string): Promise<Database> {
  const template = `fleet_test_template_${templateKey()}`
  const admin = new pg.Client({ connectionString: url })
  await admin.connect()
  try {
    // One worker builds the template; the others wait on the lock.
    await admin.query('select pg_advisory_lock(874512)')
    const exists = await admin.query('select 1 from pg_database where datname = $1', [template])
    if (exists.rowCount === 0) {
      await admin.query(`create database "${template}"`)
      const database = await openDatabase({ url: withDatabase(url, template) })
      try {
        await seedInto(database)
      } finally {
        await database.close()
      }
    }
    await admin.query('select pg_advisory_unlock(874512)')
    const name = `fleet_test_${randomBytes(6).toString('hex')}`
    await admin.query(`create database "${name}" template "${template}"`)
    const database = await openDatabase({ url: withDatabase(url, name) })
    return {
      ...database,
      close: async () => {
        await database.close()
        const dropper = new pg.Client({ connectionString: url })
        await dropper.connect()
        await dropper.query(`drop database if exists "${name}"`)
        await dropper.end()
      },
    }
  } finally {
    await admin.end()
  }
}

// A migrated database holding the TEST_SEED demo data, private to the caller.
export async function freshDatabase(): Promise<Database> {
  const url = process.env.DATABASE_URL
  if (url) return installTestApiKey(await postgresClone(url))
  const pglite = await PGlite.create({
    loadDataDir: await pgliteTemplate(),
    extensions: PGLITE_EXTENSIONS,
  })
  return installTestApiKey(await openDatabase({ pglite }))
}

// The first row of a query, failing loudly when there is none.
export async function firstRow<T>(database: Database, text: string, params: unknown[] = []) {
  const [row] = await queryRows<T>(database, text, params)
  if (!row) throw new Error(`no row: ${text}`)
  return row
}
