import dayjs, { type Dayjs } from 'dayjs'

// The dashboard's Period choices (docs/screens.md#dashboard), in the order the control lists them.
export const DASHBOARD_PERIODS = [
  'today',
  'yesterday',
  'this_week',
  'last_week',
  'this_month',
  'last_month',
  'custom',
] as const
export type DashboardPeriod = (typeof DASHBOARD_PERIODS)[number]

export const PERIOD_LABELS: Record<DashboardPeriod, string> = {
  today: 'Today',
  yesterday: 'Yesterday',
  this_week: 'This week',
  last_week: 'Last week',
  this_month: 'This month',
  last_month: 'Last month',
  custom: 'Custom',
}

export function isDashboardPeriod(value: unknown): value is DashboardPeriod {
  return DASHBOARD_PERIODS.some((period) => period === value)
}

// What the URL holds: a preset, or 'custom' with inclusive days (YYYY-MM-DD).
export interface PeriodChoice {
  period: DashboardPeriod
  from?: string
  to?: string
}

export interface Range {
  gte: string
  lt: string
}

export interface ResolvedPeriod {
  // A stable name for the period (cache keys, 'on …' texts): the preset and its first and last day.
  id: string
  label: string
  firstDay: string
  lastDay: string
  days: number
  // Hours for a single day, days otherwise.
  unit: 'hour' | 'day'
  current: Range
  // The same number of days just before, up to the same time of day while this period runs.
  previous: Range
  inProgress: boolean
  // 'on last week', 'on the previous 30 days'
  comparedWith: string
}

// The longest custom period, in days (a summary covers at most 400).
export const MAX_PERIOD_DAYS = 366
const DAY_FORMAT = 'YYYY-MM-DD'

function mondayOf(day: Dayjs): Dayjs {
  return day.subtract((day.day() + 6) % 7, 'day').startOf('day')
}

function isDay(text: string | undefined): text is string {
  return (
    text !== undefined &&
    /^\d{4}-\d{2}-\d{2}$/.test(text) &&
    dayjs(text, DAY_FORMAT).format(DAY_FORMAT) === text
  )
}

// A custom choice is kept only when its days read and lie in order, within MAX_PERIOD_DAYS.
export function validCustom(from: string | undefined, to: string | undefined): boolean {
  if (!isDay(from) || !isDay(to)) return false
  const days = dayjs(to).diff(dayjs(from), 'day') + 1
  return days >= 1 && days <= MAX_PERIOD_DAYS
}

function firstAndDays(choice: PeriodChoice, today: Dayjs): [Dayjs, number] {
  switch (choice.period) {
    case 'today':
      return [today, 1]
    case 'yesterday':
      return [today.subtract(1, 'day'), 1]
    case 'this_week':
      return [mondayOf(today), 7]
    case 'last_week':
      return [mondayOf(today).subtract(7, 'day'), 7]
    case 'this_month':
      return [today.startOf('month'), today.daysInMonth()]
    case 'last_month': {
      const month = today.subtract(1, 'month').startOf('month')
      return [month, month.daysInMonth()]
    }
    case 'custom': {
      if (!validCustom(choice.from, choice.to)) return [mondayOf(today), 7]
      const from = dayjs(choice.from).startOf('day')
      return [from, dayjs(choice.to).diff(from, 'day') + 1]
    }
  }
}

function comparedWith(choice: PeriodChoice, days: number): string {
  switch (choice.period) {
    case 'today':
      return 'on yesterday'
    case 'yesterday':
      return 'on the day before'
    case 'this_week':
      return 'on last week'
    case 'last_week':
      return 'on the week before'
    default:
      return days === 1 ? 'on the day before' : `on the previous ${days} days`
  }
}

/**
 * The period's half-open bounds in local time, and the previous period of the same number of days.
 * Days are calendar days (a clock-change day has 23 or 25 hours); while the period runs, the
 * previous one stops at the same time of day, rounded up to the hour, so both cover the same span.
 */
export function resolvePeriod(choice: PeriodChoice, now: Date = new Date()): ResolvedPeriod {
  const today = dayjs(now).startOf('day')
  const [first, days] = firstAndDays(choice, today)
  const end = first.add(days, 'day')
  const nextHour = dayjs(now).startOf('hour').add(1, 'hour')
  const inProgress = end.isAfter(now) && !first.isAfter(now)
  const cutoff = inProgress && nextHour.isBefore(end) ? nextHour : end
  const period =
    choice.period === 'custom' && !validCustom(choice.from, choice.to) ? 'this_week' : choice.period
  const lastDay = end.subtract(1, 'day')
  return {
    id: `${period}:${first.format(DAY_FORMAT)}:${lastDay.format(DAY_FORMAT)}`,
    label:
      period === 'custom'
        ? `${first.format('D MMM YYYY')} – ${lastDay.format('D MMM YYYY')}`
        : PERIOD_LABELS[period],
    firstDay: first.format(DAY_FORMAT),
    lastDay: lastDay.format(DAY_FORMAT),
    days,
    unit: days === 1 ? 'hour' : 'day',
    current: { gte: first.toISOString(), lt: end.toISOString() },
    previous: {
      gte: first.subtract(days, 'day').toISOString(),
      lt: cutoff.subtract(days, 'day').toISOString(),
    },
    inProgress,
    comparedWith: comparedWith({ ...choice, period }, days),
  }
}

// The last 24 hours of the period (up to now while it runs), to see which vehicles stopped.
export function lastDayOf(period: ResolvedPeriod, now: Date = new Date()): Range {
  const end = period.inProgress
    ? dayjs(now).startOf('hour').add(1, 'hour')
    : dayjs(period.current.lt)
  return { gte: end.subtract(24, 'hour').toISOString(), lt: end.toISOString() }
}
