import { describe, expect, it } from 'vitest'
import { DATE_PRESETS } from '@/lib/date-presets'
import {
  dayRangeToBounds,
  formatDateTime,
  formatDayEntry,
  maskDayEntry,
  parseDayEntry,
  presetRange,
  validateDayRange,
} from '@/lib/dates'

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

describe('parseDayEntry', () => {
  it.each([
    ['15/05/2026', '2026-05-15'],
    ['1/5/2026', '2026-05-01'],
    ['29/02/2024', '2024-02-29'],
    ['31.12.2025', '2025-12-31'],
    ['31-12-2025', '2025-12-31'],
    ['15 05 2026', '2026-05-15'],
    ['  15 / 05 / 2026  ', '2026-05-15'],
    ['15052026', '2026-05-15'],
    ['2026-05-15', '2026-05-15'],
  ])('reads %j as %s', (text, day) => {
    expect(parseDayEntry(text)).toEqual({ ok: true, day, shortYear: false })
  })

  it('reads a two-digit year as this century, and says so', () => {
    expect(parseDayEntry('15/05/26')).toEqual({ ok: true, day: '2026-05-15', shortYear: true })
    expect(parseDayEntry('010199')).toEqual({ ok: true, day: '2099-01-01', shortYear: true })
  })

  it('reads an empty or blank field as no date', () => {
    expect(parseDayEntry('')).toEqual({ ok: true, day: null, shortYear: false })
    expect(parseDayEntry('   ')).toEqual({ ok: true, day: null, shortYear: false })
  })

  it.each([
    ['31/02/2026', 'Day must be from 1 to 28 in February 2026'],
    ['29/02/2025', 'Day must be from 1 to 28 in February 2025'],
    ['31/04/2026', 'Day must be from 1 to 30 in April 2026'],
    ['00/01/2026', 'Day must be from 1 to 31 in January 2026'],
    ['2026-02-30', 'Day must be from 1 to 28 in February 2026'],
    ['15/13/2026', 'Month must be from 1 to 12'],
    ['15/00/2026', 'Month must be from 1 to 12'],
    ['15/05/1899', 'Year must be from 1900 to 2099'],
    ['15/05/2100', 'Year must be from 1900 to 2099'],
  ])('rejects %j: %s', (text, message) => {
    expect(parseDayEntry(text)).toEqual({ ok: false, message })
  })

  it.each(['15/05', '15/05/202', '15/05/20266', '05/15', 'tomorrow', '15//05/2026', '2026/05/15'])(
    'asks for DD/MM/YYYY when %j is not a date',
    (text) => {
      expect(parseDayEntry(text)).toEqual({
        ok: false,
        message: 'Enter the date as DD/MM/YYYY, for example 15/05/2026',
      })
    },
  )
})

describe('formatDayEntry and maskDayEntry', () => {
  it('shows a day as DD/MM/YYYY, and no day as nothing', () => {
    expect(formatDayEntry('2026-05-01')).toBe('01/05/2026')
    expect(formatDayEntry(null)).toBe('')
  })

  it('adds the slashes to digits typed on a numeric keypad, and leaves the rest', () => {
    expect(['1', '15', '150', '1505', '15052', '15052026'].map(maskDayEntry)).toEqual([
      '1',
      '15',
      '15/0',
      '15/05',
      '15/05/2',
      '15/05/2026',
    ])
    expect(maskDayEntry('1/5/2026')).toBe('1/5/2026')
    expect(maskDayEntry('150520261')).toBe('150520261')
  })
})
