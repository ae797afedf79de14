// What an export reads whole: a list's every page for a range, the fees of the sales' period and
// the account's terminal serial numbers.
import type { ListPage } from '@/api/http'
import type { ListRange } from '@/api/list-query'
import {
  fetchSaleFees,
  fetchTerminalSerials,
  type FeeRow,
  type PageRequest,
} from '@/features/export/api'
import {
  EXPORT_CONCURRENCY,
  EXPORT_PAGE_SIZE,
  EXPORT_TIME_SPANS,
} from '@/features/export/export-options'
import type { SaleFee } from '@/features/export/export-rows'
import { fetchByCursor, fetchSpansByCursor } from '@/lib/fetch-cursor'
import { fetchAllPages } from '@/lib/fetch-pages'

// One list the export reads whole: its pages for a range, in the order of the time it is sorted by.
export interface TimeSortedWalk<T extends { id: string }> {
  range: ListRange
  // Sorted by the range's own time (oldest or newest first); any other order is read by offset.
  byRangeTime: boolean
  newestFirst: boolean
  fetchPage: (range: ListRange, page: PageRequest) => Promise<ListPage<T>>
  onPage: (items: T[]) => void | Promise<void>
  onProgress?: (done: number, total: number) => void
  signal: AbortSignal
}

/**
 * Every page of a list: sorted by the range's time, it is read by keyset (each page after the
 * last row of the one before, which the database starts from an index position at any depth, and
 * only the first page is counted), a bounded range as a few spans of time side by side; anything
 * else by offset, a few pages at a time.
 */
export async function walkList<T extends { id: string }>(walk: TimeSortedWalk<T>): Promise<void> {
  const { gte, lt } = walk.range
  // What a keyset walk needs besides its pages, one walk or several.
  const keyset = {
    idOf: (item: T) => item.id,
    pageSize: EXPORT_PAGE_SIZE,
    signal: walk.signal,
    onPage: walk.onPage,
    onProgress: walk.onProgress,
  }
  const after = (startingAfter: string | null, limit: number, signal: AbortSignal) =>
    startingAfter ? { startingAfter, limit, signal } : { limit, signal }
  if (walk.byRangeTime && typeof gte === 'string' && typeof lt === 'string') {
    await fetchSpansByCursor<T>({
      ...keyset,
      range: { gte, lt },
      spans: EXPORT_TIME_SPANS,
      newestFirst: walk.newestFirst,
      fetchPage: (span, startingAfter, limit, signal) =>
        walk.fetchPage(span, after(startingAfter, limit, signal)),
    })
    return
  }
  if (walk.byRangeTime) {
    await fetchByCursor<T>({
      ...keyset,
      fetchPage: (startingAfter, limit, signal) =>
        walk.fetchPage(walk.range, after(startingAfter, limit, signal)),
    })
    return
  }
  await fetchAllPages<T>({
    fetchPage: (offset, limit, signal) => walk.fetchPage(walk.range, { offset, limit, signal }),
    pageSize: EXPORT_PAGE_SIZE,
    concurrency: EXPORT_CONCURRENCY,
    signal: walk.signal,
    onPage: walk.onPage,
    onProgress: walk.onProgress,
  })
}

// docs/api.md#sales-refunds-and-receipts: balance transactions of the sales' period, keyed by the sale they belong to.
export async function loadFees(
  submerchantId: string,
  createdAt: ListRange,
  signal: AbortSignal,
  onProgress: (done: number, total: number) => void,
): Promise<Map<string, SaleFee>> {
  const fees = new Map<string, SaleFee>()
  await walkList<FeeRow>({
    range: createdAt,
    byRangeTime: true,
    newestFirst: false,
    signal,
    fetchPage: (range, page) => fetchSaleFees(submerchantId, range, page),
    onPage: (items) => {
      for (const row of items) {
        fees.set(row.sourceId, { feeAmount: row.feeAmount, netAmount: row.netAmount })
      }
    },
    onProgress,
  })
  return fees
}

// docs/constants.md#sizes-and-limits: the account's terminals, 100 at a time, as id → serial number.
export async function loadTerminalSerials(
  submerchantId: string,
  signal: AbortSignal,
): Promise<Map<string, string>> {
  const serials = new Map<string, string>()
  await fetchAllPages({
    fetchPage: (offset, limit, pageSignal) =>
      fetchTerminalSerials(submerchantId, { offset, limit, signal: pageSignal }),
    pageSize: EXPORT_PAGE_SIZE,
    concurrency: EXPORT_CONCURRENCY,
    signal,
    onPage: (items) => {
      for (const terminal of items) serials.set(terminal.id, terminal.serialNumber)
    },
  })
  return serials
}
