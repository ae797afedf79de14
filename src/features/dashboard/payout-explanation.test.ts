import { describe, expect, it } from 'vitest'
import { howWorkedOut } from '@/features/dashboard/payout-explanation'
import { forecastPayout } from '@/lib/payout-rule'

const NET = 'Expected: the net (sales minus fees, withheld sales left out) of'

describe('howWorkedOut', () => {
  it('names the one day of a daily payout', () => {
    // Paid Tue 24 Nov 06:00 for Sunday; Monday's sales are paid next, on Wed 25 Nov 06:00.
    const now = new Date('2026-11-24T18:00:00Z')
    const forecast = forecastPayout('2026-11-24T06:00:00Z', '2026-11-23T06:00:00Z', now)
    expect(forecast.expectedAt).toBe('2026-11-25T06:00:00.000Z')
    expect(howWorkedOut(forecast, now.getTime())).toBe(
      `${NET} the sales of Mon 23 Nov, paid 30 hours after the day ends.`,
    )
  })

  it('names every day when days without a payout ran on into the next', () => {
    // The last payout (Mon 23 Nov 06:00) paid Sat 21 Nov; the days since had none, so the next one
    // pays Sun 22 to Thu 26 Nov together on Sat 28 Nov 06:00, as the date beside it says.
    const now = new Date('2026-11-27T18:00:00Z')
    const forecast = forecastPayout('2026-11-23T06:00:00Z', '2026-11-22T06:00:00Z', now)
    expect(forecast.expectedAt).toBe('2026-11-28T06:00:00.000Z')
    expect(howWorkedOut(forecast, now.getTime())).toBe(
      `${NET} the sales of Sun 22 Nov to Thu 26 Nov, paid 30 hours after the last day ends (days without a payout run on into the next).`,
    )
  })

  it('names the week of a weekly payout', () => {
    // Paid Tue 24 Nov 06:00 for the week to Sun 22 Nov: this week, Mon 23 to Sun 29 Nov, so far.
    const now = new Date('2026-11-25T12:00:00Z')
    const forecast = forecastPayout('2026-11-24T06:00:00Z', '2026-11-17T06:00:00Z', now)
    expect(howWorkedOut(forecast, now.getTime())).toBe(
      `${NET} the sales of the week Mon 23 Nov to Sun 29 Nov so far, paid 30 hours after the week ends.`,
    )
  })
})
