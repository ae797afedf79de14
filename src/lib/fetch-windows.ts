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
  // The most rows one window may hold: a fuller one is cut into parts (none under a second)
  // before its pages are read.
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
// A window found too full is cut into parts meant to hold this share of the most a window may,
// at the density it showed: rows are rarely spread evenly, and a part still too full is cut again.
const PART_FILL = 0.75
// The most parts one window is cut into at once.
const MAX_PARTS = 64

// `window` cut into `count` spans of equal time (none shorter than a second), in list order.
function cut(window: TimeWindow, count: number, descending: boolean): TimeWindow[] {
  const start = window.gte.getTime()
  const length = window.lt.getTime() - start
  const parts = Math.max(2, Math.min(count, MAX_PARTS, Math.floor(length / SMALLEST_WINDOW_MS)))
  const bounds = Array.from({ length: parts + 1 }, (_, i) =>
    i === parts ? window.lt : new Date(start + Math.floor((length * i) / parts)),
  )
  const spans = bounds.slice(1).map((lt, i) => ({ gte: bounds[i] as Date, lt }))
  return descending ? spans.reverse() : spans
}

// A window to read, with its first page once asked for.
interface Pending<T> {
  window: TimeWindow
  first: Promise<ListPage<T>> | null
}

/**
 * Every row of a time-sorted list, read window by window of its time range, each window's pages a
 * few at a time and handed on in order. An offset deep into a long list makes the database step
 * over every row before it, and each page counts the whole list again; inside a window both stay
 * small whatever the list's length. The first window is the whole span; one whose first page says
 * it holds more than `maxRowsPerWindow` rows is cut, from the total that page gave, into parts of
 * about three quarters of that many rows each, and all the parts' first pages are asked for at
 * once (`concurrency` at a time): the next window's first page is there before this window's last
 * page is, and a dense span costs one probe per part rather than a chain of halvings. A part still
 * too full is cut again. Resolves with the number of rows delivered.
 */
export async function fetchInWindows<T>(options: FetchWindowsOptions<T>): Promise<number> {
  const { fetchPage, pageSize, signal } = options
  const concurrency = Math.max(1, options.concurrency)
  signal?.throwIfAborted()
  // One controller for the walk: the caller's abort or the first failure stops every request.
  const inner = new AbortController()
  const stop = () => inner.abort(signal?.reason)
  signal?.addEventListener('abort', stop, { once: true })
  const queue: Pending<T>[] = [{ window: options.range, first: null }]
  let delivered = 0
  let total: number | null = null
  const deliver = async (items: T[]) => {
    await options.onPage(items)
    delivered += items.length
    options.onProgress?.(delivered, Math.max(total ?? 0, delivered))
  }
  // The parts' first pages, `concurrency` at a time, asked for in list order.
  const probe = (parts: TimeWindow[]): Pending<T>[] => {
    const answers = parts.map(() => settleable<ListPage<T>>())
    let next = 0
    const ask = () => {
      const index = next++
      const part = parts[index]
      const answer = answers[index]
      if (!part || !answer) return
      fetchPage(part, 0, pageSize, inner.signal).then(
        (page) => {
          answer.resolve(page)
          ask()
        },
        (error: unknown) => {
          answer.reject(error)
          inner.abort(error)
        },
      )
    }
    for (let n = 0; n < concurrency; n++) ask()
    return parts.map((window, index) => ({ window, first: answers[index]?.promise ?? null }))
  }
  try {
    for (let pending = queue.shift(); pending; pending = queue.shift()) {
      signal?.throwIfAborted()
      const { window } = pending
      const first = await (pending.first ?? fetchPage(window, 0, pageSize, inner.signal))
      if (total === null) {
        total = first.total
        options.onProgress?.(0, total)
      }
      const length = window.lt.getTime() - window.gte.getTime()
      if (first.total > options.maxRowsPerWindow && length >= 2 * SMALLEST_WINDOW_MS) {
        const parts = Math.ceil(first.total / (options.maxRowsPerWindow * PART_FILL))
        queue.unshift(...probe(cut(window, parts, options.descending)))
        continue
      }
      await deliver(first.items)
      if (first.items.length < pageSize) continue
      // The rest of the window, its offsets counted from the second page.
      await fetchAllPages<T>({
        fetchPage: async (offset, limit, pageSignal) => {
          const page = await fetchPage(window, pageSize + offset, limit, pageSignal)
          return { ...page, total: Math.max(0, page.total - pageSize) }
        },
        pageSize,
        concurrency,
        signal: inner.signal,
        onPage: deliver,
      })
    }
  } catch (error) {
    throw signal?.aborted ? signal.reason : error
  } finally {
    signal?.removeEventListener('abort', stop)
    inner.abort()
  }
  return delivered
}

// A promise settled from outside; a rejection nobody awaits (a later part, after a failure) is not
// reported as unhandled.
function settleable<V>() {
  let resolve: (value: V) => void = () => undefined
  let reject: (reason: unknown) => void = () => undefined
  const promise = new Promise<V>((done, fail) => {
    resolve = done
    reject = fail
  })
  promise.catch(() => undefined)
  return { promise, resolve, reject }
}
