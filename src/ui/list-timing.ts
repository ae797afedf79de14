import { useEffect } from 'react'

// Performance marks for the filter bench (tests/bench/sales-filter.ts): change → rows in the DOM.
export const FILTER_CHANGE_MARK = 'sales-filter-change'
export const FILTER_TO_ROWS_MEASURE = 'sales-filter-to-rows'

let changePending = false

export function markFilterChange(): void {
  if (typeof performance === 'undefined' || typeof performance.mark !== 'function') return
  performance.mark(FILTER_CHANGE_MARK)
  changePending = true
}

// Runs after React committed the rows of the current params (not the previous page's placeholder).
export function useMeasureRowsShown(rowsAreCurrent: boolean, dataUpdatedAt: number): void {
  useEffect(() => {
    if (!rowsAreCurrent || !changePending) return
    changePending = false
    try {
      performance.measure(FILTER_TO_ROWS_MEASURE, FILTER_CHANGE_MARK)
    } catch {
      // The mark was cleared by someone else: nothing to measure.
    }
    performance.clearMarks(FILTER_CHANGE_MARK)
  }, [rowsAreCurrent, dataUpdatedAt])
}
