import { keepPreviousData, queryOptions } from '@tanstack/react-query'
import { api, apiList, type ListPage } from '@/api/http'
import { SALE_LIST_FIELDS } from '@/api/schema/sale-values'
import type { SaleListItem } from '@/api/schema/sales'
import type { Terminal } from '@/api/schema/terminals'
import { SEARCH_LIMIT } from '@/config/limits'
import type { ListParams } from '@/lib/list-search'
import { collectPages } from '@/lib/fetch-pages'
import { toListQuery } from '@/lib/list-view'

const enc = encodeURIComponent
const ALLOCATION = 'currentAllocation[submerchantId]'
const schemas = () => import('@/api/schema/terminals')
const saleSchemas = () => import('@/api/schema/sales')

export const terminalKeys = {
  all: (submerchantId: string) => [submerchantId, 'terminals'] as const,
  lists: (submerchantId: string) => [submerchantId, 'terminals', 'list'] as const,
  list: (submerchantId: string, params: ListParams) =>
    [submerchantId, 'terminals', 'list', params] as const,
  search: (submerchantId: string, q: string) => [submerchantId, 'terminals', 'search', q] as const,
  detail: (submerchantId: string, terminalId: string) =>
    [submerchantId, 'terminals', 'detail', terminalId] as const,
  // A terminal's sales table and its takings since a week's start.
  sales: (submerchantId: string, terminalId: string, params: ListParams) =>
    [submerchantId, 'terminals', 'sales', terminalId, params] as const,
  takings: (submerchantId: string, terminalId: string, weekStart: string) =>
    [submerchantId, 'terminals', 'takings', terminalId, weekStart] as const,
}

// Takings are counted from the sales list, 100 at a time, up to 5,000 sales.
const TAKINGS_PAGE = 100
const TAKINGS_MAX_SALES = 5000

export interface TakingsTotal {
  count: number
  total: number
}

export interface Takings {
  today: TakingsTotal
  week: TakingsTotal
  currency: string
  // More sales than were summed: the totals are lower bounds.
  partial: boolean
}

// Both windows from one walk over the last 7 days' sales (amount and time only).
function sumTakings(
  sales: { amount: number; currency: string; capturedAt: string }[],
  today: string,
) {
  const sum = (list: typeof sales) => ({
    count: list.length,
    total: list.reduce((n, s) => n + s.amount, 0),
  })
  return {
    week: sum(sales),
    today: sum(sales.filter((s) => Date.parse(s.capturedAt) >= Date.parse(today))),
    currency: sales[0]?.currency ?? 'GBP',
  }
}

export const terminalQueries = {
  // GET /v1/terminals?currentAllocation[submerchantId]={id}: the server table.
  list: (submerchantId: string, params: ListParams) =>
    queryOptions({
      queryKey: terminalKeys.list(submerchantId, params),
      queryFn: ({ signal }): Promise<ListPage<Terminal>> =>
        apiList(
          '/v1/terminals',
          toListQuery({ [ALLOCATION]: submerchantId }, params),
          schemas().then((schema) => schema.Terminal),
          { signal },
        ),
      placeholderData: keepPreviousData,
    }),
  // GET /v1/terminals?q&limit=10: the search suggestions (docs/constants.md#timing).
  search: (submerchantId: string, q: string) =>
    queryOptions({
      queryKey: terminalKeys.search(submerchantId, q),
      queryFn: async ({ signal }): Promise<ListPage<Terminal>> => {
        const { Terminal } = await schemas()
        return apiList('/v1/terminals', { q, limit: SEARCH_LIMIT }, Terminal, { signal })
      },
      enabled: q.trim() !== '',
      placeholderData: keepPreviousData,
    }),
  // GET /v1/terminals/{id}.
  detail: (submerchantId: string, terminalId: string) =>
    queryOptions({
      queryKey: terminalKeys.detail(submerchantId, terminalId),
      queryFn: async ({ signal }): Promise<Terminal> => {
        const { Terminal } = await schemas()
        return api(`/v1/terminals/${enc(terminalId)}`, { schema: Terminal, signal })
      },
    }),
  // GET /v1/sales?terminalId={id} with filters, sort and a capturedAt range: the terminal's sales.
  sales: (submerchantId: string, terminalId: string, params: ListParams) =>
    queryOptions({
      queryKey: terminalKeys.sales(submerchantId, terminalId, params),
      queryFn: async ({ signal }): Promise<ListPage<SaleListItem>> => {
        const { SaleListItem } = await saleSchemas()
        const query = toListQuery({ terminalId }, params, SALE_LIST_FIELDS)
        return apiList('/v1/sales', query, SaleListItem, { signal })
      },
      placeholderData: keepPreviousData,
    }),
  // Beyond what docs/screens.md describes: a terminal's takings today and over the last 7 days, from the same sales call
  // with a capturedAt range (`weekStart` and `todayStart` are local midnights as ISO strings).
  takings: (submerchantId: string, terminalId: string, weekStart: string, todayStart: string) =>
    queryOptions({
      queryKey: terminalKeys.takings(submerchantId, terminalId, weekStart),
      queryFn: async ({ signal }): Promise<Takings> => {
        const { Sale } = await saleSchemas()
        const schema = Sale.pick('amount', 'currency', 'capturedAt')
        const { items, complete } = await collectPages({
          fetchPage: (offset, limit, pageSignal) =>
            apiList(
              '/v1/sales',
              {
                filters: { terminalId },
                ranges: { capturedAt: { gte: weekStart } },
                fields: ['amount', 'currency', 'capturedAt'],
                limit,
                offset,
              },
              schema,
              { signal: pageSignal },
            ),
          pageSize: TAKINGS_PAGE,
          concurrency: 1,
          maxItems: TAKINGS_MAX_SALES,
          signal,
        })
        return { ...sumTakings(items, todayStart), partial: !complete }
      },
      staleTime: 60_000,
    }),
}
