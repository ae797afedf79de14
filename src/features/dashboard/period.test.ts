// Local time is London here, so that the clock changes are the ones the product's people live by.
process.env.TZ = 'Europe/London'
import { describe, expect, it } from 'vitest'
import { lastDayOf, resolvePeriod } from '@/features/dashboard/period'

const hours = (range: { gte: string; lt: string }) =>
  (Date.parse(range.lt) - Date.parse(range.gte)) / 3_600_000

describe('resolvePeriod', () => {
  // Wednesday 20 May 2026, 14:30 BST.
  const now = new Date('2026-05-20T13:30:00Z')

  it('starts weeks on Monday and compares with the same span of last week so far', () => {
    const week = resolvePeriod({ period: 'this_week' }, now)
    expect(week.firstDay).toBe('2026-05-18')
    expect(week.lastDay).toBe('2026-05-24')
    expect(week.current).toEqual({
      gte: '2026-05-17T23:00:00.000Z',
      lt: '2026-05-24T23:00:00.000Z',
    })
    expect(week.inProgress).toBe(true)
    // Last Monday to last Wednesday 15:00 (the hour after now).
    expect(week.previous).toEqual({
      gte: '2026-05-10T23:00:00.000Z',
      lt: '2026-05-13T14:00:00.000Z',
    })
    expect(week.comparedWith).toBe('on last week')
    expect(week.unit).toBe('day')
  })

  it('compares a finished period with the whole one before, of equal length', () => {
    const lastWeek = resolvePeriod({ period: 'last_week' }, now)
    expect(lastWeek.firstDay).toBe('2026-05-11')
    expect(hours(lastWeek.current)).toBe(hours(lastWeek.previous))
    const lastMonth = resolvePeriod({ period: 'last_month' }, now)
    expect([lastMonth.firstDay, lastMonth.lastDay, lastMonth.days]).toEqual([
      '2026-04-01',
      '2026-04-30',
      30,
    ])
    expect(lastMonth.previous.gte).toBe('2026-03-02T00:00:00.000Z')
    expect(lastMonth.comparedWith).toBe('on the previous 30 days')
  })

  it('gives today by the hour against yesterday up to the same time', () => {
    const today = resolvePeriod({ period: 'today' }, now)
    expect(today.unit).toBe('hour')
    expect(today.previous).toEqual({
      gte: '2026-05-18T23:00:00.000Z',
      lt: '2026-05-19T14:00:00.000Z',
    })
    expect(today.comparedWith).toBe('on yesterday')
  })

  it('gives a clock-change day its 25 or 23 hours', () => {
    const autumn = resolvePeriod({ period: 'yesterday' }, new Date('2026-10-26T12:00:00Z'))
    expect(autumn.firstDay).toBe('2026-10-25')
    expect(hours(autumn.current)).toBe(25)
    expect(hours(autumn.previous)).toBe(24)
    const spring = resolvePeriod({ period: 'custom', from: '2026-03-29', to: '2026-03-29' }, now)
    expect(hours(spring.current)).toBe(23)
    expect(spring.label).toBe('29 Mar 2026 – 29 Mar 2026')
  })

  it('falls back to this week for an unreadable or too long custom range', () => {
    for (const [from, to] of [
      ['2026-05-10', '2026-05-01'],
      ['2026-02-30', '2026-03-01'],
      ['2020-01-01', '2026-01-01'],
      [undefined, '2026-01-01'],
    ]) {
      expect(resolvePeriod({ period: 'custom', from, to }, now).id).toBe(
        'this_week:2026-05-18:2026-05-24',
      )
    }
  })

  it('takes the last 24 hours up to now while the period runs, else up to its end', () => {
    expect(lastDayOf(resolvePeriod({ period: 'this_week' }, now), now)).toEqual({
      gte: '2026-05-19T14:00:00.000Z',
      lt: '2026-05-20T14:00:00.000Z',
    })
    expect(lastDayOf(resolvePeriod({ period: 'last_week' }, now), now).lt).toBe(
      '2026-05-17T23:00:00.000Z',
    )
  })
})
