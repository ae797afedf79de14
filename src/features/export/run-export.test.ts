import { parse } from 'csv-parse/sync'
import { beforeEach, describe, expect, it, vi } from 'vitest'
import { ApiError } from '@/api/errors'
import type { ListPage } from '@/api/http'
import { exportHeader, type ExportSale } from '@/features/export/export-rows'
import { EXPORT_MESSAGES, runExport, type ExportRequest } from '@/features/export/run-export'

// The runner over a fake API: the three calls (docs/api.md#sales-refunds-and-receipts) are replaced, everything else is real.
const api = vi.hoisted(() => ({
  sales: [] as ExportSale[],
  fees: [] as { id: string; sourceId: string; feeAmount: number; netAmount: number }[],
  terminals: [] as { id: string; serialNumber: string }[],
  terminalCalls: 0,
  failTerminals: false,
  // The sales request (counted from 0) that fails.
  failSalesCall: null as number | null,
  // A sale inserted at the top between two pages (offsets shift by one).
  shiftAfterFirstPage: false,
  // Every sales and fees request: its range, offset and cursor.
  calls: [] as {
    list: 'sales' | 'fees'
    gte?: string
    lt?: string
    offset?: number
    startingAfter?: string
  }[],
}))

interface PageAsked {
  offset?: number
  startingAfter?: string
  limit: number
}

// The rows of a [$gte, $lt) range by their time, as the API filters them.
function within<T>(rows: T[], at: (row: T) => string, range: { gte?: unknown; lt?: unknown }) {
  return rows.filter(
    (row) =>
      (range.gte === undefined || at(row) >= String(range.gte)) &&
      (range.lt === undefined || at(row) < String(range.lt)),
  )
}

// A page by offset, or the rows after the cursor's id (keyset; the rows are in list order).
function page<T extends { id: string }>(rows: T[], r: PageAsked): ListPage<T> {
  if (r.startingAfter !== undefined) {
    const from = rows.findIndex((row) => row.id === r.startingAfter) + 1
    if (from === 0) throw new Error(`cursor ${r.startingAfter} is not in the list`)
    const rest = rows.slice(from)
    // Continuation pages are not counted: an estimate of the rest.
    return { items: rest.slice(0, r.limit), total: rest.length, totalIsApproximate: true }
  }
  const offset = r.offset ?? 0
  return {
    items: rows.slice(offset, offset + r.limit),
    total: rows.length,
    totalIsApproximate: false,
  }
}

vi.mock('@/features/export/api', () => ({
  fetchSaleFees: async (_id: string, range: { gte?: string; lt?: string }, r: PageAsked) => {
    api.calls.push({ list: 'fees', ...range, offset: r.offset, startingAfter: r.startingAfter })
    // Answered a turn later than asked, like a request.
    await Promise.resolve()
    const capturedAt = new Map(api.sales.map((s) => [s.id, s.capturedAt]))
    const rows = within(api.fees, (fee) => capturedAt.get(fee.sourceId) ?? '', range)
    return page(rows, r)
  },
  fetchExportSales: async (
    _id: string,
    query: { capturedAt: { gte?: string; lt?: string } },
    r: PageAsked,
  ) => {
    const call = api.calls.filter((c) => c.list === 'sales').length
    api.calls.push({
      list: 'sales',
      ...query.capturedAt,
      offset: r.offset,
      startingAfter: r.startingAfter,
    })
    await Promise.resolve()
    if (api.failSalesCall === call) {
      throw new ApiError({ status: 503, code: 'unavailable', message: 'Service unavailable' })
    }
    const inRange = within(api.sales, (s) => s.capturedAt, query.capturedAt)
    const shifted = api.shiftAfterFirstPage && call > 0
    return page(shifted ? [inRange[0]!, ...inRange] : inRange, r)
  },
  fetchTerminalSerials: async (_id: string, r: PageAsked) => {
    api.terminalCalls += 1
    if (api.failTerminals) throw new ApiError({ status: 500, code: 'x', message: 'Server error' })
    return page(api.terminals, r)
  },
}))

function sale(index: number, patch: Partial<ExportSale> = {}): ExportSale {
  return {
    id: `sal_${String(index).padStart(5, '0')}`,
    amount: 1234 + 100,
    saleAmount: 1234,
    gratuityAmount: 100,
    currency: 'GBP',
    authCode: 'A1B2C3',
    retrievalReferenceNumber: '123456789012',
    capturedAt: '2026-10-05T10:00:00.000Z',
    terminalId: 'ter_1',
    terminalSerialNumber: 'SN-1',
    panLastFour: '4242',
    cardScheme: 'visa',
    method: 'pos',
    cardType: 'debit',
    externalReference: null,
    ...patch,
  }
}

