// Sales and what follows them (balance transactions, receipts, payouts, refund requests, the
// succeeded payment links), generated inside the database by bulk.ts's statements.
import { randomBytes } from 'node:crypto'
import { queryRows, withSession, type Database } from '../db/client'
import { bulkStatements, type SaleSlot } from './bulk'

// Tables whose secondary indexes are dropped during the bulk insert and rebuilt after it.
const BULK_TABLES = [
  'sales',
  'balance_transactions',
  'receipts',
  'intents',
  'payouts',
  'refund_requests',
]

export async function seedSales(
  database: Database,
  // Further inserts into the bulk tables, loaded with the sales before the indexes are built.
  opts: { sales: number; seed: number; now: Date; slots: SaleSlot[]; more?: string[] },
  log?: (line: string) => void,
): Promise<void> {
  await bulkInsert(
    database,
    // Receipt and payment-link ids are capability URLs (no login): random, never from the seed.
    [
      ...bulkStatements({
        sales: opts.sales,
        seed: opts.seed,
        capabilityKey: randomBytes(16).toString('hex'),
        now: opts.now,
        slots: opts.slots,
      }),
      ...(opts.more ?? []),
    ],
    log,
  )
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
  const rebuild = [
    ...keys.map((c) => `alter table "${c.table}" add constraint "${c.name}" ${c.def}`),
    ...indexes.map((i) => i.indexdef),
    ...foreign.map((c) => `alter table "${c.table}" add constraint "${c.name}" ${c.def}`),
  ]
  // One transaction on one connection: a failed load leaves the tables as they were, and the
  // tables emptied in it (still empty: the seed refuses a non-empty database) get new files, which
  // PGlite (wal_level minimal) fills and indexes without writing WAL.
  await withSession(database, async (run) => {
    await run('begin')
    try {
      // A server's own limits must not cut a long load short; sorts and index builds get room
      // (PostgreSQL also splits an index build among its parallel maintenance workers).
      await run(
        `set local statement_timeout = 0;
         set local work_mem = '256MB';
         set local maintenance_work_mem = '${database.kind === 'pglite' ? '256MB' : '1GB'}'`,
      )
      if (drops.length > 0) await run(drops.join('\n'))
      await run(`truncate ${BULK_TABLES.map((t) => `"${t}"`).join(', ')}`)
      // The sales' hourly and daily totals are made once from all of them, not merged in by the
      // insert trigger (in half the time: the days are summed from the hours).
      await run('alter table "sales" disable trigger "sales_rollups_insert"')
      for (const statement of statements) {
        const started = Date.now()
        await run(statement)
        debug(`bulk ${statement.slice(0, 40).replace(/\s+/g, ' ')}`, started)
      }
      const totalled = Date.now()
      await run('select "sales_rollups_rebuild"()')
      await run('alter table "sales" enable trigger "sales_rollups_insert"')
      debug('sales totals', totalled)
      for (const ddl of rebuild) {
        const started = Date.now()
        await run(ddl)
        debug(ddl.slice(0, 70), started)
      }
      const started = Date.now()
      await run('commit')
      debug('commit', started)
    } catch (error) {
      await run('rollback').catch(() => undefined)
      throw error
    }
  })
}
