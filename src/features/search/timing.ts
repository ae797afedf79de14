import { useEffect } from 'react'

// Performance marks for the search bench (tests/bench/search.ts): the query settles after the
// pause in typing → every group of its results is on screen.
export const SEARCH_SETTLED_MARK = 'search-settled'
export const SEARCH_TO_RESULTS_MEASURE = 'search-to-results'

const canMeasure = () =>
  typeof performance !== 'undefined' && typeof performance.mark === 'function'

export function useMeasureSearch(settled: string, done: boolean): void {
  useEffect(() => {
    if (!settled || !canMeasure()) return
    performance.clearMarks(SEARCH_SETTLED_MARK)
    performance.mark(SEARCH_SETTLED_MARK, { detail: settled })
  }, [settled])
  useEffect(() => {
    if (!done || !settled || !canMeasure()) return
    if (performance.getEntriesByName(SEARCH_SETTLED_MARK).length === 0) return
    performance.measure(SEARCH_TO_RESULTS_MEASURE, { start: SEARCH_SETTLED_MARK, detail: settled })
    performance.clearMarks(SEARCH_SETTLED_MARK)
  }, [done, settled])
}
