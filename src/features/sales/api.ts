import { keepPreviousData, queryOptions } from '@tanstack/react-query'
import { api, apiList, type ListPage } from '@/api/http'
import { salesKeys } from '@/api/query-keys'
import { SALE_LIST_FIELDS } from '@/api/schema/sale-values'
import type { BalanceTransaction, Sale, SaleListItem } from '@/api/schema/sales'
import type { ListParams } from '@/lib/list-search'
import { toListQuery } from '@/lib/list-view'

const enc = encodeURIComponent

// Loaded with the first request: an offline start from the persisted cache never pays arktype's start-up.
const schemas = () => import('@/api/schema/sales')

// A sale's balance transaction (its fee and net).
export const balanceTransactionKeys = {
  all: (submerchantId: string) => [submerchantId, 'balance-transactions'] as const,
  detail: (submerchantId: string, balanceTransactionId: string) =>
    [submerchantId, 'balance-transactions', balanceTransactionId] as const,
}

export const salesQueries = {
  // GET /v1/sales?submerchantId={id} with sort, limit, offset, filters and capturedAt range.
  list: (submerchantId: string, params: ListParams) =>
    queryOptions({
      queryKey: salesKeys.list(submerchantId, params),
      queryFn: ({ signal }): Promise<ListPage<SaleListItem>> => {
        const query = toListQuery({ submerchantId }, params, SALE_LIST_FIELDS)
        return apiList(
          '/v1/sales',
          query,
          schemas().then((schema) => schema.SaleListItem),
          { signal },
        )
      },
      // A filter change keeps the old rows on screen (marked busy) until the new ones arrive.
      placeholderData: keepPreviousData,
    }),
  // GET /v1/sales/{id} with the cache bypass header.
  detail: (submerchantId: string, saleId: string) =>
    queryOptions({
      queryKey: salesKeys.detail(submerchantId, saleId),
      queryFn: async ({ signal }): Promise<Sale> => {
        const { Sale } = await schemas()
        return api(`/v1/sales/${enc(saleId)}`, { schema: Sale, bypassCache: true, signal })
      },
    }),
  // GET /v1/balance-transactions/{id}: the fee and net of a sale; waits while the sale has none (null).
  balanceTransaction: (submerchantId: string, balanceTransactionId: string | null) =>
    queryOptions({
      queryKey: balanceTransactionKeys.detail(submerchantId, balanceTransactionId ?? ''),
      queryFn: async ({ signal }): Promise<BalanceTransaction> => {
        const { BalanceTransaction } = await schemas()
        return api(`/v1/balance-transactions/${enc(balanceTransactionId ?? '')}`, {
          schema: BalanceTransaction,
          signal,
        })
      },
      enabled: balanceTransactionId !== null,
      // A settled fee does not change.
      staleTime: 10 * 60_000,
    }),
}
