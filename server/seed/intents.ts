import { randomBytes } from 'node:crypto'
import { INTENT_STATUSES } from '@/api/schema/intents'
import type { Database } from '../db/client'
import { intents } from '../db/schema/core'
import { CUSTOMER_NAMES } from './bulk'
import { SUBMERCHANTS, ownerOf } from './fixtures'
import type { Prng } from './prng'

const FINAL = new Set(['payment_declined', 'succeeded', 'cancelled', 'expired'])

// Statuses other than succeeded (those come from the bulk-seeded ecommerce sales).
const STATUSES = INTENT_STATUSES.filter((status) => status !== 'succeeded')

const stamp = (at: Date) => `[${at.toISOString().slice(0, 19)}Z]`

// Two payment links in every non-succeeded status for each enrolled account.
export async function seedIntentsInEveryStatus(database: Database, prng: Prng, now: Date) {
  const rows: (typeof intents.$inferInsert)[] = []
  for (const s of SUBMERCHANTS.filter((sub) => sub.enrolled)) {
    for (const status of STATUSES) {
      for (let n = 0; n < 2; n++) {
        // The pay page /pay/{id} needs no login: the id is a random capability, not from the seed.
        const id = `int_${randomBytes(12).toString('hex')}`
        const expired = status === 'expired'
        const createdAt = new Date(
          now.getTime() -
            (expired ? prng.int(15, 40) : prng.int(0, 9)) * 86_400_000 -
            prng.int(60, 80_000) * 1000,
        )
        const amount = 1500 + Math.round(prng.next() ** 2 * 120) * 100
        const manual = status === 'authorized_pending_capture' || prng.chance(0.15)
        const customerName = prng.pick(CUSTOMER_NAMES)
        const sms = prng.chance(0.6)
        const touched = status !== 'created'
        const authorizedAt =
          status === 'authorized_pending_capture'
            ? new Date(createdAt.getTime() + prng.int(5, 120) * 60_000)
            : null
        const logs = [`${stamp(createdAt)} Payment link created`]
        if (touched) logs.push(`${stamp(createdAt)} Customer opened the payment page`)
        if (status === 'payment_declined') logs.push('Card declined by issuer')
        if (status === 'error') logs.push('Acquirer timeout; customer may retry')
        if (authorizedAt) logs.push(`${stamp(authorizedAt)} Authorised, awaiting capture`)
        rows.push({
          id,
          submerchantId: s.id,
          amount,
          currency: 'GBP',
          status,
          statusIsFinal: FINAL.has(status),
          captureMode: manual ? 'manual' : 'automatic',
          captureAmount: null,
          reference: s.jobNumber
            ? `JOB${prng.int(100_000, 999_999)}`
            : prng.chance(0.5)
              ? `BK-${prng.int(10_000, 99_999)}`
              : null,
          description: prng.pick(['Airport transfer', 'Pre-booked journey', 'Account journey']),
          customerName,
          customerPhoneNumber: sms ? `+4477009${prng.int(10_000, 99_999)}` : null,
          customerEmailAddress: sms
            ? null
            : `${customerName.toLowerCase().replace(' ', '.')}@example.net`,
          customerSmsSent: sms,
          customerEmailSent: !sms,
          customerIpAddress: touched ? `203.0.113.${prng.int(1, 250)}` : null,
          customerDeviceInfo: touched ? 'Mozilla/5.0 (Linux; Android 14) Mobile' : null,
          customerCountryCode: 'GB',
          createdAt,
          createdBy: ownerOf(s.id),
          updatedAt: authorizedAt ?? createdAt,
          succeededAt: null,
          authorizedAt,
          expiresAt: new Date(createdAt.getTime() + 14 * 86_400_000),
          clientAccessPath: `/pay/${id}`,
          saleId: null,
          logs,
        })
      }
    }
  }
  await database.db.insert(intents).values(rows)
}

// Share of the seeded sales added as payment links that did not (yet) succeed; the succeeded ones
// are the ecommerce sales (about 8 %), so 1,000,000 sales give about 100,000 links (issue 15).
export const OPEN_AND_FAILED_LINK_SHARE = 0.02

// [status, weight, open?]: open links are recent (they have not expired); the rest span 13 months.
const VOLUME_STATUSES: [string, number, boolean][] = [
  ['created', 22, true],
  ['pending', 4, true],
  ['error', 4, true],
  ['requires_3ds_fingerprint', 3, true],
  ['requires_3ds_challenge', 4, true],
  ['authorized_pending_capture', 5, true],
  ['expired', 28, false],
  ['cancelled', 18, false],
  ['payment_declined', 12, false],
]

const lit = (value: string) => `'${value.replace(/'/g, "''")}'`

/**
 * Links in every status spread over 13 months on every enrolled account, in proportion to the
 * sales (one INSERT … SELECT, deterministic per seed apart from the random capability ids), or null
 * when there are none. The sales' bulk load runs it, before the intents' indexes are built.
 */
