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
