// The UK tax year and its quarterly update periods (docs/api.md#tax-year), as plain rules shared by
// the sandbox's GET /v1/tax-years and the portal's Tax year screen. Dates are London dates
// (YYYY-MM-DD, inclusive); no time-zone library: London's offset comes from Intl.
import type { TaxYearPeriods } from '@/api/schema/tax-year-values'
import { offsetMinutes } from '@/lib/zone-offset'

export const TAX_YEAR_ZONE = 'Europe/London'
// How far back the sandbox answers (and the portal's picker offers): this tax year and six before.
export const TAX_YEARS_BACK = 6

const DAY_MS = 86_400_000

export interface TaxQuarterDates {
  quarter: 1 | 2 | 3 | 4
  startDate: string
  endDate: string
  // The quarterly update's due date: the 7th of the month after the standard quarter ends.
  deadline: string
}

const pad = (n: number) => String(n).padStart(2, '0')
const day = (year: number, month: number, date: number) => `${year}-${pad(month)}-${pad(date)}`

/** '2026-27' for the year starting 6 April 2026. */
export function taxYearLabel(startYear: number): string {
  return `${startYear}-${pad((startYear + 1) % 100)}`
}

/** The start year of a label like '2026-27'; null when it is not one (e.g. '2026-28', '1999-01'). */
export function parseTaxYear(label: string): number | null {
  const match = /^(\d{4})-(\d{2})$/.exec(label)
  if (!match) return null
  const start = Number(match[1])
  if (start < 2000 || Number(match[2]) !== (start + 1) % 100) return null
  return start
}

/** The London date of an instant, YYYY-MM-DD. */
export function londonDate(at: Date | number): string {
  const shifted = new Date(+at + offsetMinutes(+at, TAX_YEAR_ZONE) * 60_000)
  return shifted.toISOString().slice(0, 10)
}

/**
 * The instant a London date begins. The UK clocks change at 01:00 UTC, so London's offset at
 * 00:00 UTC of that date is its offset at local midnight too.
 */
export function londonMidnight(date: string): Date {
  const utc = Date.parse(`${date}T00:00:00Z`)
  return new Date(utc - offsetMinutes(utc, TAX_YEAR_ZONE) * 60_000)
}

const DATE = new Intl.DateTimeFormat('en-GB', {
  day: 'numeric',
  month: 'short',
  year: 'numeric',
  timeZone: 'UTC',
})

/** '2026-08-07' → '7 Aug 2026' (a London date, shown as it is). */
export function formatTaxDate(date: string): string {
  return DATE.format(new Date(`${date}T00:00:00Z`))
}

/** The day after a YYYY-MM-DD date. */
export function nextDate(date: string): string {
  return new Date(Date.parse(`${date}T00:00:00Z`) + DAY_MS).toISOString().slice(0, 10)
}

/** Whole days from one date to another (negative when `to` is earlier). */
export function daysBetween(from: string, to: string): number {
  return Math.round((Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / DAY_MS)
}

/** The start year of the tax year an instant falls in (a tax year starts on 6 April, London). */
export function taxYearOf(at: Date | number): number {
  const date = londonDate(at)
  const year = Number(date.slice(0, 4))
  return date.slice(5) >= '04-06' ? year : year - 1
}

/** The start years the API answers for: six back from the current one to the next one. */
export function taxYearBounds(now: Date | number): { earliest: number; latest: number } {
  const current = taxYearOf(now)
  return { earliest: current - TAX_YEARS_BACK, latest: current + 1 }
}

/**
 * The four update periods of a tax year: standard (6 April to 5 July, to 5 October, to 5 January,
 * to 5 April) or calendar (the calendar quarters from 1 April, which a business may elect). The
 * deadlines are the same either way: 7 August, 7 November, 7 February, 7 May.
 */
export function taxQuarters(startYear: number, periods: TaxYearPeriods): TaxQuarterDates[] {
  const next = startYear + 1
  const deadlines = [day(startYear, 8, 7), day(startYear, 11, 7), day(next, 2, 7), day(next, 5, 7)]
  const bounds: [string, string][] =
    periods === 'standard'
      ? [
          [day(startYear, 4, 6), day(startYear, 7, 5)],
          [day(startYear, 7, 6), day(startYear, 10, 5)],
          [day(startYear, 10, 6), day(next, 1, 5)],
          [day(next, 1, 6), day(next, 4, 5)],
        ]
      : [
          [day(startYear, 4, 1), day(startYear, 6, 30)],
          [day(startYear, 7, 1), day(startYear, 9, 30)],
          [day(startYear, 10, 1), day(startYear, 12, 31)],
          [day(next, 1, 1), day(next, 3, 31)],
        ]
  return bounds.map(([startDate, endDate], index) => ({
    quarter: (index + 1) as TaxQuarterDates['quarter'],
    startDate,
    endDate,
    deadline: deadlines[index] as string,
  }))
}

export type DeadlineState =
  { state: 'upcoming' } | { state: 'due'; days: number } | { state: 'passed' }

/**
 * Where a quarter's update stands on a London date: upcoming while the quarter runs (or has not
 * begun), due in N days once it has ended, passed after its deadline.
 */
export function deadlineState(quarter: TaxQuarterDates, today: string): DeadlineState {
  if (today > quarter.deadline) return { state: 'passed' }
  if (today > quarter.endDate) return { state: 'due', days: daysBetween(today, quarter.deadline) }
  return { state: 'upcoming' }
}

// How many days before a quarterly deadline a reminder is sent (docs/events.md#tax-reminders).
export const TAX_REMINDER_LEADS = [14, 3] as const
export type TaxReminderLead = (typeof TAX_REMINDER_LEADS)[number]

export interface TaxReminder {
  taxYear: string
  quarter: TaxQuarterDates['quarter']
  deadline: string
  // The reminder this is: 14 or 3 days before.
  leadDays: TaxReminderLead
  // Whole days from the London date to the deadline (at most leadDays).
  daysLeft: number
}

/**
 * The reminders due on a London date: for each deadline 0 to 14 days away, the nearest lead it has
 * reached (14 while 4 to 14 days are left, 3 from 3 days to the day itself). A clock that jumps
 * straight to 2 days before gives only the 3-day reminder, never a late 14-day one.
 */
export function dueTaxReminders(today: string): TaxReminder[] {
  const year = Number(today.slice(0, 4))
  const reminders: TaxReminder[] = []
  // A deadline in the calendar year `year` belongs to the tax year starting that year or the one
  // before (7 February and 7 May close the one before).
  for (const startYear of [year - 1, year]) {
    for (const quarter of taxQuarters(startYear, 'standard')) {
      const daysLeft = daysBetween(today, quarter.deadline)
      const reached = TAX_REMINDER_LEADS.filter((lead) => daysLeft >= 0 && daysLeft <= lead)
      if (reached.length === 0) continue
      const leadDays = Math.min(...reached) as TaxReminderLead
      reminders.push({
        taxYear: taxYearLabel(startYear),
        quarter: quarter.quarter,
        deadline: quarter.deadline,
        leadDays,
        daysLeft,
      })
    }
  }
  return reminders
}

/** A reminder's words: 'Quarterly update due in 14 days — 7 Feb 2027' (or tomorrow, or today). */
export function taxReminderText(daysLeft: number, deadline: string): string {
  const when = daysLeft <= 0 ? 'today' : daysLeft === 1 ? 'tomorrow' : `in ${daysLeft} days`
  return `Quarterly update due ${when} — ${formatTaxDate(deadline)}`
}
