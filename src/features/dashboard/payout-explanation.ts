import { DAY_MS, PAYOUT_ZONE, type PayoutForecast } from '@/lib/payout-rule'

const day = (iso: string) =>
  new Intl.DateTimeFormat('en-GB', {
    weekday: 'short',
    day: 'numeric',
    month: 'short',
    timeZone: PAYOUT_ZONE,
  }).format(new Date(iso))

// One line on how the figure is worked out. A period that ended without a payout runs on into the
// next (the rule pays them together), so the sales may span several days or weeks.
export function howWorkedOut(forecast: PayoutForecast, now: number = Date.now()): string {
  const weekly = forecast.cadence === 'weekly'
  const unit = weekly ? 'week' : 'day'
  const first = day(forecast.from)
  const last = day(new Date(Date.parse(forecast.periodEnd) - 1).toISOString())
  // Periods of a day or a week, rounded: a day across a clock change is 23 or 25 hours.
  const periods = Math.round(
    (Date.parse(forecast.periodEnd) - Date.parse(forecast.from)) / ((weekly ? 7 : 1) * DAY_MS),
  )
  const sales =
    periods > 1
      ? `the sales of ${first} to ${last}`
      : weekly
        ? `the sales of the week ${first} to ${last}`
        : `the sales of ${first}`
  const soFar = Date.parse(forecast.periodEnd) > now ? ' so far' : ''
  const when =
    periods > 1
      ? `paid 30 hours after the last ${unit} ends (${unit}s without a payout run on into the next)`
      : `paid 30 hours after the ${unit} ends`
  return `Expected: the net (sales minus fees, withheld sales left out) of ${sales}${soFar}, ${when}.`
}
