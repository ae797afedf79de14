import { toApiError } from '@/api/errors'
import { ResponseValidationError, type ListPage } from '@/api/http'
import type { ListRange } from '@/api/list-query'
import {
  fetchExportSales,
  fetchSaleFees,
  fetchTerminalSerials,
  type FeeRow,
  type PageRequest,
} from '@/features/export/api'
import {
  EXPORT_CONCURRENCY,
  EXPORT_PAGE_SIZE,
  EXPORT_TIME_SPANS,
  type ExportFileType,
  type ExportSalesQuery,
} from '@/features/export/export-options'
import {
  ExportTotals,
  exportCells,
  exportHeader,
  type ExportSale,
  type SaleFee,
} from '@/features/export/export-rows'
import { fetchByCursor, fetchSpansByCursor } from '@/lib/fetch-cursor'
import { fetchAllPages } from '@/lib/fetch-pages'

// Export states (docs/states.md#export), after idle and before the download.
export type ExportStage = 'fetching_fees' | 'fetching_sales' | 'building_file'

export const EXPORT_STAGE_LABELS: Record<ExportStage, string> = {
  fetching_fees: 'Fetching fees',
  fetching_sales: 'Fetching sales',
  building_file: 'Building the file',
}

export interface ExportProgress {
  stage: ExportStage
  done: number
  // Best known total (Total-Count; an estimate while the approximate count (docs/constants.md#sizes-and-limits) is all there is).
  total: number
}

// docs/errors.md#export-and-clipboard texts.
export const EXPORT_MESSAGES = {
  terminal: 'Error loading terminal',
  failed: (message: string) => `Error exporting transactions: ${message}`,
} as const

export class ExportError extends Error {
  constructor(message: string, options?: { cause?: unknown }) {
    super(message, options)
    this.name = 'ExportError'
  }
}

export interface ExportRequest {
  submerchantId: string
  query: ExportSalesQuery
  fileType: ExportFileType
  fees: boolean
  summary: boolean
  fileName: string
  // The PDF's title and subtitle (account and range).
  title: string
  subtitle: string
  signal: AbortSignal
  onProgress: (progress: ExportProgress) => void
}

// Amount columns of the header (docs/constants.md#export), right-aligned in the PDF.
function amountColumns(fees: boolean): number[] {
  return fees ? [1, 2, 3, 4] : [1, 2]
}

// Receives rows as the pages arrive; the CSV streams them into Blob parts, the PDF keeps them.
interface RowSink {
  write(rows: string[][]): void
  finish(summary: string[][] | null): Promise<Blob>
}

async function csvSink(header: string[]): Promise<RowSink> {
  const [{ unparse }, { CsvWriter }] = await Promise.all([import('papaparse'), import('@/lib/csv')])
  const writer = new CsvWriter(unparse)
  writer.write([header])
  return {
    write: (rows) => writer.write(rows),
    finish: async (summary) => {
      if (summary) writer.write([[], ...summary])
      return writer.toBlob()
    },
  }
}

// jspdf is loaded only here, when PDF is chosen. Pages are laid out as their rows arrive.
async function pdfSink(request: ExportRequest, header: string[]): Promise<RowSink> {
  const { PdfWriter } = await import('@/features/export/pdf-writer')
  const writer = new PdfWriter({
    title: request.title,
    subtitle: request.subtitle,
    header,
    amountColumns: amountColumns(request.fees),
  })
  return {
    write: (rows) => writer.write(rows),
    finish: async (summary) => writer.finish(summary),
  }
}

