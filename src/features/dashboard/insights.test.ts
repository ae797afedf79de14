process.env.TZ = 'Europe/London'
import { describe, expect, it } from 'vitest'
import type { SummaryBucket } from '@/api/schema/sales-summary'
import {
  changeText,
  heatGrid,
  stoppedVehicles,
  takingsSeries,
  totals,
} from '@/features/dashboard/insights'

function bucket(
  key: string | null,
  count: number,
  amount: number,
  tips = 0,
  lastCapturedAt: string | null = count > 0 ? '2026-05-18T21:00:00.000Z' : null,
): SummaryBucket {
  return {
    key,
    count,
    amount,
    saleAmount: amount - tips,
    gratuityAmount: tips,
    feeAmount: Math.round(amount / 50),
    netAmount: amount - Math.round(amount / 50),
    lastCapturedAt,
  }
}

describe('the stopped rule', () => {
  const at = (day: number, hour: number) => new Date(Date.UTC(2026, 4, day, hour)).toISOString()
  // This period is 18 May; its last 24 hours start at 00:00, or at 13:00 the day before while it runs.
  it('flags terminals that took payments before but none in the last 24 hours, biggest first', () => {
    const previous = [
      bucket('trm_a', 3, 3000, 0, at(17, 9)),
      bucket('trm_b', 5, 9000, 0, at(17, 10)),
      bucket('trm_c', 1, 100, 0, at(17, 11)),
      bucket('trm_d', 2, 500, 0, at(17, 20)),
      bucket(null, 4, 800, 0, at(17, 21)),
    ]
    const current = [bucket('trm_a', 1, 1000, 0, at(18, 8)), bucket('trm_c', 1, 50, 0, at(18, 1))]
    expect(stoppedVehicles(previous, current, at(18, 0))).toEqual([
      { terminalId: 'trm_b', lastSale: at(17, 10) },
      { terminalId: 'trm_d', lastSale: at(17, 20) },
    ])
    // Its last sale is this period's when it sold early on and then stopped.
    expect(stoppedVehicles(previous, current, at(18, 2))).toContainEqual({
      terminalId: 'trm_c',
      lastSale: at(18, 1),
    })
    // While today runs, a sale yesterday evening is in the last 24 hours.
    expect(stoppedVehicles(previous, current, at(17, 13)).map((v) => v.terminalId)).toEqual([
      'trm_b',
    ])
    expect(stoppedVehicles([], current, at(18, 0))).toEqual([])
  })
})

describe('figures', () => {
  it('sums takings, tips, the tip rate, fees, net and refunds', () => {
    const figures = totals({
      groupBy: 'day',
      timezone: 'Europe/London',
      buckets: [bucket('2026-05-18', 2, 2200, 200), bucket('2026-05-19', 0, 0)],
      refunds: { count: 1, amount: 500 },
    })
    expect(figures).toEqual({
      takings: 2200,
      sales: 2,
      tips: 200,
      tipRate: 0.1,
      averageFare: 1000,
      refunds: 500,
      refundCount: 1,
      fees: 44,
      net: 2156,
    })
  })

  it('words the change against the previous period', () => {
    expect(changeText(112, 100, 'on last week')).toBe('+12% on last week')
    expect(changeText(97, 100, 'on last week')).toBe('−3% on last week')
    expect(changeText(100, 100, 'on yesterday')).toBe('No change on yesterday')
    expect(changeText(5, 0, 'on yesterday')).toBe('New on yesterday')
  })
})

describe('series', () => {
  const hours = [
    bucket('2026-10-25T00:00+01:00', 1, 100),
    bucket('2026-10-25T01:00+01:00', 1, 200),
    bucket('2026-10-25T01:00+00:00', 2, 300),
    bucket('2026-10-26T09:00+00:00', 1, 50),
  ]
  it('sums hours into days, and keeps each hour of one day', () => {
    expect(takingsSeries(hours, 'day').map((p) => [p.key, p.amount, p.count])).toEqual([
      ['2026-10-25', 600, 4],
      ['2026-10-26', 50, 1],
    ])
    expect(takingsSeries(hours.slice(0, 3), 'hour').map((p) => p.label)).toEqual([
      '00:00',
      '01:00',
      '01:00',
    ])
  })

  it('lays hours out by weekday (Monday first) and hour', () => {
    const grid = heatGrid(hours)
    expect(grid[6]?.[1]).toBe(500) // Sunday 01:00, both of them
    expect(grid[0]?.[9]).toBe(50) // Monday 09:00
  })
})
