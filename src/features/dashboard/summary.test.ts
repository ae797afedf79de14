import { describe, expect, it } from 'vitest'
import { summariseSales, weekBounds, type SaleFigures } from '@/features/dashboard/summary'

function sale(id: string, capturedAt: string, saleAmount: number, tip = 0, currency = 'GBP') {
  return {
    id,
    amount: saleAmount + tip,
    saleAmount,
    gratuityAmount: tip,
    currency,
    capturedAt,
  } satisfies SaleFigures
}

describe('weekBounds', () => {
  it('covers today and the six days before, as half-open bounds', () => {
    const bounds = weekBounds(new Date(2024, 4, 15, 13, 30))
    expect(new Date(bounds.gte)).toEqual(new Date(2024, 4, 9))
    expect(new Date(bounds.lt)).toEqual(new Date(2024, 4, 16))
    expect(new Date(bounds.todayStart)).toEqual(new Date(2024, 4, 15))
  })
})

describe('summariseSales', () => {
  const todayStart = new Date(2024, 4, 15).toISOString()
  const sales = [
    sale('sale_a', new Date(2024, 4, 15, 9).toISOString(), 1200, 300),
    sale('sale_b', new Date(2024, 4, 15, 11).toISOString(), 800),
    sale('sale_c', new Date(2024, 4, 12, 20).toISOString(), 1001, 99),
    sale('sale_d', new Date(2024, 4, 14, 8).toISOString(), 5000, 0, 'EUR'),
  ]

  it('sums takings, sales, tips and the average fare for today and the week', () => {
    const summary = summariseSales(sales, todayStart)
    expect(summary.currency).toBe('GBP')
    expect(summary.today).toEqual({ takings: 2300, sales: 2, tips: 300, averageFare: 1000 })
    expect(summary.week).toEqual({ takings: 3400, sales: 3, tips: 399, averageFare: 1000 })
    expect(summary.latest?.id).toBe('sale_b')
    expect(summary.otherCurrencySales).toBe(1)
  })

  it('has no average and no latest sale without sales', () => {
    const summary = summariseSales([], todayStart)
    expect(summary.week).toEqual({ takings: 0, sales: 0, tips: 0, averageFare: null })
    expect(summary.latest).toBeNull()
  })
})
