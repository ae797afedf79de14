import type { ListPage } from '@/api/http'

export interface FetchByCursorOptions<T> {
  // One page of the list: the first when `startingAfter` is null, else the page after that id.
  fetchPage: (
    startingAfter: string | null,
    limit: number,
    signal: AbortSignal,
  ) => Promise<ListPage<T>>
  // The id a later page starts after.
  idOf: (item: T) => string
  pageSize: number
  signal?: AbortSignal
  // Called once per page, strictly in list order.
  onPage: (items: T[]) => void | Promise<void>
  // Rows delivered so far and the list's total (the first page's count; continuation pages are
  // not counted).
  onProgress?: (done: number, total: number) => void
}

/**
 * Every row of a list, read by keyset: each page asks for the rows after the last one it has
 * (docs/api.md#lists). The database starts every page from an index position, so page 200 costs
 * what page 1 does, and only the first page counts the list. The next page is asked for as soon
 * as a page arrives, before it is handed on, so the consumer's work overlaps the next request.
 * A row captured while the walk runs lands before or after the cursor, never twice. Any failure
 * or the caller's signal aborts the request in flight and rejects. Resolves with the rows delivered.
 */
export async function fetchByCursor<T>(options: FetchByCursorOptions<T>): Promise<number> {
  const { fetchPage, pageSize, signal } = options
  signal?.throwIfAborted()
  const inner = new AbortController()
  const stop = () => inner.abort(signal?.reason)
  signal?.addEventListener('abort', stop, { once: true })
  let delivered = 0
  try {
    let pending: Promise<ListPage<T>> | null = fetchPage(null, pageSize, inner.signal)
    let total: number | null = null
    while (pending) {
      const page: ListPage<T> = await pending
      if (total === null) {
        total = page.total
        options.onProgress?.(0, total)
      }
      const last = page.items.at(-1)
      pending =
        page.items.length >= pageSize && last !== undefined
          ? fetchPage(options.idOf(last), pageSize, inner.signal)
          : null
      // A request sent ahead is awaited in the next turn; a failure while this page is handed on
      // must not be reported as unhandled in between.
      pending?.catch(() => undefined)
      await options.onPage(page.items)
      delivered += page.items.length
      options.onProgress?.(delivered, Math.max(total, delivered))
    }
  } catch (error) {
    throw signal?.aborted ? signal.reason : error
  } finally {
    signal?.removeEventListener('abort', stop)
    inner.abort()
  }
  return delivered
}

// A [gte, lt) range of time, as ISO texts.
export interface TimeSpan {
  gte: string
  lt: string
}

export interface FetchSpansOptions<T> extends Omit<FetchByCursorOptions<T>, 'fetchPage'> {
  range: TimeSpan
  // How many equal spans of time the range is cut into, each read by its own keyset walk.
  spans: number
  // The list's order: newest first delivers the latest span first.
  newestFirst: boolean
  // One page of one span, as FetchByCursorOptions.fetchPage.
  fetchPage: (
    span: TimeSpan,
    startingAfter: string | null,
    limit: number,
    signal: AbortSignal,
  ) => Promise<ListPage<T>>
}

// The range cut into `count` equal spans, in the list's order.
export function splitSpan(range: TimeSpan, count: number, newestFirst: boolean): TimeSpan[] {
  const from = Date.parse(range.gte)
  const to = Date.parse(range.lt)
  const bounds = [range.gte]
  for (let i = 1; i < count; i++) {
    bounds.push(new Date(from + Math.floor(((to - from) * i) / count)).toISOString())
  }
  bounds.push(range.lt)
  const spans = bounds.slice(1).map((lt, i) => ({ gte: bounds[i]!, lt }))
  return newestFirst ? spans.reverse() : spans
}

/**
 * Every row of a time range, read as several keyset walks side by side, one per span of time.
 * One walk keeps a single request in flight, and the server waits out each round trip; a few keep
 * it busy. Pages are handed on strictly in list order: a later span's pages wait in memory until
 * the spans before it are done. The total is the sum of the spans' first-page counts, reported
 * once every span has one. The first failure (or the caller's signal) stops every walk and rejects.
 */
export async function fetchSpansByCursor<T>(options: FetchSpansOptions<T>): Promise<number> {
  const { signal } = options
  signal?.throwIfAborted()
  const inner = new AbortController()
  const stop = () => inner.abort(signal?.reason)
  signal?.addEventListener('abort', stop, { once: true })
  const spans = splitSpan(options.range, Math.max(1, options.spans), options.newestFirst)
  const states = spans.map(() => ({
    pages: [] as T[][],
    total: null as number | null,
    done: false,
  }))
  // Set by a walk's failure, read by the loop below (an object, as a callback writes it).
  const outcome: { failure?: { error: unknown } } = {}
  let wake: (() => void) | null = null
  const notify = () => {
    wake?.()
    wake = null
  }
  const walks = spans.map((span, index) => {
    const state = states[index]!
    return fetchByCursor<T>({
      fetchPage: (startingAfter, limit, pageSignal) =>
        options.fetchPage(span, startingAfter, limit, pageSignal),
      idOf: options.idOf,
      pageSize: options.pageSize,
      signal: inner.signal,
      onPage: (items) => {
        state.pages.push(items)
        notify()
      },
      onProgress: (_done, total) => {
        if (state.total === null) {
          state.total = total
          notify()
        }
      },
    }).then(
      () => {
        state.done = true
        notify()
      },
      (error: unknown) => {
        outcome.failure ??= { error }
        inner.abort(error)
        notify()
      },
    )
  })
  let delivered = 0
  let totalShown = false
  const showProgress = () => {
    if (states.some((state) => state.total === null)) return
    const total = states.reduce((sum, state) => sum + (state.total ?? 0), 0)
    if (!totalShown) options.onProgress?.(0, total)
    totalShown = true
    options.onProgress?.(delivered, Math.max(total, delivered))
  }
  try {
    for (const state of states) {
      for (;;) {
        if (outcome.failure) throw outcome.failure.error
        if (!totalShown) showProgress()
        const items = state.pages.shift()
        if (items) {
          await options.onPage(items)
          delivered += items.length
          if (totalShown) showProgress()
        } else if (state.done) break
        else await new Promise<void>((resolve) => (wake = resolve))
      }
    }
    await Promise.all(walks)
    if (outcome.failure) throw outcome.failure.error
  } finally {
    signal?.removeEventListener('abort', stop)
    inner.abort()
  }
  return delivered
}
