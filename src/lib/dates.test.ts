import { describe, expect, it } from 'vitest'
import { DATE_PRESETS } from '@/lib/date-presets'
import { dayRangeToBounds, formatDateTime, presetRange, validateDayRange } from '@/lib/dates'

// Wednesday 15 May 2024, mid-afternoon local time.
const now = new Date(2024, 4, 15, 15, 30)

describe('presetRange', () => {
  it.each([
    ['this_week', '2024-05-13', '2024-05-15'],
    ['last_week', '2024-05-06', '2024-05-12'],
    ['previous_7_days', '2024-05-09', '2024-05-15'],
    ['this_month', '2024-05-01', '2024-05-15'],
    ['last_month', '2024-04-01', '2024-04-30'],
    ['previous_30_days', '2024-04-16', '2024-05-15'],
    ['this_year', '2024-01-01', '2024-05-15'],
    ['last_year', '2023-01-01', '2023-12-31'],
    ['previous_365_days', '2023-05-17', '2024-05-15'],
  ] as const)('%s → %s … %s', (preset, start, end) => {
    expect(presetRange(preset, now)).toEqual({ start, end })
  })

  it('all_time is unbounded', () => {
    expect(presetRange('all_time', now)).toEqual({ start: null, end: null })
  })

  it('starts weeks on Monday, also when today is Sunday', () => {
    expect(presetRange('this_week', new Date(2024, 4, 19))).toEqual({
      start: '2024-05-13',
      end: '2024-05-19',
    })
  })

  it('handles January for last_month', () => {
    expect(presetRange('last_month', new Date(2024, 0, 10))).toEqual({
      start: '2023-12-01',
      end: '2023-12-31',
    })
  })

  it('lists the presets in order', () => {
    expect(DATE_PRESETS).toEqual([
      'custom',
      'this_week',
      'last_week',
      'previous_7_days',
      'this_month',
      'last_month',
      'previous_30_days',
      'this_year',
      'last_year',
      'previous_365_days',
      'all_time',
    ])
  })
})

describe('validateDayRange', () => {
  it('blocks future start dates', () => {
    expect(validateDayRange({ start: '2024-05-16', end: null }, now)).toEqual({
      start: 'Start date is after current date',
    })
    expect(validateDayRange({ start: '2024-05-15', end: null }, now)).toEqual({})
  })

  it('rejects an end before the start', () => {
    expect(validateDayRange({ start: '2024-05-10', end: '2024-05-09' }, now)).toEqual({
      end: 'End date is before Start date',
    })
    expect(validateDayRange({ start: '2024-05-10', end: '2024-05-10' }, now)).toEqual({})
  })
})

describe('dayRangeToBounds', () => {
  it('makes a half-open range covering the whole end day', () => {
    const bounds = dayRangeToBounds({ start: '2024-05-01', end: '2024-05-31' })
    expect(bounds.gte).toBe(new Date(2024, 4, 1).toISOString())
    expect(bounds.lt).toBe(new Date(2024, 5, 1).toISOString())
  })

  it('omits open ends', () => {
    expect(dayRangeToBounds({ start: null, end: null })).toEqual({})
  })
})

describe('formatDateTime', () => {
  it('uses the format with a 12-hour hour beside the meridiem', () => {
    expect(formatDateTime(new Date(2024, 4, 15, 15, 5))).toBe('2024-05-15 03:05 PM')
    expect(formatDateTime(new Date(2024, 4, 15, 23, 53))).toBe('2024-05-15 11:53 PM')
  })

  it('writes midnight and noon as 12, never 00', () => {
    expect(formatDateTime(new Date(2024, 4, 15, 0, 7))).toBe('2024-05-15 12:07 AM')
    expect(formatDateTime(new Date(2024, 4, 15, 12, 0))).toBe('2024-05-15 12:00 PM')
    expect(formatDateTime(new Date(2024, 4, 15, 9, 30))).toBe('2024-05-15 09:30 AM')
  })
})
