import dayjs from 'dayjs'
import type { SalesSummary, SummaryBucket } from '@/api/schema/sales-summary'

export interface Totals {
  takings: number
  sales: number
  tips: number
  // Tips over fares (sale amounts), as a fraction; null without fares.
  tipRate: number | null
  // Mean fare without tip, rounded; null without sales.
  averageFare: number | null
  refunds: number
  refundCount: number
  fees: number
  net: number
}

export function totals(summary: SalesSummary): Totals {
  const sum = (pick: (b: SummaryBucket) => number) =>
    summary.buckets.reduce((total, bucket) => total + pick(bucket), 0)
  const sales = sum((b) => b.count)
  const fares = sum((b) => b.saleAmount)
  const tips = sum((b) => b.gratuityAmount)
  return {
    takings: sum((b) => b.amount),
    sales,
    tips,
    tipRate: fares > 0 ? tips / fares : null,
    averageFare: sales > 0 ? Math.round(fares / sales) : null,
    refunds: summary.refunds.amount,
    refundCount: summary.refunds.count,
    fees: sum((b) => b.feeAmount),
    net: sum((b) => b.netAmount),
  }
}

// '+12% on last week', '−3% …', 'No change …'; nothing to compare with when the previous was 0.
export function changeText(current: number, previous: number, comparedWith: string): string {
  if (previous === 0) return current === 0 ? `No change ${comparedWith}` : `New ${comparedWith}`
  const percent = Math.round(((current - previous) / Math.abs(previous)) * 100)
  if (percent === 0) return `No change ${comparedWith}`
  return `${percent > 0 ? '+' : '−'}${Math.abs(percent)}% ${comparedWith}`
}

export interface SeriesPoint {
  // The day (YYYY-MM-DD) or the hour's key.
  key: string
  label: string
  // A shorter label for the chart's axis.
  tick: string
  amount: number
  count: number
}

// Hour buckets as they come (one day), or summed into days (the hour key starts with its day).
export function takingsSeries(
  buckets: readonly SummaryBucket[],
  unit: 'hour' | 'day',
): SeriesPoint[] {
  if (unit === 'hour') {
    return buckets.map((b) => ({
      key: b.key ?? '',
      label: (b.key ?? '').slice(11, 16),
      tick: (b.key ?? '').slice(11, 16),
      amount: b.amount,
      count: b.count,
    }))
  }
  const days = new Map<string, SeriesPoint>()
  for (const b of buckets) {
    const day = (b.key ?? '').slice(0, 10)
    const point = days.get(day) ?? {
      key: day,
      label: dayjs(day).format('ddd D MMM'),
      tick: dayjs(day).format('D MMM'),
      amount: 0,
      count: 0,
    }
    point.amount += b.amount
    point.count += b.count
    days.set(day, point)
  }
  return [...days.values()]
}

// Takings by weekday (rows, Monday first) and local hour (columns) from hour buckets.
export function heatGrid(buckets: readonly SummaryBucket[]): number[][] {
  const grid = Array.from({ length: 7 }, () => Array<number>(24).fill(0))
  for (const b of buckets) {
    if (!b.key || b.count === 0) continue
    const weekday = (dayjs(b.key.slice(0, 10)).day() + 6) % 7
    const hour = Number(b.key.slice(11, 13))
    const row = grid[weekday]
    if (row) row[hour] = (row[hour] ?? 0) + b.amount
  }
  return grid
}

export interface StoppedVehicle {
  terminalId: string
  // Its latest sale before the last 24 hours.
  lastSale: string
}

/**
 * Vehicles that stopped (docs/screens.md#dashboard): terminals that took payments in the previous
 * period but none in the last 24 hours of this one, biggest takers first. Read from the terminal
 * buckets of the whole previous period (up to this one's start) and of this one: a bucket's latest
 * sale tells whether the vehicle sold in the last 24 hours, wherever they fall.
 */
export function stoppedVehicles(
  previous: readonly SummaryBucket[],
  current: readonly SummaryBucket[],
  lastDayFrom: string,
): StoppedVehicle[] {
  const since = Date.parse(lastDayFrom)
  const latest = (bucket: SummaryBucket | undefined) =>
    bucket && bucket.count > 0 && bucket.lastCapturedAt ? bucket.lastCapturedAt : null
  const now = new Map(current.map((b) => [b.key, latest(b)]))
  return previous
    .flatMap((b) => {
      const before = latest(b)
      if (b.key === null || before === null) return []
      return [{ terminalId: b.key, amount: b.amount, lastSale: now.get(b.key) ?? before }]
    })
    .filter((v) => Date.parse(v.lastSale) < since)
    .sort((a, b) => b.amount - a.amount)
    .map(({ terminalId, lastSale }) => ({ terminalId, lastSale }))
}

// A vehicle as people know it: its name, its registration (custom reference), else its serial number.
export function terminalLabel(
  key: string | null,
  names: readonly {
    id: string
    name: string | null
    serialNumber: string
    customReference: string | null
  }[],
): string {
  if (key === null) return 'No terminal (SoftPOS and online)'
  const terminal = names.find((t) => t.id === key)
  if (!terminal) return key
  return terminal.name ?? terminal.customReference ?? terminal.serialNumber
}
