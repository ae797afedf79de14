import { count } from 'drizzle-orm'
import { hashPassword } from '../auth/password'
import { randomBytes } from 'node:crypto'
import { sha256 } from '../auth/random'
import { execRaw, queryRows, type Database } from '../db/client'
import {
  apiKeys,
  bankAccounts,
  enrollments,
  operators,
  paymentFacilitators,
  payoutCards,
  planAttachments,
  plans,
  submerchants,
  submerchantUsers,
  terminalAllocations,
  terminals,
  users,
} from '../db/schema/core'
import { mfaSecrets } from '../db/schema/auth'
import { bulkStatements, type SaleSlot } from './bulk'
import {
  DEMO_MFA_SECRET,
  OPERATORS,
  PAYMENT_FACILITATORS,
  PLANS,
  SUBMERCHANTS,
  USERS,
  ownerOf,
} from './fixtures'
import { TERMINAL_MODELS } from '../../src/api/schema/terminals'
import { SEED_PAYMENT_FACILITATORS, SEED_SUBMERCHANTS } from './ids'
import { createPrng, type Prng } from './prng'
import { seedIntentsInEveryStatus, seedIntentVolume } from './intents'
import { seedWebhookHistory } from './webhooks'

export { DEMO_MFA_SECRET } from './fixtures'

export interface DemoUser {
  email: string
  password: string
  name: string
  demonstrates: string
}

export const DEMO_USERS: readonly DemoUser[] = USERS.map((u) => ({
  email: u.emailAddress,
  password: u.password,
  name: `${u.firstName} ${u.lastName}`,
  demonstrates: u.demonstrates,
}))

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

// Tables whose secondary indexes are dropped during the bulk insert and rebuilt after it.
const BULK_TABLES = [
  'sales',
  'balance_transactions',
  'receipts',
  'intents',
  'payouts',
  'refund_requests',
]

export async function seedIfEmpty(
  database: Database,
  opts: Partial<SeedOptions> = {},
): Promise<boolean> {
  const [row] = await database.db.select({ n: count() }).from(users)
  if ((row?.n ?? 0) > 0) return false
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
  else {
    const [row] = await database.db.select({ n: count() }).from(users)
    if ((row?.n ?? 0) > 0) throw new Error('seed: database is not empty (use reset)')
  }
  const { db } = database
  const now = opts.now
  const prng = (label: string) => createPrng(opts.seed, label)
  const ago = (days: number) => new Date(now.getTime() - days * 86_400_000)
  const opened = ago(400)

  await db.insert(operators).values(OPERATORS.map((o) => ({ ...o, createdAt: opened })))
  await db
    .insert(paymentFacilitators)
    .values(PAYMENT_FACILITATORS.map((p) => ({ ...p, createdAt: opened })))
  await db.insert(plans).values(PLANS.map((p) => ({ ...p, currency: 'GBP', createdAt: opened })))

  const finaro = prng('finaro')
  await db.insert(submerchants).values(
    SUBMERCHANTS.map((s) => ({
      id: s.id,
      name: s.name,
      legalName: s.legalName,
      operatorId: s.operatorId,
      paymentFacilitatorId: SEED_PAYMENT_FACILITATORS.sandboxPay,
      finaroId: s.enrolled ? `FIN${finaro.int(10_000_000, 99_999_999)}` : null,
      createdAt: opened,
      updatedAt: opened,
    })),
  )
  await db.insert(planAttachments).values(
    SUBMERCHANTS.map((s) => ({
      id: `pla_${s.id.slice(4)}`,
      submerchantId: s.id,
      planId: s.planId,
      createdAt: opened,
    })),
  )
  await db.insert(enrollments).values(
    SUBMERCHANTS.filter((s) => s.enrolled).map((s) => ({
      id: `enr_${s.id.slice(4)}`,
      submerchantId: s.id,
      acquirer: 'finaro',
      type: 'ecommerce',
      status: 'enrolled' as const,
      processingExpectedBy: null,
      createdAt: opened,
      updatedAt: opened,
    })),
  )

  await seedUsers(database, now)
  const destinations = await seedPayoutDestinations(database, prng('destinations'), opened)
  const slots = await seedTerminals(database, prng('terminals'), now, destinations)

  await bulkInsert(
    database,
    // Receipt and payment-link ids are capability URLs (no login): random, never from the seed.
    bulkStatements({
      sales: opts.sales,
      seed: opts.seed,
      capabilityKey: randomBytes(16).toString('hex'),
      now,
      slots,
    }),
    opts.log,
  )

  let started = Date.now()
  await seedIntentsInEveryStatus(database, prng('intents'), now)
  await seedIntentVolume(database, { sales: opts.sales, seed: opts.seed, now })
  await seedApiKeys(database, prng('api-keys'), now)
  await seedWebhookHistory(database, prng('webhooks'), now)
  opts.log?.(`payment links, API keys, webhooks: ${Date.now() - started} ms`)
  started = Date.now()
  // Sets the visibility map too, so list counts and pages can use index-only scans.
  await execRaw(database, 'vacuum analyze')
  opts.log?.(`vacuum analyze: ${Date.now() - started} ms`)
}

