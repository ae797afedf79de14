import type { ListPage } from '@/api/http'

export interface FetchPagesOptions<T> {
  // One page of the list at `offset` (`limit` rows); must honour the signal.
  fetchPage: (offset: number, limit: number, signal: AbortSignal) => Promise<ListPage<T>>
  pageSize: number
  // Requests in flight at once.
  concurrency: number
  // The caller's cancel; without one the walk always runs to its end.
  signal?: AbortSignal
  // At most this many rows are delivered (the last page cut to fit); the walk stops there.
  maxItems?: number
  // Called once per page, strictly in list order, as soon as the page and all before it are in.
  onPage: (items: T[], offset: number) => void | Promise<void>
  // Rows delivered so far and the best known total (exact once the last page is seen).
  onProgress?: (done: number, total: number) => void
}

/**
 * Every page of a list (docs/api.md#lists), a few requests at a time, handed on in order. The first page tells the
 * total; an exact total schedules exactly its pages, an approximate one (docs/constants.md#sizes-and-limits) keeps asking until a
 * short page ends the list. Pages that arrive early wait in a small buffer (at most `concurrency`),
 * so memory stays bounded by the consumer, not by the list. Any failure aborts the pages in flight
 * and rejects; so does the caller's signal. Resolves with the number of rows delivered.
 */
export async function fetchAllPages<T>(options: FetchPagesOptions<T>): Promise<number> {
  return (await walkPages(options)).count
}

export interface CollectedPages<T> {
  items: T[]
  // The list's total as best known (exact once the list's end was seen).
  total: number
  // Every row of the list is in `items`: false when `maxItems` stopped the walk before its end.
  complete: boolean
}

// Every row of a list (up to `maxItems`) in one array, for reads small enough to hold in memory.
export async function collectPages<T>(
  options: Omit<FetchPagesOptions<T>, 'onPage'>,
): Promise<CollectedPages<T>> {
  const items: T[] = []
  const walked = await walkPages({ ...options, onPage: (page) => void items.push(...page) })
  return { items, total: walked.total, complete: walked.complete }
}

async function walkPages<T>(
  options: FetchPagesOptions<T>,
): Promise<{ count: number; total: number; complete: boolean }> {
  const { fetchPage, pageSize, signal } = options
  const concurrency = Math.max(1, options.concurrency)
  const cap = options.maxItems ?? Number.POSITIVE_INFINITY
  signal?.throwIfAborted()
  // One controller for the whole walk: the caller's abort or the first failure stops every request.
  const inner = new AbortController()
  const stop = () => inner.abort(signal?.reason)
  signal?.addEventListener('abort', stop, { once: true })

  try {
    const first = await fetchPage(0, pageSize, inner.signal)
    let exactTotal = first.totalIsApproximate ? null : first.total
    let estimate = Math.max(first.total, first.items.length)
    const head = first.items.slice(0, cap)
    let done = head.length
    const walked = (complete: boolean) => ({
      count: done,
      total: exactTotal ?? Math.max(estimate, done),
      complete,
    })
    await options.onPage(head, 0)
    options.onProgress?.(done, exactTotal ?? estimate)
    if (first.items.length < pageSize) return walked(true)
    if (done >= cap) return walked(exactTotal !== null && exactTotal <= cap)

    // Offsets handed out so far; the first short page (or the exact total) closes the list, and
    // nothing is asked for past the cap.
    let nextOffset = pageSize
    let endOffset = exactTotal ?? Number.POSITIVE_INFINITY
    let nextToDeliver = pageSize
    const arrived = new Map<number, T[]>()
    const inFlight = new Set<Promise<void>>()
    let failure: unknown = null

    const deliver = async () => {
      for (let items = arrived.get(nextToDeliver); items; items = arrived.get(nextToDeliver)) {
        arrived.delete(nextToDeliver)
        const offset = nextToDeliver
        nextToDeliver += pageSize
        // Requests launched past the end (while the total was an estimate) come back empty.
        if (offset >= endOffset) continue
        const kept = items.slice(0, cap - offset)
        done += kept.length
        await options.onPage(kept, offset)
        options.onProgress?.(done, exactTotal ?? Math.max(estimate, done))
      }
    }

    const launch = (offset: number) => {
      const request = fetchPage(offset, pageSize, inner.signal).then(
        (page) => {
          if (page.items.length < pageSize && offset + page.items.length < endOffset) {
            endOffset = offset + page.items.length
            exactTotal = endOffset
          }
          if (!page.totalIsApproximate && exactTotal === null) {
            exactTotal = page.total
            endOffset = Math.min(endOffset, page.total)
          } else if (page.totalIsApproximate) {
            estimate = Math.max(estimate, page.total)
          }
          arrived.set(offset, page.items)
        },
        (error: unknown) => {
          failure ??= error
          inner.abort(error)
        },
      )
      const tracked: Promise<void> = request.finally(() => inFlight.delete(tracked))
      inFlight.add(tracked)
    }

    for (;;) {
      // The consumer's backlog plus requests in flight never exceeds the window.
      while (
        failure === null &&
        nextOffset < Math.min(endOffset, cap) &&
        inFlight.size + arrived.size < concurrency
      ) {
        launch(nextOffset)
        nextOffset += pageSize
      }
      if (inFlight.size === 0) break
      await Promise.race(inFlight)
      if (failure !== null) throw failure
      signal?.throwIfAborted()
      await deliver()
    }
    if (failure !== null) throw failure
    await deliver()
    // Complete when the list's end was seen at or before the cap.
    return walked(endOffset <= cap)
  } finally {
    signal?.removeEventListener('abort', stop)
    inner.abort()
  }
}
