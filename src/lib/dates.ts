import dayjs, { type Dayjs } from 'dayjs'
import { DATE_ENTRY_FORMAT, DATE_ENTRY_YEARS, DATE_TIME_FORMAT } from '@/config/limits'
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

export const DATE_ENTRY_MESSAGES = {
  format: `Enter the date as ${DATE_ENTRY_FORMAT}, for example 15/05/2026`,
  month: 'Month must be from 1 to 12',
  year: `Year must be from ${DATE_ENTRY_YEARS.min} to ${DATE_ENTRY_YEARS.max}`,
} as const

// 'Day must be from 1 to 28 in February 2026'
function dayMessage(month: Dayjs): string {
  return `Day must be from 1 to ${month.daysInMonth()} in ${month.format('MMMM YYYY')}`
}

export type DayEntry =
  { ok: true; day: string | null; shortYear: boolean } | { ok: false; message: string }

// DD/MM/YYYY with '/', '.', '-' or spaces between the parts; digits only (DDMMYYYY, DDMMYY) from a
// numeric keypad; or an ISO YYYY-MM-DD pasted from an export.
const SEPARATED = /^(\d{1,2})\s*[/.\-\s]\s*(\d{1,2})\s*[/.\-\s]\s*(\d{2}|\d{4})$/
const COMPACT = /^(\d{2})(\d{2})(\d{2}|\d{4})$/
const ISO = /^(\d{4})-(\d{2})-(\d{2})$/

function dayParts(text: string): { day: string; month: string; year: string } | null {
  const iso = ISO.exec(text)
  if (iso) return { year: iso[1] ?? '', month: iso[2] ?? '', day: iso[3] ?? '' }
  const match = SEPARATED.exec(text) ?? COMPACT.exec(text)
  return match ? { day: match[1] ?? '', month: match[2] ?? '', year: match[3] ?? '' } : null
}

// A typed date → YYYY-MM-DD (null when empty), or the reason it is not a date.
export function parseDayEntry(text: string): DayEntry {
  const trimmed = text.trim()
  if (trimmed === '') return { ok: true, day: null, shortYear: false }
  const parts = dayParts(trimmed)
  if (!parts) return { ok: false, message: DATE_ENTRY_MESSAGES.format }
  const shortYear = parts.year.length === 2
  const year = Number(parts.year) + (shortYear ? 2000 : 0)
  const month = Number(parts.month)
  const day = Number(parts.day)
  if (year < DATE_ENTRY_YEARS.min || year > DATE_ENTRY_YEARS.max) {
    return { ok: false, message: DATE_ENTRY_MESSAGES.year }
  }
  if (month < 1 || month > 12) return { ok: false, message: DATE_ENTRY_MESSAGES.month }
  const first = dayjs(new Date(year, month - 1, 1))
  if (day < 1 || day > first.daysInMonth()) return { ok: false, message: dayMessage(first) }
  return { ok: true, day: toDay(first.date(day)), shortYear }
}

// YYYY-MM-DD → DD/MM/YYYY for a date field; empty for no date.
export function formatDayEntry(day: string | null): string {
  return day ? dayjs(day).format(DATE_ENTRY_FORMAT) : ''
}

// Digits typed on a numeric keypad get their slashes as they come: '150520' → '15/05/20'.
export function maskDayEntry(text: string): string {
  if (!/^\d{3,8}$/.test(text)) return text
  return [text.slice(0, 2), text.slice(2, 4), text.slice(4)].filter(Boolean).join('/')
}

/**
 * How long ago, for things that happened recently (the bell): 'Just now', '5 min ago', '3 h ago',
 * then 'Yesterday' and the full date and time beyond that.
 */
export function formatTimeAgo(value: string | number | Date, now: number = Date.now()): string {
  const at = dayjs(value)
  const minutes = Math.floor((now - at.valueOf()) / 60_000)
  if (minutes < 1) return 'Just now'
  if (minutes < 60) return `${minutes} min ago`
  if (minutes < 24 * 60) return `${Math.floor(minutes / 60)} h ago`
  if (at.isSame(dayjs(now).subtract(1, 'day'), 'day')) return 'Yesterday'
  return formatDateTime(value)
}
