import { apiList, type ListPage } from '@/api/http'
import type { ListRange, ListSort } from '@/api/list-query'
import { EXPORT_SALE_FIELDS, type ExportSale } from '@/features/export/export-rows'
import { onDemand } from '@/lib/on-demand'

// The export's calls (docs/api.md#sales-refunds-and-receipts), one page each (the runner walks the pages). They are not queries: an
// export is read once and written to a file, never cached or persisted.

// Each narrowed schema is built once, on the first page: an export asks for hundreds of pages, and
// building one costs about as much as checking a page with it.
const exportSchemas = onDemand(() =>
  import('@/api/schema/sales').then(({ BalanceTransaction, Sale }) => ({
    fee: BalanceTransaction.pick('id', 'sourceId', 'feeAmount', 'netAmount'),
    sale: Sale.pick(...EXPORT_SALE_FIELDS),
  })),
)
const terminalSerialSchema = onDemand(() =>
  import('@/api/schema/terminals').then(({ Terminal }) => Terminal.pick('id', 'serialNumber')),
)

// One page: by offset, or (keyset paging) the page after the item with this id.
export interface PageRequest {
  offset?: number
  startingAfter?: string
  limit: number
  signal: AbortSignal
}

export interface FeeRow {
  id: string
  sourceId: string
  feeAmount: number
  netAmount: number
}

// GET /v1/balance-transactions with a createdAt range, type=sale, offset or startingAfter, limit.
export async function fetchSaleFees(
  submerchantId: string,
  createdAt: ListRange,
  { offset, startingAfter, limit, signal }: PageRequest,
): Promise<ListPage<FeeRow>> {
  const { fee } = await exportSchemas.load()
  return apiList(
    '/v1/balance-transactions',
    {
      filters: { submerchantId, type: 'sale' },
      ranges: { createdAt },
      fields: ['id', 'sourceId', 'feeAmount', 'netAmount'],
      sort: { field: 'createdAt', direction: 'asc' },
      limit,
      offset,
      startingAfter,
    },
    fee,
    { signal },
  )
}

// GET v1/sales with capturedAt[$gte], capturedAt[$lt], method (and the view's filters), offset or
// startingAfter, limit.
export async function fetchExportSales(
  submerchantId: string,
  query: {
    filters: Record<string, string | number | boolean>
    capturedAt: ListRange
    sort: ListSort
  },
  { offset, startingAfter, limit, signal }: PageRequest,
): Promise<ListPage<ExportSale>> {
  const { sale } = await exportSchemas.load()
  return apiList(
    '/v1/sales',
    {
      filters: { ...query.filters, submerchantId },
      ranges: { capturedAt: query.capturedAt },
      fields: EXPORT_SALE_FIELDS,
      sort: query.sort,
      limit,
      offset,
      startingAfter,
    },
    sale,
    { signal },
  )
}

// Export lookup (docs/api.md#terminals): GET v1/terminals with fields, currentAllocation[submerchantId], limit, offset.
export async function fetchTerminalSerials(
  submerchantId: string,
  { offset, limit, signal }: PageRequest,
): Promise<ListPage<{ id: string; serialNumber: string }>> {
  return apiList(
    '/v1/terminals',
    {
      filters: { 'currentAllocation[submerchantId]': submerchantId },
      fields: ['id', 'serialNumber'],
      limit,
      offset,
    },
    await terminalSerialSchema.load(),
    { signal },
  )
}