// One list the export reads whole: its pages for a range, in the order of the time it is sorted by.
interface TimeSortedWalk<T extends { id: string }> {
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
async function walkList<T extends { id: string }>(walk: TimeSortedWalk<T>): Promise<void> {
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
async function loadFees(
  request: ExportRequest,
  createdAt: ListRange,
  signal: AbortSignal,
): Promise<Map<string, SaleFee>> {
  const fees = new Map<string, SaleFee>()
  await walkList<FeeRow>({
    range: createdAt,
    byRangeTime: true,
    newestFirst: false,
    signal,
    fetchPage: (range, page) => fetchSaleFees(request.submerchantId, range, page),
    onPage: (items) => {
      for (const row of items) {
        fees.set(row.sourceId, { feeAmount: row.feeAmount, netAmount: row.netAmount })
      }
    },
    onProgress: (done, total) => request.onProgress({ stage: 'fetching_fees', done, total }),
  })
  return fees
}

// docs/constants.md#sizes-and-limits: the account's terminals, 100 at a time, as id → serial number.
async function loadTerminalSerials(request: ExportRequest): Promise<Map<string, string>> {
  const serials = new Map<string, string>()
  try {
    await fetchAllPages({
      fetchPage: (offset, limit, signal) =>
        fetchTerminalSerials(request.submerchantId, { offset, limit, signal }),
      pageSize: EXPORT_PAGE_SIZE,
      concurrency: EXPORT_CONCURRENCY,
      signal: request.signal,
      onPage: (items) => {
        for (const terminal of items) serials.set(terminal.id, terminal.serialNumber)
      },
    })
  } catch (error) {
    if (request.signal.aborted) throw error
    throw new ExportError(EXPORT_MESSAGES.terminal, { cause: error })
  }
  return serials
}

export interface ExportResult {
  file: File
  // Sales written to the file.
  count: number
}

/**
 * Runs one export (docs/states.md#export): the fees (when chosen) and the sales of the query are
 * read side by side, and each sale is written to the file, in order, once the fees are in; the
 * progress shows the stages in turn. Terminal serial numbers a sale lacks are looked up once, the
 * first time one is missing. Resolves with the file and its row count; rejects with an
 * ExportError carrying the text (docs/errors.md#export-and-clipboard), or with the abort reason
 * once the signal fires (no file then).
 */
export async function runExport(request: ExportRequest): Promise<ExportResult> {
  // Either walk's failure stops the other.
  const walks = new AbortController()
  const stop = () => walks.abort(request.signal.reason)
  request.signal.addEventListener('abort', stop, { once: true })
  try {
    const header = exportHeader(request.fees)
    const sink = request.fileType === 'csv' ? await csvSink(header) : await pdfSink(request, header)
    const totals = new ExportTotals()
    // A sale met twice (an offset walk while a sale is captured) is written once.
    const seen = new Set<string>()
    let serials: Map<string, string> | null = null
    let fees: Map<string, SaleFee> | null = null
    const write = async (sales: ExportSale[]) => {
      const rows: string[][] = []
      for (const sale of sales) {
        if (seen.has(sale.id)) continue
        seen.add(sale.id)
        let serial = sale.terminalSerialNumber
        if (!serial && sale.terminalId) {
          serials ??= await loadTerminalSerials(request)
          serial = serials.get(sale.terminalId) ?? null
        }
        const fee = fees?.get(sale.id)
        totals.add(sale, fee)
        rows.push(exportCells(sale, fee, serial, request.fees))
      }
      sink.write(rows)
    }
    // Sales pages that arrive before the fees are complete wait here, in order.
    let feesIn = !request.fees
    const waiting: ExportSale[][] = []
    let salesProgress = { done: 0, total: 0 }
    const showSales = () => request.onProgress({ stage: 'fetching_sales', ...salesProgress })

    if (feesIn) showSales()
    const { sort } = request.query
    const salesRead = walkList<ExportSale>({
      range: request.query.capturedAt,
      byRangeTime: sort.field === 'capturedAt',
      newestFirst: sort.direction === 'desc',
      signal: walks.signal,
      fetchPage: (capturedAt, page) =>
        fetchExportSales(request.submerchantId, { ...request.query, capturedAt }, page),
      onPage: async (sales) => {
        if (feesIn) await write(sales)
        else waiting.push(sales)
      },
      onProgress: (done, total) => {
        salesProgress = { done, total }
        if (feesIn) showSales()
      },
    })
    // The fees walk then rejects with this same error, not with an abort of its own.
    salesRead.catch((error: unknown) => walks.abort(error))
    if (request.fees) {
      fees = await loadFees(request, request.query.capturedAt, walks.signal)
      // Checked and set in one turn after the last await, so no page can slip in between.
      for (let sales = waiting.shift(); sales; sales = waiting.shift()) await write(sales)
      feesIn = true
      showSales()
    }
    await salesRead

    request.onProgress({ stage: 'building_file', done: totals.count, total: totals.count })
    const blob = await sink.finish(request.summary ? totals.rows(request.fees) : null)
    request.signal.throwIfAborted()
    return { file: new File([blob], request.fileName, { type: blob.type }), count: totals.count }
  } catch (error) {
    walks.abort()
    if (request.signal.aborted) throw request.signal.reason
    if (error instanceof ExportError) throw error
    // A response that breaks its schema says what it was; anything else is the API text (docs/errors.md#export-and-clipboard).
    const message =
      error instanceof ResponseValidationError ? error.message : toApiError(error).message
    throw new ExportError(EXPORT_MESSAGES.failed(message), { cause: error })
  } finally {
    request.signal.removeEventListener('abort', stop)
  }
}
