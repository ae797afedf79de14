import * as chrono from 'chrono-node'
import { presetRange } from '@/lib/dates'

// Date words of the one-box search as London calendar days (docs/screens.md#search), en-GB.

export interface DayRange {
  start: string
  end: string
}

const MONTH =
  /^(jan|feb|mar|apr|may|jun|jul|aug|sep|sept|oct|nov|dec)[a-z]*\.?$|^\d{1,2}(st|nd|rd|th)?$/i
const MONTH_NAME = /^(jan|feb|mar|apr|may|jun|jul|aug|sep|sept|oct|nov|dec)[a-z]*\.?$/i
const NUMERIC = /^£?\d[\d,.]*$/
const PERIODS: Record<string, 'this_week' | 'last_week' | 'this_month' | 'last_month'> = {
  'this week': 'this_week',
  'last week': 'last_week',
  'this month': 'this_month',
  'last month': 'last_month',
}

const pad = (n: number) => String(n).padStart(2, '0')
const dayOf = (d: Date) => `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())}`

// Noon of London's calendar day, on this device's clock: chrono and presetRange count local days.
export function londonNoon(now: Date): Date {
  const parts = new Intl.DateTimeFormat('en-GB', {
    timeZone: 'Europe/London',
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
  }).formatToParts(now)
  const get = (type: string) => Number(parts.find((p) => p.type === type)?.value)
  return new Date(get('year'), get('month') - 1, get('day'), 12)
}

function shiftDay(day: string, days: number): string {
  const [y = 0, m = 1, d = 1] = day.split('-').map(Number)
  return dayOf(new Date(y, m - 1, d + days, 12))
}

// Numbers at either end of a chrono match that are not part of the date ('23 last Tuesday').
function trimNumbers(words: string[]): { start: number; end: number } {
  let start = 0
  let end = words.length
  const isDayBeside = (i: number, j: number) =>
    /^\d{1,2}(st|nd|rd|th)?$/i.test(words[i] ?? '') && MONTH_NAME.test(words[j] ?? '')
  while (start < end && NUMERIC.test(words[start] ?? '') && !isDayBeside(start, start + 1)) {
    if (/^\d{1,2}\/\d{1,2}(\/\d{2,4})?$/.test(words[start] ?? '')) break
    start += 1
  }
  while (end > start && NUMERIC.test(words[end - 1] ?? '')) {
    const last = words[end - 1] ?? ''
    const year =
      /^(19|20)\d\d$/.test(last) && words.slice(start, end - 1).some((w) => MONTH.test(w))
    if (year || isDayBeside(end - 1, end - 2) || /^\d{1,2}\/\d{1,2}/.test(last)) break
    end -= 1
  }
  return { start, end }
}

interface DateFind {
  dates?: DayRange
  source?: string
  rest: string
}

// The first date words of `text` as London days; a day still to come this year means last year's.
export function readDates(text: string, now: Date): DateFind {
  const ref = londonNoon(now)
  const today = dayOf(ref)
  const period = /\b(this|last) (week|month)\b/i.exec(text)
  if (period) {
    const range = presetRange(PERIODS[period[0].toLowerCase()] ?? 'this_week', ref)
    return {
      dates: { start: range.start ?? today, end: range.end ?? today },
      source: period[0],
      rest: text.replace(period[0], ' '),
    }
  }
  for (const result of chrono.en.GB.parse(text, ref, { forwardDate: false })) {
    const words = result.text.split(/\s+/)
    const { start, end } = trimNumbers(words)
    if (start >= end) continue
    const phrase = words.slice(start, end).join(' ')
    const [parsed] = chrono.en.GB.parse(phrase, ref, { forwardDate: false })
    if (!parsed || parsed.text !== phrase) continue
    const known = (c: 'day' | 'month' | 'weekday' | 'year') => parsed.start.isCertain(c)
    let first = dayOf(parsed.start.date())
    let last = parsed.end ? dayOf(parsed.end.date()) : first
    if (first > today && !known('year')) {
      const back = known('weekday') && !known('month') ? -7 : -365
      first = back === -7 ? shiftDay(first, -7) : lastYear(first)
      last = back === -7 ? shiftDay(last, -7) : lastYear(last)
    }
    if (!known('day') && !known('weekday') && known('month')) {
      // 'November': the whole month.
      const [y = 0, m = 1] = first.split('-').map(Number)
      first = dayOf(new Date(y, m - 1, 1, 12))
      last = dayOf(new Date(y, m, 0, 12))
    }
    const before = text.slice(0, result.index).trimEnd()
    const since = /\b(since|from)$/i.exec(before)
    const source = since ? `${since[0]} ${phrase}` : phrase
    const range = since && !parsed.end ? { start: first, end: today } : { start: first, end: last }
    return {
      dates: range.start <= range.end ? range : { start: range.end, end: range.start },
      source,
      rest: text.replace(since ? new RegExp(`${since[0]}\\s+${escape(phrase)}`) : phrase, ' '),
    }
  }
  return { rest: text }
}

const escape = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')

function lastYear(day: string): string {
  const [y = 0, m = 1, d = 1] = day.split('-').map(Number)
  return `${y - 1}-${pad(m)}-${pad(d)}`
}