async function truncateAll(database: Database): Promise<void> {
  const tables = await queryRows<{ tablename: string }>(
    database,
    "select tablename from pg_tables where schemaname = 'public'",
  )
  if (tables.length === 0) return
  const list = tables.map((t) => `"${t.tablename}"`).join(', ')
  await execRaw(database, `truncate table ${list} restart identity cascade`)
}

async function seedUsers(database: Database, now: Date): Promise<void> {
  // One scrypt hash per distinct password keeps start-up fast.
  const hashes = new Map<string, string>()
  for (const password of new Set(USERS.map((u) => u.password))) {
    hashes.set(password, await hashPassword(password))
  }
  const joined = new Date(now.getTime() - 380 * 86_400_000)
  await database.db.insert(users).values(
    USERS.map((u, index) => ({
      id: u.id,
      displayName: `${u.firstName} ${u.lastName}`,
      firstName: u.firstName,
      lastName: u.lastName,
      emailAddress: u.emailAddress.toLowerCase(),
      avatarUrl: null,
      passwordHash: hashes.get(u.password) ?? '',
      mfaIsEnabled: u.mfa,
      createdAt: joined,
      updatedAt: new Date(joined.getTime() + index * 86_400_000),
      // Half the demo users never changed their password, so 'Never' shows.
      credentialsChangedAt: index % 2 === 0 ? new Date(now.getTime() - 40 * 86_400_000) : null,
    })),
  )
  const memberships = USERS.flatMap((u) =>
    u.memberships.map(([submerchantId, role]) => ({
      id: `su_${u.id.slice(9)}_${submerchantId.slice(9)}`,
      userId: u.id,
      submerchantId,
      submerchantRole: role,
      createdAt: joined,
    })),
  )
  await database.db.insert(submerchantUsers).values(memberships)
  const mfaUsers = USERS.filter((u) => u.mfa)
  if (mfaUsers.length > 0) {
    await database.db.insert(mfaSecrets).values(
      mfaUsers.map((u) => ({
        userId: u.id,
        secret: DEMO_MFA_SECRET,
        createdAt: joined,
        confirmedAt: joined,
        lastUsedStep: null,
      })),
    )
  }
}

// Bank account per account; the instant-payout account also has a payout card it is paid to.
async function seedPayoutDestinations(
  database: Database,
  prng: Prng,
  createdAt: Date,
): Promise<Map<string, string>> {
  const destinationBySubmerchant = new Map<string, string>()
  const accounts = SUBMERCHANTS.map((s) => {
    const id = `ba_${s.id.slice(4)}`
    destinationBySubmerchant.set(s.id, id)
    return {
      id,
      submerchantId: s.id,
      nickname: prng.chance(0.5) ? 'Main account' : null,
      accountName: s.legalName,
      sortCode: `${prng.int(10, 99)}-${prng.int(10, 99)}-${prng.int(10, 99)}`,
      accountNumber: String(prng.int(10_000_000, 99_999_999)),
      createdAt,
    }
  })
  await database.db.insert(bankAccounts).values(accounts)
  const cards = SUBMERCHANTS.filter((s) => s.payoutMode === 'card').map((s) => {
    const id = `pc_${s.id.slice(4)}`
    destinationBySubmerchant.set(s.id, id)
    return {
      id,
      submerchantId: s.id,
      nickname: 'Driver debit card',
      cardScheme: 'visa' as const,
      panLastFour: String(prng.int(1000, 9999)),
      createdAt,
    }
  })
  if (cards.length > 0) await database.db.insert(payoutCards).values(cards)
  return destinationBySubmerchant
}

