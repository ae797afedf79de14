import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { migrate, openDatabase, queryRows, type Database } from '../../server/db/client'
import { seed } from '../../server/seed/index'
import { firstRow, freshDatabase, SEED_IDS, SEED_SUBMERCHANTS, SEED_USERS } from './helpers/db'

let database: Database
beforeAll(async () => {
  database = await freshDatabase()
})
afterAll(async () => {
  await database.close()
})

const one = <T>(text: string, params: unknown[] = []) => firstRow<T>(database, text, params)

describe('seed determinism', () => {
  // Amounts, dates and plain ids; then each kind of secret or capability id, separately.
  const QUERIES = {
    data: `select md5(string_agg(id || ':' || amount || ':' || captured_at::text || ':' || coalesce(payout_id, '-'), ',' order by id)) || '/' || (select md5(string_agg(id || ':' || amount, ',' order by id)) from payouts) as f from sales`,
    receiptIds: `select md5(string_agg(id, ',' order by id)) as f from receipts`,
    payLinkIds: `select md5(string_agg(id, ',' order by id)) as f from intents`,
    apiKeyTokens: `select md5(string_agg(token_hash, ',' order by token_hash)) as f from api_keys`,
    webhookSecrets: `select md5(string_agg(signing_secret, ',' order by signing_secret)) as f from webhook_endpoints`,
  }
  type Fingerprint = Record<keyof typeof QUERIES, string>

  async function fingerprint(seedNumber: number): Promise<Fingerprint> {
    const db = await openDatabase({ dataDir: 'memory://' })
    try {
      await migrate(db)
      await seed(db, { sales: 800, seed: seedNumber, now: new Date('2025-03-01T10:00:00Z') })
      const result = {} as Fingerprint
      for (const [name, text] of Object.entries(QUERIES)) {
        const [row] = await queryRows<{ f: string | null }>(db, text)
        expect(row?.f, name).toBeTruthy()
        result[name as keyof Fingerprint] = row?.f ?? ''
      }
      return result
    } finally {
      await db.close()
    }
  }

  it('gives the same data for the same seed and new secrets every time', async () => {
    const a = await fingerprint(11)
    const b = await fingerprint(11)
    const c = await fingerprint(12)
    expect(a.data).toBe(b.data)
    expect(c.data).not.toBe(a.data)
    // API-key tokens, receipt ids and pay-page ids grant access: never reproducible from the seed.
    for (const name of ['receiptIds', 'payLinkIds', 'apiKeyTokens', 'webhookSecrets'] as const) {
      expect(b[name], name).not.toBe(a[name])
    }
  }, 180_000)
})

describe('seed invariants', () => {
  it('amount = saleAmount + gratuityAmount on every sale', async () => {
    const { n } = await one<{ n: number }>(
      'select count(*)::int as n from sales where amount <> sale_amount + gratuity_amount',
    )
    expect(n).toBe(0)
  })

  it('every payout equals the sum of the net of the sales it contains', async () => {
    const { n, bad } = await one<{ n: number; bad: number }>(
      `select count(*)::int as n,
              count(*) filter (where p.amount <> coalesce(t.net, 0))::int as bad
       from payouts p
       left join (select b.payout_id, sum(b.net_amount) as net from balance_transactions b
                  join sales s on s.id = b.source_id where b.payout_id is not null group by b.payout_id) t
         on t.payout_id = p.id`,
    )
    expect(n).toBeGreaterThan(0)
    expect(bad).toBe(0)
  })

  it('net = amount - fee and fees are between 1 % and 4.5 % plus the fixed part', async () => {
    const { bad } = await one<{ bad: number }>(
      `select count(*)::int as bad from balance_transactions
       where type = 'sale' and (net_amount <> amount - fee_amount or fee_amount <= 0 or fee_amount > amount * 0.045 + 20)`,
    )
    expect(bad).toBe(0)
  })

  it('stores no card number beyond the last four digits', async () => {
    const { bad } = await one<{ bad: number }>(
      "select count(*)::int as bad from sales where pan_last_four !~ '^[0-9]{4}$'",
    )
    expect(bad).toBe(0)
    const { long } = await one<{ long: number }>(
      `select count(*)::int as long from sales
       where concat_ws(' ', auth_code, retrieval_reference_number, external_reference, terminal_serial_number,
                       disbursement_withheld_message) ~ '[0-9]{13,19}'`,
    )
    expect(long).toBe(0)
  })

  it('covers the accounts and every role', async () => {
    const { unenrolled } = await one<{ unenrolled: string[] }>(
      'select array_agg(id order by id) as unenrolled from submerchants where finaro_id is null',
    )
    expect(unenrolled).toEqual([...SEED_IDS.notEnrolled])
    const { roles } = await one<{ roles: string[] }>(
      'select array_agg(distinct submerchant_role order by submerchant_role) as roles from submerchant_users',
    )
    expect(roles).toEqual(['manager', 'owner', 'viewer'])
    const { n } = await one<{ n: number }>(
      'select count(*)::int as n from submerchant_users where user_id = $1',
      [SEED_USERS.noAccounts],
    )
    expect(n).toBe(0)
    const { mfa } = await one<{ mfa: boolean }>(
      'select mfa_is_enabled as mfa from users where id = $1',
      [SEED_USERS.mfa],
    )
    expect(mfa).toBe(true)
  })

  it('has refunds, payment links and payouts in every status and both destinations', async () => {
    const { refunds } = await one<{ refunds: string[] }>(
      'select array_agg(distinct status order by status) as refunds from refund_requests',
    )
    expect(refunds).toEqual(['approved', 'completed', 'pending', 'rejected'])
    const { statuses } = await one<{ statuses: number }>(
      'select count(distinct status)::int as statuses from intents',
    )
    expect(statuses).toBe(10)
    const { types } = await one<{ types: string[] }>(
      'select array_agg(distinct destination_type order by destination_type) as types from payouts',
    )
    expect(types).toEqual(['bank_account', 'payout_card'])
  })

  it('spans 13 months of sales before the base time, with withheld sales and tips', async () => {
    const row = await one<{ days: number; withheld: number; tipped: number; total: number }>(
      `select extract(day from max(captured_at) - min(captured_at))::int as days,
              count(*) filter (where disbursement_withheld)::int as withheld,
              count(*) filter (where gratuity_amount > 0)::int as tipped, count(*)::int as total
       from sales`,
    )
    expect(row.days).toBeGreaterThan(330)
    expect(row.withheld).toBeGreaterThan(0)
    expect(row.tipped / row.total).toBeGreaterThan(0.1)
    expect(row.tipped / row.total).toBeLessThan(0.3)
  })

  it('links succeeded payment links to their ecommerce sales', async () => {
    const { bad } = await one<{ bad: number }>(
      `select count(*)::int as bad from intents i left join sales s on s.id = i.sale_id
       where i.status = 'succeeded' and (s.id is null or s.intent_id <> i.id or s.method <> 'ecommerce')`,
    )
    expect(bad).toBe(0)
    expect(SEED_SUBMERCHANTS.cityCabs).toBe('sub_demo_city_cabs')
  })
})
