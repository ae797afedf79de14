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
  EXPORT_MAX_ROWS_PER_WINDOW,
  EXPORT_PAGE_SIZE,
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
import { fetchAllPages } from '@/lib/fetch-pages'
import { fetchInWindows, type TimeWindow } from '@/lib/fetch-windows'

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
interface TimeSortedWalk<T> {
  range: ListRange
  // Sorted by the range's own time (oldest or newest first); any other order is read by offset.
  byRangeTime: boolean
  descending: boolean
  fetchPage: (range: ListRange, page: PageRequest) => Promise<ListPage<T>>
  onPage: (items: T[]) => void | Promise<void>
  onProgress?: (done: number, total: number) => void
}

function boundedWindow(range: ListRange): TimeWindow | null {
  if (range.gte === undefined || range.lt === undefined) return null
  const gte = new Date(String(range.gte))
  const lt = new Date(String(range.lt))
  return Number.isNaN(gte.getTime()) || Number.isNaN(lt.getTime()) ? null : { gte, lt }
}

/**
 * Every page of a list: a dated range sorted by its time is read window by window (offsets stay
 * within a window, so the database never steps over the rows before it), anything else by offset.
 */
async function walkList<T>(request: ExportRequest, walk: TimeSortedWalk<T>): Promise<void> {
  const span = walk.byRangeTime ? boundedWindow(walk.range) : null
  if (span) {
    await fetchInWindows<T>({
      range: span,
      descending: walk.descending,
      maxRowsPerWindow: EXPORT_MAX_ROWS_PER_WINDOW,
      fetchPage: (window, offset, limit, signal) =>
        walk.fetchPage(
          { gte: window.gte.toISOString(), lt: window.lt.toISOString() },
          { offset, limit, signal },
        ),
      pageSize: EXPORT_PAGE_SIZE,
      concurrency: EXPORT_CONCURRENCY,
      signal: request.signal,
      onPage: walk.onPage,
      onProgress: walk.onProgress,
    })
    return
  }
  await fetchAllPages<T>({
    fetchPage: (offset, limit, signal) => walk.fetchPage(walk.range, { offset, limit, signal }),
    pageSize: EXPORT_PAGE_SIZE,
    concurrency: EXPORT_CONCURRENCY,
    signal: request.signal,
    onPage: walk.onPage,
    onProgress: walk.onProgress,
  })
}

// docs/api.md#sales-refunds-and-receipts: balance transactions of the sales' period, keyed by the sale they belong to.
async function loadFees(
  request: ExportRequest,
  createdAt: ListRange,
): Promise<Map<string, SaleFee>> {
  const fees = new Map<string, SaleFee>()
  await walkList<FeeRow>(request, {
    range: createdAt,
    byRangeTime: true,
    descending: false,
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
 * Runs one export (docs/states.md#export): fees (when chosen), then every sale of the query, page by page, into the
 * file. Terminal serial numbers a sale lacks are looked up once, the first time one is missing.
 * Resolves with the file and its row count; rejects with an ExportError carrying the text (docs/errors.md#export-and-clipboard),
 * or with the abort reason once the signal fires (no file then).
 */
export async function runExport(request: ExportRequest): Promise<ExportResult> {
  try {
    const fees = request.fees ? await loadFees(request, request.query.capturedAt) : null
    const header = exportHeader(request.fees)
    const sink = request.fileType === 'csv' ? await csvSink(header) : await pdfSink(request, header)
    const totals = new ExportTotals()
    // A sale captured while paging shifts later offsets by one; the repeat is dropped.
    const seen = new Set<string>()
    let serials: Map<string, string> | null = null

    request.onProgress({ stage: 'fetching_sales', done: 0, total: 0 })
    const { sort } = request.query
    await walkList<ExportSale>(request, {
      range: request.query.capturedAt,
      byRangeTime: sort.field === 'capturedAt',
      descending: sort.direction === 'desc',
      fetchPage: (capturedAt, page) =>
        fetchExportSales(request.submerchantId, { ...request.query, capturedAt }, page),
      onPage: async (sales) => {
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
      },
      onProgress: (done, total) => request.onProgress({ stage: 'fetching_sales', done, total }),
    })

    request.onProgress({ stage: 'building_file', done: totals.count, total: totals.count })
    const blob = await sink.finish(request.summary ? totals.rows(request.fees) : null)
    request.signal.throwIfAborted()
    return { file: new File([blob], request.fileName, { type: blob.type }), count: totals.count }
  } catch (error) {
    if (request.signal.aborted) throw request.signal.reason
    if (error instanceof ExportError) throw error
    // A response that breaks its schema says what it was; anything else is the API text (docs/errors.md#export-and-clipboard).
    const message =
      error instanceof ResponseValidationError ? error.message : toApiError(error).message
    throw new ExportError(EXPORT_MESSAGES.failed(message), { cause: error })
  }
}
