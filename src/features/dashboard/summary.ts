import dayjs from 'dayjs'

// What the dashboard needs of a sale (the `fields` it asks for).
export interface SaleFigures {
  id: string
  amount: number
  saleAmount: number
  gratuityAmount: number
  currency: string
  capturedAt: string
}

export interface PeriodFigures {
  takings: number
  sales: number
  tips: number
  // Mean fare (sale amount without tip) in minor units, rounded; null without sales.
  averageFare: number | null
}

export interface DashboardSummary {
  currency: string
  today: PeriodFigures
  week: PeriodFigures
  latest: SaleFigures | null
  // Sales in another currency than the main one are left out of the sums.
  otherCurrencySales: number
}

// Today and the six days before it, as the API's half-open capturedAt bounds (local days).
export function weekBounds(now: Date = new Date()): {
  gte: string
  lt: string
  todayStart: string
} {
  const today = dayjs(now).startOf('day')
  return {
    gte: today.subtract(6, 'day').toISOString(),
    lt: today.add(1, 'day').toISOString(),
    todayStart: today.toISOString(),
  }
}

function figures(sales: readonly SaleFigures[]): PeriodFigures {
  const takings = sales.reduce((sum, sale) => sum + sale.amount, 0)
  const fares = sales.reduce((sum, sale) => sum + sale.saleAmount, 0)
  return {
    takings,
    sales: sales.length,
    tips: sales.reduce((sum, sale) => sum + sale.gratuityAmount, 0),
    averageFare: sales.length > 0 ? Math.round(fares / sales.length) : null,
  }
}

function mainCurrency(sales: readonly SaleFigures[], fallback: string): string {
  const counts = new Map<string, number>()
  for (const sale of sales) counts.set(sale.currency, (counts.get(sale.currency) ?? 0) + 1)
  let best = fallback
  let bestCount = 0
  for (const [currency, count] of counts) {
    if (count > bestCount) [best, bestCount] = [currency, count]
  }
  return best
}

export function summariseSales(
  sales: readonly SaleFigures[],
  todayStart: string,
  fallbackCurrency = 'GBP',
): DashboardSummary {
  const currency = mainCurrency(sales, fallbackCurrency)
  const counted = sales.filter((sale) => sale.currency === currency)
  const startOfToday = Date.parse(todayStart)
  const today = counted.filter((sale) => Date.parse(sale.capturedAt) >= startOfToday)
  const latest = sales.reduce<SaleFigures | null>(
    (newest, sale) =>
      !newest || Date.parse(sale.capturedAt) > Date.parse(newest.capturedAt) ? sale : newest,
    null,
  )
  return {
    currency,
    today: figures(today),
    week: figures(counted),
    latest,
    otherCurrencySales: sales.length - counted.length,
  }
}
