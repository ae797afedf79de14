import dayjs, { type Dayjs } from 'dayjs'
import { DATE_TIME_FORMAT } from '@/config/limits'
import type { DatePreset } from '@/lib/date-presets'

export const DATE_RANGE_MESSAGES = {
  startAfterToday: 'Start date is after current date',
  endBeforeStart: 'End date is before Start date',
} as const

const DAY = 'YYYY-MM-DD'

// Inclusive calendar days as YYYY-MM-DD; null means unbounded.
export interface DayRange {
  start: string | null
  end: string | null
}

export function formatDateTime(value: string | number | Date): string {
  return dayjs(value).format(DATE_TIME_FORMAT)
}

export function toDay(value: Dayjs | Date | string): string {
  return dayjs(value).format(DAY)
}

// Weeks start on Monday (UK business weeks); dayjs' own week starts on Sunday.
function startOfWeek(day: Dayjs): Dayjs {
  return day.subtract((day.day() + 6) % 7, 'day').startOf('day')
}

function lastDays(today: Dayjs, count: number): DayRange {
  return { start: toDay(today.subtract(count - 1, 'day')), end: toDay(today) }
}

// Preset → inclusive day range, relative to `now`. 'custom' has no range of its own.
export function presetRange(
  preset: Exclude<DatePreset, 'custom'>,
  now: Date = new Date(),
): DayRange {
  const today = dayjs(now).startOf('day')
  switch (preset) {
    case 'this_week':
      return { start: toDay(startOfWeek(today)), end: toDay(today) }
    case 'last_week': {
      const start = startOfWeek(today).subtract(7, 'day')
      return { start: toDay(start), end: toDay(start.add(6, 'day')) }
    }
    case 'previous_7_days':
      return lastDays(today, 7)
    case 'this_month':
      return { start: toDay(today.startOf('month')), end: toDay(today) }
    case 'last_month': {
      const month = today.subtract(1, 'month')
      return { start: toDay(month.startOf('month')), end: toDay(month.endOf('month')) }
    }
    case 'previous_30_days':
      return lastDays(today, 30)
    case 'this_year':
      return { start: toDay(today.startOf('year')), end: toDay(today) }
    case 'last_year': {
      const year = today.subtract(1, 'year')
      return { start: toDay(year.startOf('year')), end: toDay(year.endOf('year')) }
    }
    case 'previous_365_days':
      return lastDays(today, 365)
    case 'all_time':
      return { start: null, end: null }
  }
}

export interface DayRangeErrors {
  start?: string
  end?: string
}

export function validateDayRange(range: DayRange, now: Date = new Date()): DayRangeErrors {
  const errors: DayRangeErrors = {}
  if (range.start && range.start > toDay(now)) errors.start = DATE_RANGE_MESSAGES.startAfterToday
  if (range.start && range.end && range.end < range.start) {
    errors.end = DATE_RANGE_MESSAGES.endBeforeStart
  }
  return errors
}

// Inclusive local days → the API's half-open `$gte`/`$lt` bounds as ISO instants.
export function dayRangeToBounds(range: DayRange): { gte?: string; lt?: string } {
  return {
    ...(range.start ? { gte: dayjs(range.start).startOf('day').toISOString() } : {}),
    ...(range.end ? { lt: dayjs(range.end).add(1, 'day').startOf('day').toISOString() } : {}),
  }
}
