import { describe, expect, it } from 'vitest'
import {
  deadlineState,
  dueTaxReminders,
  londonDate,
  londonMidnight,
  parseTaxYear,
  taxQuarters,
  taxYearBounds,
  taxYearLabel,
  taxYearOf,
} from '@/lib/tax-year'

describe('tax year rules', () => {
  it('reads and writes labels, refusing what is not a tax year', () => {
    expect(parseTaxYear('2026-27')).toBe(2026)
    expect(parseTaxYear('2099-00')).toBe(2099)
    for (const bad of ['2026-28', '1999-00', '2026', '2026-2027', ' 2026-27', '26-27']) {
      expect(parseTaxYear(bad), bad).toBeNull()
    }
    expect(taxYearLabel(2009)).toBe('2009-10')
    expect(taxYearLabel(2099)).toBe('2099-00')
  })

  it('starts a London day at 23:00 UTC in summer time and 00:00 in winter', () => {
    expect(londonMidnight('2026-04-06').toISOString()).toBe('2026-04-05T23:00:00.000Z')
    expect(londonMidnight('2027-01-06').toISOString()).toBe('2027-01-06T00:00:00.000Z')
    // The clock-change days themselves begin before the change (01:00 UTC).
    expect(londonMidnight('2026-03-29').toISOString()).toBe('2026-03-29T00:00:00.000Z')
    expect(londonMidnight('2026-10-25').toISOString()).toBe('2026-10-24T23:00:00.000Z')
    expect(londonDate(Date.parse('2026-04-05T22:59:59.999Z'))).toBe('2026-04-05')
    expect(londonDate(Date.parse('2026-04-05T23:00:00.000Z'))).toBe('2026-04-06')
  })

  it('puts 5 April in the year before and 6 April in the new one', () => {
    expect(taxYearOf(Date.parse('2026-04-05T22:59:59.999Z'))).toBe(2025)
    expect(taxYearOf(Date.parse('2026-04-05T23:00:00.000Z'))).toBe(2026)
    expect(taxYearBounds(Date.parse('2026-12-07T12:00:00Z'))).toEqual({
      earliest: 2020,
      latest: 2027,
    })
  })

  it('gives the standard and calendar quarters with the same deadlines', () => {
    const deadlines = ['2026-08-07', '2026-11-07', '2027-02-07', '2027-05-07']
    expect(taxQuarters(2026, 'standard')).toEqual([
      { quarter: 1, startDate: '2026-04-06', endDate: '2026-07-05', deadline: deadlines[0] },
      { quarter: 2, startDate: '2026-07-06', endDate: '2026-10-05', deadline: deadlines[1] },
      { quarter: 3, startDate: '2026-10-06', endDate: '2027-01-05', deadline: deadlines[2] },
      { quarter: 4, startDate: '2027-01-06', endDate: '2027-04-05', deadline: deadlines[3] },
    ])
    expect(taxQuarters(2026, 'calendar').map((q) => [q.startDate, q.endDate, q.deadline])).toEqual([
      ['2026-04-01', '2026-06-30', deadlines[0]],
      ['2026-07-01', '2026-09-30', deadlines[1]],
      ['2026-10-01', '2026-12-31', deadlines[2]],
      ['2027-01-01', '2027-03-31', deadlines[3]],
    ])
  })

  it('says upcoming while a quarter runs, due in N days after it ends, passed after the deadline', () => {
    const [q1] = taxQuarters(2026, 'standard')
    if (!q1) throw new Error('no quarter')
    expect(deadlineState(q1, '2026-04-01')).toEqual({ state: 'upcoming' })
    expect(deadlineState(q1, '2026-07-05')).toEqual({ state: 'upcoming' })
    expect(deadlineState(q1, '2026-07-06')).toEqual({ state: 'due', days: 32 })
    expect(deadlineState(q1, '2026-08-07')).toEqual({ state: 'due', days: 0 })
    expect(deadlineState(q1, '2026-08-08')).toEqual({ state: 'passed' })
  })
})

describe('quarterly deadline reminders', () => {
  const q3 = { taxYear: '2026-27', quarter: 3, deadline: '2027-02-07' }

  it('is due 14 days before a deadline, then 3 days before, up to the day itself', () => {
    expect(dueTaxReminders('2027-01-23')).toEqual([])
    expect(dueTaxReminders('2027-01-24')).toEqual([{ ...q3, leadDays: 14, daysLeft: 14 }])
    expect(dueTaxReminders('2027-02-03')).toEqual([{ ...q3, leadDays: 14, daysLeft: 4 }])
    expect(dueTaxReminders('2027-02-04')).toEqual([{ ...q3, leadDays: 3, daysLeft: 3 }])
    expect(dueTaxReminders('2027-02-07')).toEqual([{ ...q3, leadDays: 3, daysLeft: 0 }])
    expect(dueTaxReminders('2027-02-08')).toEqual([])
  })

  it('gives a clock that jumped late only the nearer reminder', () => {
    expect(dueTaxReminders('2027-02-06')).toEqual([{ ...q3, leadDays: 3, daysLeft: 1 }])
  })

  it('knows which tax year each deadline closes', () => {
    expect(dueTaxReminders('2027-04-30')).toEqual([
      { taxYear: '2026-27', quarter: 4, deadline: '2027-05-07', leadDays: 14, daysLeft: 7 },
    ])
    expect(dueTaxReminders('2026-07-25')).toEqual([
      { taxYear: '2026-27', quarter: 1, deadline: '2026-08-07', leadDays: 14, daysLeft: 13 },
    ])
    expect(dueTaxReminders('2026-11-05')).toEqual([
      { taxYear: '2026-27', quarter: 2, deadline: '2026-11-07', leadDays: 3, daysLeft: 2 },
    ])
  })
})
