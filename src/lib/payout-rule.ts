// The next payout, worked out by the payout rule (README "Payouts and their sales", docs/screens.md#dashboard):
// a payout made at T pays the sales captured from P − 30 h to T − 30 h (P: the previous payout),
// and a period is one London day, or one Monday-to-Sunday week, paid 30 hours after it ends.

import { offsetMinutes } from '@/lib/zone-offset'

export const PAYOUT_ZONE = 'Europe/London'
export const PAYOUT_DELAY_HOURS = 30
const HOUR_MS = 3_600_000
export const DAY_MS = 24 * HOUR_MS

export interface PayoutForecast {
  cadence: 'daily' | 'weekly'
  // The sales the next payout pays: captured from `from` until the period ends (none are later than now).
  from: string
  periodEnd: string
  expectedAt: string
}

// `days` calendar days after `at` in the zone: 23 or 25 hours across a clock change.
function addLocalDays(at: number, days: number, timeZone: string): number {
  const naive = at + days * DAY_MS
  return naive + (offsetMinutes(at, timeZone) - offsetMinutes(naive, timeZone)) * 60_000
}

/**
 * The open period after the latest payout: its sales start 30 h before that payout; it is a day or a
 * week (a gap of six days or more between the last two payouts means weekly). A period that ended
 * without a payout (no sales) runs on into the next one, as the sandbox pays them together.
 */
export function forecastPayout(
  latestPayoutAt: string,
  previousPayoutAt: string | null,
  now: Date = new Date(),
  timeZone: string = PAYOUT_ZONE,
): PayoutForecast {
  const latest = Date.parse(latestPayoutAt)
  const gap = previousPayoutAt === null ? 0 : latest - Date.parse(previousPayoutAt)
  const cadence = gap >= 6 * DAY_MS ? 'weekly' : 'daily'
  const length = cadence === 'weekly' ? 7 : 1
  const from = latest - PAYOUT_DELAY_HOURS * HOUR_MS
  let end = addLocalDays(from, length, timeZone)
  while (end + PAYOUT_DELAY_HOURS * HOUR_MS <= now.getTime()) {
    end = addLocalDays(end, length, timeZone)
  }
  return {
    cadence,
    from: new Date(from).toISOString(),
    periodEnd: new Date(end).toISOString(),
    expectedAt: new Date(end + PAYOUT_DELAY_HOURS * HOUR_MS).toISOString(),
  }
}

export interface DuePayout {
  // The sales it pays: captured from `from` (inclusive) until `until` (exclusive).
  from: string
  until: string
  // When it is made: 30 hours after its period ends.
  payAt: string
}

// Where the next payout's sales start: 30 hours before the latest payout was made.
export function payoutSalesFrom(latestPayoutAt: string): string {
  return new Date(Date.parse(latestPayoutAt) - PAYOUT_DELAY_HOURS * HOUR_MS).toISOString()
}

/**
 * The payout whose time has come after the latest one, if any (the sandbox makes it then), given
 * the first sale it would pay (captured at or after payoutSalesFrom, not paid, not withheld): it
 * pays from the latest payout's start until the end of the period holding that sale, and is made
 * 30 hours after that end. Periods before it had nothing to pay, so they run on into it.
 */
export function duePayout(
  latestPayoutAt: string,
  previousPayoutAt: string | null,
  now: Date,
  firstSaleAt: string | null,
  timeZone: string = PAYOUT_ZONE,
): DuePayout | null {
  if (firstSaleAt === null) return null
  const latest = Date.parse(latestPayoutAt)
  const gap = previousPayoutAt === null ? 0 : latest - Date.parse(previousPayoutAt)
  const length = gap >= 6 * DAY_MS ? 7 : 1
  const from = latest - PAYOUT_DELAY_HOURS * HOUR_MS
  const sale = Date.parse(firstSaleAt)
  let end = addLocalDays(from, length, timeZone)
  while (end <= sale) end = addLocalDays(end, length, timeZone)
  const payAt = end + PAYOUT_DELAY_HOURS * HOUR_MS
  if (payAt > now.getTime()) return null
  return {
    from: new Date(from).toISOString(),
    until: new Date(end).toISOString(),
    payAt: new Date(payAt).toISOString(),
  }
}
