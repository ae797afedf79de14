import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { migrate, openDatabase, queryRows, type Database } from '../../server/db/client'
import { seed } from '../../server/seed/index'
import { clientFor, seededApp } from './helpers/app'
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
    // The activity rows apart from their ids and objects' ids (a payment link's id is random).
    activity: `select md5(string_agg(occurred_at::text || action || actor_name || coalesce(object_label, '-') || changes::text, ',' order by occurred_at, action, object_label, changes::text)) as f from activity_events`,
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
    expect(a.activity).toBe(b.activity)
    expect(c.activity).not.toBe(a.activity)
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

describe('the activity the demo data implies', () => {
  // Each seeded thing a person made, and the row its route writes for it (docs/entities.md).
  const IMPLIED = `
    select i.id as object_id, 'payment_link.created' as action, i.created_by as actor, i.created_at as at
      from intents i
    union all select i.id, 'payment_link.cancelled', i.created_by, i.created_at + interval '2 hours'
      from intents i where i.status = 'cancelled'
    union all select r.sale_id, 'refund.requested', r.created_by, r.created_at from refund_requests r
    union all select k.id, 'api_key.created', k.created_by, k.created_at from api_keys k
    union all select k.id, 'api_key.disabled', k.created_by, k.created_at + interval '7 days'
      from api_keys k where not k.is_enabled
    union all select e.id, 'webhook_endpoint.created', e.created_by_user_id, e.created_at
      from webhook_endpoints e`

  it('one row for each refund, payment link, API key and webhook endpoint, by its maker at its time', async () => {
    const { implied, missing } = await one<{ implied: number; missing: number }>(
      `select count(*)::int as implied,
              count(*) filter (where not exists (
                select 1 from activity_events a
                where a.object_id = x.object_id and a.action = x.action and a.actor_id = x.actor
                  and a.occurred_at = x.at and a.outcome = 'done' and a.actor_type = 'user'))::int as missing
       from (${IMPLIED}) x`,
    )
    expect(missing).toBe(0)
    // Nothing else: no row per sale, receipt or payout (the world made those, not a person).
    const { rows } = await one<{ rows: number }>(
      'select count(*)::int as rows from activity_events',
    )
    expect(rows).toBe(implied)
    const { kinds } = await one<{ kinds: string[] }>(
      'select array_agg(distinct action order by action) as kinds from activity_events',
    )
    expect(kinds).toEqual([
      'api_key.created',
      'api_key.disabled',
      'payment_link.cancelled',
      'payment_link.created',
      'refund.requested',
      'webhook_endpoint.created',
    ])
  })

  it('writes each row as the API does: names, labels and changes', async () => {
    const refund = await one<{
      refund: string
      label: string
      name: string
      changes: unknown
      amount: number
      reason: string
    }>(
      `select r.id as refund, a.object_label as label, a.actor_name as name, a.changes,
              r.amount, r.refund_reason as reason
       from refund_requests r join activity_events a
         on a.object_id = r.sale_id and a.action = 'refund.requested' and a.occurred_at = r.created_at
       order by r.id limit 1`,
    )
    expect(refund.label).toBe(refund.refund)
    expect(refund.name).not.toMatch(/^usr_/)
    expect(refund.changes).toEqual([
      { field: 'amount', before: null, after: refund.amount },
      { field: 'refundReason', before: null, after: refund.reason },
      { field: 'status', before: null, after: 'pending' },
    ])
    const key = await one<{ label: string; changes: unknown; permissions: string[] }>(
      `select a.object_label as label, a.changes, k.permissions
       from api_keys k join activity_events a on a.object_id = k.id and a.action = 'api_key.created'
       where k.name = 'Booking system' order by k.id limit 1`,
    )
    expect(key.label).toBe('Booking system')
    expect(key.changes).toEqual([
      { field: 'permissions', before: null, after: key.permissions.join(', ') },
    ])
    // Activity ids sort by time, as the API's do.
    const { unordered } = await one<{ unordered: number }>(
      `select count(*)::int as unordered from (
         select occurred_at, lag(occurred_at) over (order by id) as previous from activity_events
       ) x where previous > occurred_at`,
    )
    expect(unordered).toBe(0)
  })

  it("the owner's Activity page is not empty on a fresh start", async () => {
    const ctx = await seededApp()
    try {
      const owner = await clientFor(ctx.app, 'owner@example.com', SEED_SUBMERCHANTS.cityCabs)
      const res = await owner.request('GET', '/v1/activity?limit=20', {
        perspective: SEED_SUBMERCHANTS.cityCabs,
      })
      expect(res.status).toBe(200)
      const entries = (await res.json()) as Array<{ action: string; outcome: string }>
      expect(entries.length).toBe(20)
      expect(entries.every((e) => e.outcome === 'done')).toBe(true)
    } finally {
      await ctx.database.close()
    }
  })
})