const modelAt = (index: number) => TERMINAL_MODELS[index % TERMINAL_MODELS.length] ?? 'bluePad55'

async function seedTerminals(
  database: Database,
  prng: Prng,
  now: Date,
  destinations: Map<string, string>,
): Promise<SaleSlot[]> {
  const rows: (typeof terminals.$inferInsert)[] = []
  const allocations: (typeof terminalAllocations.$inferInsert)[] = []
  const slots: SaleSlot[] = []
  let serial = 10_000_000 + prng.int(0, 1_000_000)
  const allocatedAt = new Date(now.getTime() - 396 * 86_400_000)
  for (const s of SUBMERCHANTS) {
    const own: SaleSlot[] = []
    for (let n = 1; n <= s.terminals; n++) {
      const id = `trm_${prng.hex(20)}`
      const serialNumber = `BP${serial++}`
      rows.push({
        id,
        name: `${s.name} ${n}`,
        serialNumber,
        customReference: prng.chance(0.5) ? `CAR-${prng.int(100, 999)}` : null,
        reference: `REF${prng.int(100_000, 999_999)}`,
        // Every model (docs/entities.md#terminals) occurs, in turn.
        model: modelAt(rows.length),
        currentSubmerchantId: s.id,
        currentAllocationCreatedAt: allocatedAt,
        isUpToDate: prng.chance(0.8),
        createdAt: allocatedAt,
      })
      allocations.push({
        id: `tal_${prng.hex(20)}`,
        terminalId: id,
        submerchantId: s.id,
        createdAt: allocatedAt,
        endedAt: null,
      })
      own.push({
        submerchantId: s.id,
        terminalId: id,
        serialNumber,
        allowsEcommerce: s.enrolled,
        jobNumber: s.jobNumber,
        payoutMode: s.payoutMode,
        destinationId: destinations.get(s.id) ?? '',
        ownerId: ownerOf(s.id),
      })
    }
    // An account's share of the sales is its weight in slots, spread over its terminals.
    for (let k = 0; k < s.weight; k++) {
      const slot = own[k % own.length]
      if (slot) slots.push(slot)
    }
  }
  // Spare stock never allocated to any account.
  for (let n = 0; n < 2; n++) {
    rows.push({
      id: `trm_${prng.hex(20)}`,
      name: null,
      serialNumber: `BP${serial++}`,
      customReference: null,
      reference: null,
      model: modelAt(rows.length),
      currentSubmerchantId: null,
      currentAllocationCreatedAt: null,
      isUpToDate: false,
      createdAt: allocatedAt,
    })
  }
  // The other allocation cases: a terminal moved from Riverside Cars to City Cabs 30 days ago, and
  // one Green Line Cars returned to stock 60 days ago (both accounts can still open it by id).
  const daysAgo = (days: number) => new Date(now.getTime() - days * 86_400_000)
  const moves = [
    { from: SEED_SUBMERCHANTS.riversideCars, to: SEED_SUBMERCHANTS.cityCabs, at: daysAgo(30) },
    { from: SEED_SUBMERCHANTS.greenLine, to: null, at: daysAgo(60) },
  ]
  for (const move of moves) {
    const id = `trm_${prng.hex(20)}`
    rows.push({
      id,
      name: move.to ? 'City Cabs spare car' : null,
      serialNumber: `BP${serial++}`,
      customReference: move.to ? `CAR-${prng.int(100, 999)}` : null,
      reference: `REF${prng.int(100_000, 999_999)}`,
      model: modelAt(rows.length),
      currentSubmerchantId: move.to,
      currentAllocationCreatedAt: move.to ? move.at : null,
      isUpToDate: move.to !== null,
      createdAt: allocatedAt,
    })
    allocations.push({
      id: `tal_${prng.hex(20)}`,
      terminalId: id,
      submerchantId: move.from,
      createdAt: allocatedAt,
      endedAt: move.at,
    })
    if (move.to) {
      allocations.push({
        id: `tal_${prng.hex(20)}`,
        terminalId: id,
        submerchantId: move.to,
        createdAt: move.at,
        endedAt: null,
      })
    }
  }
  await database.db.insert(terminals).values(rows)
  await database.db.insert(terminalAllocations).values(allocations)
  return slots
}