function request(patch: Partial<ExportRequest> = {}): ExportRequest {
  return {
    submerchantId: 'sub_1',
    query: { filters: {}, capturedAt: {}, sort: { field: 'capturedAt', direction: 'asc' } },
    fileType: 'csv',
    fees: false,
    summary: false,
    fileName: 'City Cabs transactions all time.csv',
    title: 'City Cabs transactions',
    subtitle: 'all time',
    signal: new AbortController().signal,
    onProgress: () => {},
    ...patch,
  }
}

const feeOf = (s: ExportSale) => ({
  id: `txn_${s.id}`,
  sourceId: s.id,
  feeAmount: 40,
  netAmount: s.amount - 40,
})

async function rowsOf(file: File): Promise<string[][]> {
  return parse(await file.text(), { bom: true, relax_column_count: true }) as string[][]
}

beforeEach(() => {
  api.sales = Array.from({ length: 250 }, (_, i) => sale(i))
  api.fees = api.sales.map(feeOf)
  api.terminals = [
    { id: 'ter_1', serialNumber: 'SN-1' },
    { id: 'ter_2', serialNumber: 'SN-2' },
  ]
  api.terminalCalls = 0
  api.failTerminals = false
  api.failSalesCall = null
  api.shiftAfterFirstPage = false
  api.calls = []
})