export function intentVolumeStatement(opts: {
  sales: number
  seed: number
  now: Date
}): string | null {
  const count = Math.floor(opts.sales * OPEN_AND_FAILED_LINK_SHARE)
  if (count === 0) return null
  const enrolled = SUBMERCHANTS.filter((s) => s.enrolled)
  const accounts = enrolled
    .flatMap((s) =>
      Array<string>(s.weight).fill(`(${lit(s.id)}, ${lit(ownerOf(s.id))}, ${s.jobNumber})`),
    )
    .map((row, index) => row.replace('(', `(${index}, `))
    .join(', ')
  const slots = enrolled.reduce((sum, s) => sum + s.weight, 0)
  const statuses = VOLUME_STATUSES.flatMap(([status, weight, open]) =>
    Array<string>(weight).fill(`(${lit(status)}, ${open})`),
  )
    .map((row, index) => row.replace('(', `(${index}, `))
    .join(', ')
  const statusSlots = VOLUME_STATUSES.reduce((sum, [, weight]) => sum + weight, 0)
  const key = randomBytes(16).toString('hex')
  const r = (salt: number) =>
    `((hashint8extended(g.i::int8, ${opts.seed * 1000 + 700 + salt}::int8) & 4503599627370495)::float8 / 4503599627370496.0)`
  const now = `${lit(opts.now.toISOString())}::timestamptz`
  const stamp = (column: string) =>
    `'[' || to_char(${column} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS"Z"') || '] '`
  return `
with accounts(slot, submerchant_id, owner_id, job_number) as (values ${accounts}),
statuses(slot, status, open) as (values ${statuses}),
picked as (
  select g.i, a.*, s.status, s.open, ${r(3)} as r_amount, ${r(4)} as r_name, ${r(5)} as r_sms,
    ${r(6)} as r_ref, ${r(7)} as r_manual,
    case when s.open then ${now} - (${r(8)} * 12 * 86400)::int * interval '1 second'
         else ${now} - (14 * 86400 + ${r(8)} * 381 * 86400)::int * interval '1 second' end as created_at
  from generate_series(1, ${count}) as g(i)
  join accounts a on a.slot = floor(${r(1)} * ${slots})::int
  join statuses s on s.slot = floor(${r(2)} * ${statusSlots})::int
  offset 0
),
shaped as (
  select p.*, 'int_' || substr(md5(${lit(key)} || '/link/' || p.i), 1, 24) as id,
    (${lit(CUSTOMER_NAMES.join('|'))}::text) as names
  from picked p
)
insert into intents (
  id, submerchant_id, amount, currency, status, status_is_final, capture_mode, reference, description,
  customer_name, customer_phone_number, customer_email_address, customer_sms_sent, customer_email_sent,
  customer_country_code, created_at, created_by, updated_at, authorized_at, expires_at, client_access_path, logs
)
select x.id, x.submerchant_id, 1500 + (round(power(x.r_amount, 2) * 120) * 100)::int, 'GBP', x.status,
  not x.open, case when x.status = 'authorized_pending_capture' or x.r_manual < 0.1 then 'manual' else 'automatic' end,
  case when x.job_number then 'JOB' || lpad(floor(x.r_ref * 1000000)::int::text, 6, '0')
       when x.r_ref < 0.6 then 'BK-' || lpad(floor(x.r_ref * 100000)::int::text, 5, '0') end,
  (array['Airport transfer','Pre-booked journey','Account journey','Station run'])[1 + floor(x.r_ref * 4)::int],
  split_part(x.names, '|', 1 + floor(x.r_name * ${CUSTOMER_NAMES.length})::int),
  case when x.r_sms < 0.6 then '+4477009' || lpad(floor(x.r_name * 100000)::int::text, 5, '0') end,
  case when x.r_sms >= 0.6 then lower(replace(split_part(x.names, '|', 1 + floor(x.r_name * ${CUSTOMER_NAMES.length})::int), ' ', '.')) || '@example.net' end,
  x.r_sms < 0.6, x.r_sms >= 0.6, 'GB', x.created_at, x.owner_id, x.created_at,
  case when x.status = 'authorized_pending_capture' then x.created_at + interval '20 minutes' end,
  x.created_at + interval '14 days', '/pay/' || x.id,
  jsonb_build_array(${stamp('x.created_at')} || 'Payment link created')
    || case when x.status = 'expired' then jsonb_build_array(${stamp("(x.created_at + interval '14 days')")} || 'Payment link expired')
            when x.status = 'cancelled' then jsonb_build_array(${stamp("(x.created_at + interval '2 hours')")} || 'Payment link cancelled')
            when x.status = 'payment_declined' then jsonb_build_array(${stamp("(x.created_at + interval '30 minutes')")} || 'Payment declined by the card issuer')
            when x.status = 'authorized_pending_capture' then jsonb_build_array(${stamp("(x.created_at + interval '20 minutes')")} || 'Payment authorised, awaiting capture')
            else '[]'::jsonb end
from shaped x`
}