async function bulkInsert(
  database: Database,
  statements: string[],
  log?: (line: string) => void,
): Promise<void> {
  const list = BULK_TABLES.map((t) => `'${t}'`).join(', ')
  const debug = (label: string, started: number) => log?.(`${label}: ${Date.now() - started} ms`)
  // Building keys and indexes once, by sorting, is far cheaper than maintaining them per row.
  const constraints = await queryRows<{ table: string; name: string; def: string; type: string }>(
    database,
    `select c.conrelid::regclass::text as table, c.conname as name, pg_get_constraintdef(c.oid) as def,
            c.contype as type
     from pg_constraint c
     where c.contype in ('p', 'u', 'f')
       and (c.conrelid::regclass::text in (${list}) or c.confrelid::regclass::text in (${list}))`,
  )
  const indexes = await queryRows<{ indexname: string; indexdef: string }>(
    database,
    `select indexname, indexdef from pg_indexes
     where schemaname = 'public' and tablename in (${list})
       and indexname not in (select conname from pg_constraint)`,
  )
  const foreign = constraints.filter((c) => c.type === 'f')
  const keys = constraints.filter((c) => c.type !== 'f')
  const drops = [
    ...foreign.map((c) => `alter table "${c.table}" drop constraint "${c.name}";`),
    ...keys.map((c) => `alter table "${c.table}" drop constraint "${c.name}";`),
    ...indexes.map((i) => `drop index "${i.indexname}";`),
  ]
  if (drops.length > 0) await execRaw(database, drops.join('\n'))
  for (const statement of statements) {
    const started = Date.now()
    await execRaw(database, statement)
    debug(`bulk ${statement.slice(0, 40).replace(/\s+/g, ' ')}`, started)
  }
  const rebuild = [
    ...keys.map((c) => `alter table "${c.table}" add constraint "${c.name}" ${c.def}`),
    ...indexes.map((i) => i.indexdef),
    ...foreign.map((c) => `alter table "${c.table}" add constraint "${c.name}" ${c.def}`),
  ]
  for (const ddl of rebuild) {
    const started = Date.now()
    await execRaw(database, `set maintenance_work_mem = '256MB'; ${ddl}`)
    debug(ddl.slice(0, 70), started)
  }
}

async function seedApiKeys(database: Database, prng: Prng, now: Date) {
  const enrolled = SUBMERCHANTS.filter((s) => s.enrolled).slice(0, 4)
  const rows = enrolled.flatMap((s, index) => {
    const keys = [
      {
        name: 'Booking system',
        isEnabled: true,
        lastSeenAt: new Date(now.getTime() - prng.int(60, 86_400) * 1000),
        permissions: ['sales:read', 'intents:create', 'intents:read', 'webhookEndpoints:read'],
      },
      {
        name: index % 2 === 0 ? null : 'Old integration',
        isEnabled: false,
        lastSeenAt: null,
        permissions: ['sales:read'],
      },
    ]
    return keys.map((k) => {
      // Secrets are random on every seeding; only their hash is kept, so nobody knows them.
      const token = `sk_sandbox_${randomBytes(20).toString('hex')}`
      return {
        id: `api_${prng.hex(20)}`,
        submerchantId: s.id,
        name: k.name,
        identifier: `pk_${prng.hex(16)}`,
        tokenHash: sha256(token),
        isEnabled: k.isEnabled,
        lastSeenAt: k.lastSeenAt,
        permissions: k.permissions,
        createdAt: new Date(now.getTime() - prng.int(30, 300) * 86_400_000),
        createdBy: ownerOf(s.id),
      }
    })
  })
  await database.db.insert(apiKeys).values(rows)
}
