// Set-based generation of the big tables (sales, balance transactions, receipts, payouts, refunds,
// payment-link intents) inside the database: a few INSERT … SELECT statements over generate_series.
import { WITHHELD_REASONS } from '../domain/sale-capture'
import type { PayoutMode } from './fixtures'

export interface SaleSlot {
  submerchantId: string
  terminalId: string
  serialNumber: string
  allowsEcommerce: boolean
  jobNumber: boolean
  payoutMode: PayoutMode
  destinationId: string
  ownerId: string
}

export interface BulkOptions {
  sales: number
  seed: number
  // 128 random bits per seeding (crypto.randomBytes): keys the capability ids below.
  capabilityKey: string
  now: Date
  slots: SaleSlot[]
}

const lit = (value: string) => `'${value.replace(/'/g, "''")}'`
const textArray = (values: readonly string[]) => `array[${values.map(lit).join(',')}]::text[]`

// Uniform [0,1) from a 64-bit hash of (row key, seed, salt); deterministic for a given seed.
function rnd(seed: number, key: string, salt: number): string {
  return `((hashint8extended((${key})::int8, ${seed * 1000 + salt}::int8) & 4503599627370495)::float8 / 4503599627370496.0)`
}
function rndText(seed: number, key: string, salt: number): string {
  return `((hashtextextended(${key}, ${seed * 1000 + salt}::int8) & 4503599627370495)::float8 / 4503599627370496.0)`
}

// Relative frequency of fares per local hour; evenings and weekend nights peak.
const WEEKDAY_HOURS = [2, 1, 1, 1, 1, 2, 3, 5, 6, 5, 4, 4, 5, 5, 4, 4, 5, 7, 8, 7, 6, 6, 6, 4]
function hourWeights(dow: number): number[] {
  return WEEKDAY_HOURS.map((w, hour) => {
    const fridaySaturdayEvening = (dow === 5 || dow === 6) && hour >= 20 ? 6 : 0
    const weekendSmallHours = (dow === 6 || dow === 0) && hour < 4 ? 8 : 0
    return w + fridaySaturdayEvening + weekendSmallHours
  })
}
function hourExpression(dowExpr: string, r: string): string {
  const cases = [0, 1, 2, 3, 4, 5, 6].map((dow) => {
    const expanded = hourWeights(dow).flatMap((w, hour) => Array<number>(w).fill(hour))
    return `when ${dow} then (array[${expanded.join(',')}])[1 + floor(${r} * ${expanded.length})::int]`
  })
  return `(case ${dowExpr} ${cases.join(' ')} end)`
}

const REFUND_REASONS = [
  'Customer overcharged',
  'Journey cancelled',
  'Duplicate payment',
  'Wrong fare entered',
  'Customer complaint',
]
export const CUSTOMER_NAMES = [
  'Amelia Hughes',
  'Oliver Smith',
  'Isla Brown',
  'Jack Wilson',
  'Sophie Taylor',
  'Harry Davies',
  'Priya Shah',
  'Liam Murphy',
  'Chloe Evans',
  'Noah Walker',
]

