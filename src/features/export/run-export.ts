import { toApiError } from '@/api/errors'
import { ResponseValidationError } from '@/api/http'
import { fetchExportSales } from '@/features/export/api'
import { loadFees, loadTerminalSerials, walkList } from '@/features/export/export-reads'
import type { ExportFileType, ExportSalesQuery } from '@/features/export/export-options'
import {
  ExportTotals,
  exportCells,
  exportHeader,
  type ExportSale,
  type SaleFee,
} from '@/features/export/export-rows'
import { csvSink, pdfSink } from '@/features/export/export-sinks'

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

// The serial numbers, or the export's own text when they cannot be read (docs/errors.md#export-and-clipboard).
async function terminalSerials(request: ExportRequest): Promise<Map<string, string>> {
  try {
    return await loadTerminalSerials(request.submerchantId, request.signal)
  } catch (error) {
    if (request.signal.aborted) throw error
    throw new ExportError(EXPORT_MESSAGES.terminal, { cause: error })
  }
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
          serials ??= await terminalSerials(request)
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
      fees = await loadFees(
        request.submerchantId,
        request.query.capturedAt,
        walks.signal,
        (done, total) => request.onProgress({ stage: 'fetching_fees', done, total }),
      )
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
