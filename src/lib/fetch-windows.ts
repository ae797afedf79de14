import type { ListPage } from '@/api/http'
import { fetchAllPages } from '@/lib/fetch-pages'

// A span of time, start included, end excluded (a list's [$gte] and [$lt]).
export interface TimeWindow {
  gte: Date
  lt: Date
}

export interface FetchWindowsOptions<T> {
  // The whole span; the list is sorted by the time it is split on (newest first when descending).
  range: TimeWindow
  descending: boolean
  // The most rows one window may hold: a fuller one is halved (down to one second) before its
  // pages are read.
  maxRowsPerWindow: number
  // One page of one window.
  fetchPage: (
    window: TimeWindow,
    offset: number,
    limit: number,
    signal: AbortSignal,
  ) => Promise<ListPage<T>>
  pageSize: number
  // Requests in flight at once within a window.
  concurrency: number
  signal?: AbortSignal
  // Called once per page, strictly in list order.
  onPage: (items: T[]) => void | Promise<void>
  // Rows delivered so far and the whole span's total (the first request is for the whole span).
  onProgress?: (done: number, total: number) => void
}

const SMALLEST_WINDOW_MS = 1_000

function halves(window: TimeWindow, descending: boolean): TimeWindow[] {
  const middle = new Date(Math.floor((window.gte.getTime() + window.lt.getTime()) / 2))
  const parts = [
    { gte: window.gte, lt: middle },
    { gte: middle, lt: window.lt },
  ]
  return descending ? parts.reverse() : parts
}

/**
 * Every row of a time-sorted list, read window by window of its time range, each window's pages a
 * few at a time and handed on in order. An offset deep into a long list makes the database step
 * over every row before it, and each page counts the whole list again; inside a window both stay
 * small whatever the list's length. The first window is the whole span; one whose first page says
 * it holds more than `maxRowsPerWindow` rows is halved, and so on, so a sparse span costs one
 * request and a dense one a window per `maxRowsPerWindow` rows or so. Resolves with the number of
 * rows delivered.
 */
export async function fetchInWindows<T>(options: FetchWindowsOptions<T>): Promise<number> {
  const { fetchPage, pageSize, signal } = options
  const walkSignal = signal ?? new AbortController().signal
  const queue: TimeWindow[] = [options.range]
  let delivered = 0
  let total: number | null = null
  const deliver = async (items: T[]) => {
    await options.onPage(items)
    delivered += items.length
    options.onProgress?.(delivered, Math.max(total ?? 0, delivered))
  }
  for (let window = queue.shift(); window; window = queue.shift()) {
    signal?.throwIfAborted()
    const current = window
    const first = await fetchPage(current, 0, pageSize, walkSignal)
    if (total === null) {
      total = first.total
      options.onProgress?.(0, total)
    }
    const length = current.lt.getTime() - current.gte.getTime()
    if (first.total > options.maxRowsPerWindow && length >= 2 * SMALLEST_WINDOW_MS) {
      queue.unshift(...halves(current, options.descending))
      continue
    }
    await deliver(first.items)
    if (first.items.length < pageSize) continue
    // The rest of the window, its offsets counted from the second page.
    await fetchAllPages<T>({
      fetchPage: async (offset, limit, pageSignal) => {
        const page = await fetchPage(current, pageSize + offset, limit, pageSignal)
        return { ...page, total: Math.max(0, page.total - pageSize) }
      },
      pageSize,
      concurrency: options.concurrency,
      signal,
      onPage: deliver,
    })
  }
  return delivered
}