describe('runExport', () => {
  it('writes every sale once, in order, with fees, and totals that add up', async () => {
    const stages: string[] = []
    const { file, count } = await runExport(
      request({
        fees: true,
        summary: true,
        onProgress: (p) => stages.at(-1) !== p.stage && stages.push(p.stage),
      }),
    )
    expect(stages).toEqual(['fetching_fees', 'fetching_sales', 'building_file'])
    expect(count).toBe(250)
    expect(file.name).toBe('City Cabs transactions all time.csv')
    const rows = await rowsOf(file)
    expect(rows[0]).toEqual(exportHeader(true))
    const body = rows.slice(1, 251)
    expect(body.map((row) => row[0])).toEqual(api.sales.map((s) => s.id))
    expect(body[0]!.slice(1, 6)).toEqual(['0.40', '12.94', '12.34', '1.00', 'GBP'])
    expect(body[0]!.slice(9, 14)).toEqual(['SN-1', '4242', 'Visa', 'POS', 'Debit'])
    const summary = Object.fromEntries(rows.slice(252).map((row) => [row[0], row[1]]))
    expect(summary).toEqual({
      Transactions: '250',
      Gross: '3335.00',
      Tips: '250.00',
      Fees: '100.00',
      Net: '3235.00',
    })
  })

  it('drops a sale that a shifting page repeats (an offset walk, sorted by amount)', async () => {
    api.shiftAfterFirstPage = true
    const { file, count } = await runExport(
      request({
        query: { filters: {}, capturedAt: {}, sort: { field: 'amount', direction: 'asc' } },
      }),
    )
    const ids = (await rowsOf(file)).slice(1).map((row) => row[0])
    expect(new Set(ids).size).toBe(ids.length)
    expect(count).toBe(ids.length)
  })

  it('looks terminals up once, only when a sale lacks its serial number', async () => {
    await runExport(request())
    expect(api.terminalCalls).toBe(0)
    api.sales[3] = sale(3, { terminalId: 'ter_2', terminalSerialNumber: null })
    api.sales[7] = sale(7, { terminalId: 'ter_2', terminalSerialNumber: null })
    api.sales[9] = sale(9, { terminalId: 'ter_gone', terminalSerialNumber: null })
    const rows = await rowsOf((await runExport(request())).file)
    expect(api.terminalCalls).toBe(1)
    expect(rows[4]![7]).toBe('SN-2')
    expect(rows[8]![7]).toBe('SN-2')
    expect(rows[10]![7]).toBe('')
  })

  it("says 'Error loading terminal' when the lookup fails", async () => {
    api.sales[0] = sale(0, { terminalSerialNumber: null })
    api.failTerminals = true
    await expect(runExport(request())).rejects.toThrow(EXPORT_MESSAGES.terminal)
  })

  it("says 'Error exporting transactions: {message}' when a page fails", async () => {
    api.failSalesCall = 2
    await expect(runExport(request())).rejects.toThrow(
      'Error exporting transactions: Service unavailable',
    )
  })

  it('rejects with the abort reason, and no file, once cancelled', async () => {
    const controller = new AbortController()
    const reason = new DOMException('Cancelled', 'AbortError')
    const run = runExport(
      request({
        signal: controller.signal,
        onProgress: (p) => p.stage === 'fetching_sales' && p.done > 0 && controller.abort(reason),
      }),
    )
    await expect(run).rejects.toBe(reason)
  })

  it('escapes a hostile external reference in the file', async () => {
    api.sales[0] = sale(0, { externalReference: '=HYPERLINK("http://evil.example")' })
    const rows = await rowsOf((await runExport(request())).file)
    expect(rows[1]![12]).toBe(`'=HYPERLINK("http://evil.example")`)
  })

  it('reads a dated range by keyset in two spans side by side: every sale once, in order, fees matched, one count a span', async () => {
    const at = (day: number, second: number) =>
      new Date(Date.UTC(2026, 9, 5 + day, 0, 0, second)).toISOString()
    api.sales = [
      ...Array.from({ length: 100 }, (_, i) => sale(i, { capturedAt: at(0, i * 60) })),
      ...Array.from({ length: 2_400 }, (_, i) => sale(100 + i, { capturedAt: at(1, i * 30) })),
      ...Array.from({ length: 100 }, (_, i) => sale(2_500 + i, { capturedAt: at(2, i * 60) })),
    ]
    api.fees = api.sales.map(feeOf)
    const progress: number[] = []
    const { file, count } = await runExport(
      request({
        fees: true,
        query: {
          filters: {},
          capturedAt: { gte: at(0, 0), lt: at(3, 0) },
          sort: { field: 'capturedAt', direction: 'asc' },
        },
        onProgress: (p) => p.stage === 'fetching_sales' && progress.push(p.total),
      }),
    )
    expect(count).toBe(2_600)
    const body = (await rowsOf(file)).slice(1)
    expect(body.map((row) => row[0])).toEqual(api.sales.map((s) => s.id))
    expect(body.every((row) => row[2] !== '')).toBe(true)
    // The sales stage shows the spans' first-page totals, added up, throughout.
    expect(new Set(progress)).toEqual(new Set([2_600]))
    const middle = at(1, 12 * 3600)
    for (const list of ['sales', 'fees'] as const) {
      const calls = api.calls.filter((call) => call.list === list)
      // 1,540 sales before the middle of the range (16 pages), 1,060 after it (11 pages).
      expect(calls).toHaveLength(27)
      expect(calls.every((call) => call.offset === undefined)).toBe(true)
      // Each span's first page is read by position (and counted); each later one starts after the
      // last row of the page before it, in its own span.
      const firsts = calls.filter((call) => call.startingAfter === undefined)
      expect(firsts).toEqual([
        { list, gte: at(0, 0), lt: middle },
        { list, gte: middle, lt: at(3, 0) },
      ])
      const id = (n: number) =>
        (list === 'sales' ? '' : 'txn_') + `sal_${String(n).padStart(5, '0')}`
      const after = (span: string) =>
        calls.filter((call) => call.gte === span && call.startingAfter).map((c) => c.startingAfter)
      expect(after(at(0, 0))).toEqual(Array.from({ length: 15 }, (_, i) => id(i * 100 + 99)))
      expect(after(middle)).toEqual(Array.from({ length: 10 }, (_, i) => id(1_540 + i * 100 + 99)))
    }
  })

  it('reads the sales while the fees are still coming in', async () => {
    await runExport(request({ fees: true }))
    const lastFees = api.calls.findLastIndex((call) => call.list === 'fees')
    const firstSales = api.calls.findIndex((call) => call.list === 'sales')
    expect(firstSales).toBeLessThan(lastFees)
  })

  it('rejects with the sales error when the sales fail while the fees are read', async () => {
    api.failSalesCall = 0
    await expect(runExport(request({ fees: true }))).rejects.toThrow(
      'Error exporting transactions: Service unavailable',
    )
  })

  it('reads newest first when the view sorts so, by keyset from the newest', async () => {
    const at = (day: number) => new Date(Date.UTC(2026, 9, 5 + day, 12)).toISOString()
    api.sales = Array.from({ length: 5 }, (_, i) => sale(i, { capturedAt: at(4 - i) }))
    const { file } = await runExport(
      request({
        query: {
          filters: {},
          capturedAt: { gte: at(0), lt: at(5) },
          sort: { field: 'capturedAt', direction: 'desc' },
        },
      }),
    )
    const ids = (await rowsOf(file)).slice(1).map((row) => row[0])
    expect(ids).toEqual(api.sales.map((s) => s.id))
  })
})
