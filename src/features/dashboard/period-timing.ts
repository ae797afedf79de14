// Performance marks for the dashboard bench (tests/bench/dashboard-period.ts): period change → charts drawn.
export const PERIOD_CHANGE_MARK = 'dashboard-period-change'
export const PERIOD_TO_CHARTS_MEASURE = 'dashboard-period-to-charts'

let changePending = false

export function markPeriodChange(): void {
  if (typeof performance === 'undefined' || typeof performance.mark !== 'function') return
  performance.mark(PERIOD_CHANGE_MARK)
  changePending = true
}

// Once per change: every chart has its data and the line chart is on its canvas.
export function measurePeriodCharts(): void {
  if (!changePending) return
  changePending = false
  try {
    performance.measure(PERIOD_TO_CHARTS_MEASURE, PERIOD_CHANGE_MARK)
  } catch {
    // The mark was cleared by someone else: nothing to measure.
  }
  performance.clearMarks(PERIOD_CHANGE_MARK)
}