// SQL statements, run in order, that fill sales, balance_transactions, receipts, intents (paid
// payment links), payouts and refund_requests.
export function bulkStatements({ sales, seed, capabilityKey, now, slots }: BulkOptions): string[] {
  const nowSql = `${lit(now.toISOString())}::timestamptz`
  const r = (salt: number) => rnd(seed, 'g.i', salt)
  const slotValues = slots
    .map(
      (s, index) =>
        `(${index}, ${lit(s.submerchantId)}, ${lit(s.terminalId)}, ${lit(s.serialNumber)}, ${s.allowsEcommerce}, ${s.jobNumber}, ${lit(s.payoutMode)}, ${lit(s.destinationId)})`,
    )
    .join(',\n')
  const withheld = WITHHELD_REASONS.map(({ reason }) => reason)
  const withheldMessages = WITHHELD_REASONS.map(({ message }) => message)

  const subValues = [...new Map(slots.map((s) => [s.submerchantId, s.payoutMode])).entries()]
    .map(([sub, mode]) => `(${lit(sub)}, ${lit(mode)})`)
    .join(', ')

  // One row per (account, local day): the time-zone and payout arithmetic is done here, ~4,000
  // times, instead of once per sale. Sales then add seconds to the local midnight.
  // `offset 0` keeps each step a separate subquery so its expressions are evaluated once per row.
  const salesInsert = `
with slots(slot, submerchant_id, terminal_id, serial_number, allows_ecommerce, job_number, payout_mode, destination_id) as (
  values ${slotValues}
),
subs(submerchant_id, payout_mode) as (values ${subValues}),
days as (
  select d.d, (date_trunc('day', ${nowSql} at time zone 'Europe/London') - d.d * interval '1 day') as local_day
  from generate_series(0, 395) as d(d)
),
sub_days as (
  select s.submerchant_id, days.d,
    days.local_day at time zone 'Europe/London' as midnight,
    extract(dow from days.local_day)::int as dow,
    to_char(days.local_day, 'YDDD') as yddd,
    case when days.local_day::date < (${nowSql} at time zone 'Europe/London')::date - 1
         then 'stl_' || to_char(days.local_day, 'YYYYMMDD') || '_' || substr(md5(s.submerchant_id), 1, 8) end as settlement_id,
    -- A payout's period is the sale's London day (weekly: its Monday-to-Sunday week); the payout
    -- is made 30 hours after the period ends (README "Payouts and their sales").
    (case when s.payout_mode = 'weekly' then date_trunc('week', days.local_day) + interval '7 days'
          else days.local_day + interval '1 day' end) at time zone 'Europe/London' + interval '30 hours' as payout_at,
    case when s.payout_mode = 'weekly' then to_char(date_trunc('week', days.local_day), 'YYYY-MM-DD')
         else to_char(days.local_day, 'YYYY-MM-DD') end as payout_period
  from subs s cross join days
),
sub_days_paid as materialized (
  select sd.*,
    case when sd.payout_at <= ${nowSql}
         then 'pay_' || substr(md5(${seed} || '/payout/' || sd.submerchant_id || '/' || sd.payout_period), 1, 24) end as payout_id
  from sub_days sd
),
picked as (
  select g.i, s.*,
    md5(${seed} || '/sale/' || g.i) as h,
    floor(395 * power(${r(2)}, 1.15))::int as d,
    ${r(3)} as r_hour, ${r(4)} as r_minute, ${r(5)} as r_method, ${r(6)} as r_fare,
    ${r(7)} as r_tip, ${r(8)} as r_tip_kind, ${r(9)} as r_scheme, ${r(10)} as r_type,
    ${r(11)} as r_commercial, ${r(12)} as r_country, ${r(13)} as r_pan, ${r(14)} as r_rrn,
    ${r(15)} as r_withheld, ${r(16)} as r_reason, ${r(17)} as r_reference
  from generate_series(1, ${sales}) as g(i)
  join slots s on s.slot = floor(${r(1)} * ${slots.length})::int
  offset 0
),
timed as (
  select p.*, sd.yddd, sd.settlement_id, sd.payout_id,
    case when p.r_method < 0.08 and p.allows_ecommerce then 'ecommerce'
         when p.r_method < 0.72 then 'pos' else 'softpos' end as method,
    600 + (round(7400 * power(p.r_fare, 2.8) / 20) * 20)::int as sale_amount,
    sd.midnight + (${hourExpression('sd.dow', 'p.r_hour')} * 3600 + floor(p.r_minute * 3600)::int) * interval '1 second' as raw_captured_at
  from picked p join sub_days_paid sd on sd.submerchant_id = p.submerchant_id and sd.d = p.d
  offset 0
),
shaped as (
  select t.*,
    -- A fare later today than now moves into the few hours before now.
    case when t.raw_captured_at > ${nowSql} then ${nowSql} - (1 + floor(t.r_minute * 21600)::int) * interval '1 second' else t.raw_captured_at end as captured_at,
    case when t.method = 'ecommerce' or t.r_tip >= 0.2 then 0
         when t.r_tip_kind < 0.5 then coalesce(nullif(((t.sale_amount + 99) / 100) * 100 - t.sale_amount, 0), 100)
         when t.r_tip_kind < 0.75 then (round(t.sale_amount * 0.1 / 10) * 10)::int
         when t.r_tip_kind < 0.9 then 200 else 500 end as gratuity_amount,
    case when t.r_scheme < 0.55 then 'visa' when t.r_scheme < 0.93 then 'mastercard' else 'american_express' end as card_scheme,
    (array['GB','GB','GB','GB','GB','GB','GB','GB','GB','GB','GB','GB','GB','GB','GB','GB','GB','IE','FR','DE','ES','IT','NL','US','US','AU','CN'])[1 + floor(t.r_country * 27)::int] as card_country_code
  from timed t
  offset 0
),
final as (
  select s.*,
    s.sale_amount + s.gratuity_amount as amount,
    case when s.card_scheme = 'american_express' then 'credit'
         when s.r_type < 0.52 then 'debit' when s.r_type < 0.95 then 'credit' else 'prepaid' end as card_type,
    s.r_withheld < 0.015 as withheld,
    1 + floor(s.r_reason * ${withheld.length})::int as reason_index
  from shaped s
  offset 0
),
-- Fees: card-type rate plus uplifts for commercial and international cards, plus a fixed part.
priced as (
  select f.*,
    (round(f.amount * (
        case when f.card_scheme = 'american_express' then 290 when f.card_type = 'debit' then 120
             when f.card_type = 'prepaid' then 150 else 170 end
        + case when f.r_commercial < 0.07 then 50 else 0 end
        + case when f.card_country_code not in ('GB','IE','FR','DE','ES','IT','NL') then 80 else 0 end
      ) / 10000.0) + case when f.method = 'ecommerce' then 20 else 5 end)::int as fee
  from final f
  offset 0
)
insert into sales (
  id, submerchant_id, amount, sale_amount, gratuity_amount, currency, method, pan_last_four, auth_code,
  card_scheme, card_is_commercial, card_type, card_is_prepaid, card_country_code, card_country_is_in_eea,
  captured_at, retrieval_reference_number, settlement_transaction_id, balance_transaction_id,
  disbursement_withheld, disbursement_withheld_reason, disbursement_withheld_message, disbursement_withheld_url,
  terminal_id, terminal_serial_number, receipt_id, intent_id, external_reference, payout_id, fee_amount
)
select
  'sale_' || substr(f.h, 1, 24),
  f.submerchant_id, f.amount, f.sale_amount, f.gratuity_amount, 'GBP', f.method,
  lpad(floor(f.r_pan * 10000)::int::text, 4, '0'),
  upper(substr(f.h, 25, 6)),
  f.card_scheme, f.r_commercial < 0.07, f.card_type, f.card_type = 'prepaid', f.card_country_code,
  f.card_country_code in ('IE','FR','DE','ES','IT','NL'),
  f.captured_at,
  f.yddd || lpad(floor(f.r_rrn * 100000000)::int::text, 8, '0'),
  f.settlement_id,
  'btx_' || substr(f.h, 1, 24),
  f.withheld,
  case when f.withheld then (${textArray(withheld)})[f.reason_index] end,
  case when f.withheld then (${textArray(withheldMessages)})[f.reason_index] end,
  case when f.withheld and f.r_reason < 0.67 then 'https://support.sandbox.example/withheld/' || substr(f.h, 1, 24) end,
  case when f.method = 'pos' then f.terminal_id end,
  case when f.method = 'pos' then f.serial_number end,
  'rcp_' || substr(md5(${lit(capabilityKey)} || '/receipt/' || f.i), 1, 24),
  case when f.method = 'ecommerce' then 'int_' || substr(md5(${lit(capabilityKey)} || '/intent/' || f.i), 1, 24) end,
  case when f.method = 'ecommerce' and f.job_number then 'JOB' || lpad(floor(f.r_reference * 1000000)::int::text, 6, '0')
       when f.method = 'ecommerce' and f.r_reference < 0.5 then 'BK-' || lpad(floor(f.r_reference * 200000)::int::text, 5, '0') end,
  case when not f.withheld then f.payout_id end,
  f.fee
from priced f
-- In capture order, as a live table fills: a period's sales then share heap pages, and a range
-- read (a month's export) touches hundreds of pages instead of one per sale.
order by f.captured_at`

  // The fee was priced with the sale (its fee_amount copy); the balance transaction carries it.
  // Read in the sales' physical order, which is capture order: the transactions land in it too.
  const balanceInsert = `
insert into balance_transactions (id, submerchant_id, source_id, type, amount, fee_amount, net_amount, currency, created_at, payout_id)
select s.balance_transaction_id, s.submerchant_id, s.id, 'sale', s.amount, s.fee_amount, s.amount - s.fee_amount, s.currency, s.captured_at, s.payout_id
from sales s`

  const receiptsInsert = `
insert into receipts (id, sale_id, submerchant_id, created_at)
select receipt_id, id, submerchant_id, captured_at from sales where receipt_id is not null`

  const ownerValues = [...new Map(slots.map((s) => [s.submerchantId, s.ownerId])).entries()]
    .map(([sub, owner]) => `(${lit(sub)}, ${lit(owner)})`)
    .join(', ')
  const destinationValues = [
    ...new Map(slots.map((s) => [s.submerchantId, [s.payoutMode, s.destinationId]])).entries(),
  ]
    .map(([sub, [mode, dest]]) => `(${lit(sub)}, ${lit(mode ?? '')}, ${lit(dest ?? '')})`)
    .join(', ')

  const sr = (salt: number) => rndText(seed, 's.id', salt)
  const intentsInsert = `
with owners(submerchant_id, owner_id) as (values ${ownerValues})
insert into intents (
  id, submerchant_id, amount, currency, status, status_is_final, capture_mode, capture_amount, reference,
  description, customer_name, customer_phone_number, customer_email_address, customer_sms_sent,
  customer_email_sent, customer_ip_address, customer_device_info, customer_country_code, created_at,
  created_by, updated_at, succeeded_at, authorized_at, expires_at, client_access_path, sale_id, logs
)
select x.intent_id, x.submerchant_id, x.amount, x.currency, 'succeeded', true, 'automatic', x.amount,
  x.external_reference, 'Pre-booked journey', x.customer_name,
  case when x.sms then '+4477009' || lpad(floor(x.r_phone * 100000)::int::text, 5, '0') end,
  case when not x.sms then lower(replace(x.customer_name, ' ', '.')) || '@example.net' end,
  x.sms, not x.sms, '203.0.113.' || (1 + floor(x.r_phone * 250)::int),
  'Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) Mobile/15E148', 'GB',
  x.created_at, x.owner_id, x.captured_at, x.captured_at, x.captured_at, x.created_at + interval '14 days',
  '/pay/' || x.intent_id, x.id,
  jsonb_build_array(
    '[' || to_char(x.created_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS"Z"') || '] Payment link created',
    '[' || to_char(x.created_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS"Z"') || '] Customer notified by ' || case when x.sms then 'SMS' else 'email' end,
    '[' || to_char(x.captured_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS"Z"') || '] Payment authorised and captured'
  )
from (
  select s.*, o.owner_id,
    (${textArray(CUSTOMER_NAMES)})[1 + floor(${sr(1)} * ${CUSTOMER_NAMES.length})::int] as customer_name,
    ${sr(2)} < 0.6 as sms, ${sr(3)} as r_phone,
    s.captured_at - (5 + floor(${sr(4)} * 600)) * interval '1 minute' as created_at
  from sales s join owners o on o.submerchant_id = s.submerchant_id
  where s.intent_id is not null
) x`

  const payoutsInsert = `
with destinations(submerchant_id, payout_mode, destination_id) as (values ${destinationValues})
insert into payouts (id, submerchant_id, payment_reference, amount, currency, created_at, scheduled, destination_type, destination_id, status)
select p.payout_id, p.submerchant_id,
  'PO' || to_char(p.created_at at time zone 'Europe/London', 'YYMMDD') || upper(substr(p.payout_id, 5, 6)),
  p.amount, 'GBP', p.created_at, d.payout_mode <> 'card',
  case when d.payout_mode = 'card' then 'payout_card' else 'bank_account' end, d.destination_id,
  case when p.created_at > ${nowSql} - interval '2 days' then 'in_transit' else 'paid' end
from (
  select b.payout_id, b.submerchant_id, sum(b.net_amount)::int as amount,
    -- The payout time is the one computed for its sales: 30 hours after their period ends.
    (case when max(d2.payout_mode) = 'weekly'
       then date_trunc('week', max(b.created_at) at time zone 'Europe/London') + interval '7 days'
       else date_trunc('day', max(b.created_at) at time zone 'Europe/London') + interval '1 day' end) at time zone 'Europe/London' + interval '30 hours' as created_at
  from balance_transactions b join destinations d2 on d2.submerchant_id = b.submerchant_id
  where b.payout_id is not null
  group by b.payout_id, b.submerchant_id
) p join destinations d on d.submerchant_id = p.submerchant_id`

  // About 0.4 % of sales get a refund request, in every status, full or partial.
  const refundsInsert = `
with owners(submerchant_id, owner_id) as (values ${ownerValues})
insert into refund_requests (id, sale_id, submerchant_id, status, amount, refund_reason, customer_email_address, currency, created_at, created_by, updated_at)
select 'ref_' || substr(md5(${seed} || '/refund/' || x.id), 1, 24), x.id, x.submerchant_id,
  case when x.r_status < 0.3 then 'pending' when x.r_status < 0.45 then 'approved'
       when x.r_status < 0.6 then 'rejected' else 'completed' end,
  case when x.r_partial < 0.5 then x.amount else greatest(100, (x.amount * (0.2 + x.r_partial * 0.6))::int / 10 * 10) end,
  (${textArray(REFUND_REASONS)})[1 + floor(x.r_reason * ${REFUND_REASONS.length})::int],
  case when x.r_email < 0.4 then 'customer' || floor(x.r_email * 10000)::int || '@example.net' end,
  x.currency, x.created_at, x.owner_id, x.created_at
from (
  select s.*, o.owner_id, ${sr(11)} as r_status, ${sr(12)} as r_partial, ${sr(13)} as r_reason, ${sr(14)} as r_email,
    least(${nowSql}, s.captured_at + (1 + floor(${sr(15)} * 72)) * interval '1 hour') as created_at
  from sales s join owners o on o.submerchant_id = s.submerchant_id
  where ${sr(10)} < 0.004
) x`

  const refundBalanceInsert = `
insert into balance_transactions (id, submerchant_id, source_id, type, amount, fee_amount, net_amount, currency, created_at)
select 'btx_' || substr(md5('refund/' || r.id), 1, 24), r.submerchant_id, r.id, 'refund', -r.amount, 0, -r.amount, r.currency, r.updated_at
from refund_requests r where r.status = 'completed'`

  return [
    // The planner misjudges the generated rows and would sort them all for a merge join.
    `set enable_mergejoin = off;\n${salesInsert};\nreset enable_mergejoin;`,
    balanceInsert,
    receiptsInsert,
    intentsInsert,
    payoutsInsert,
    refundsInsert,
    refundBalanceInsert,
  ]
}
