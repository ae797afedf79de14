import { keepPreviousData, queryOptions } from '@tanstack/react-query'
import { api, apiList, type ListPage } from '@/api/http'
import { SALE_LIST_FIELDS } from '@/api/schema/sale-values'
import type { SaleListItem } from '@/api/schema/sales'
import type { Terminal } from '@/api/schema/terminals'
import { SEARCH_LIMIT } from '@/config/limits'
import type { ListParams } from '@/lib/list-search'
import { toListQuery } from '@/lib/list-view'

const enc = encodeURIComponent
const ALLOCATION = 'currentAllocation[submerchantId]'
const schemas = () => import('@/api/schema/terminals')
const saleSchemas = () => import('@/api/schema/sales')

const terminalKeys = {
  all: (submerchantId: string) => [submerchantId, 'terminals'] as const,
}

// Takings are counted from the sales list, 100 at a time, up to this many pages (5,000 sales).
const TAKINGS_MAX_PAGES = 50

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
      queryKey: [...terminalKeys.all(submerchantId), 'list', params] as const,
      queryFn: async ({ signal }): Promise<ListPage<Terminal>> => {
        const { Terminal } = await schemas()
        return apiList(
          '/v1/terminals',
          toListQuery({ [ALLOCATION]: submerchantId }, params),
          Terminal,
          {
            signal,
          },
        )
      },
      placeholderData: keepPreviousData,
    }),
  // GET /v1/terminals?q&limit=10: the search suggestions (docs/constants.md#timing).
  search: (submerchantId: string, q: string) =>
    queryOptions({
      queryKey: [...terminalKeys.all(submerchantId), 'search', q] as const,
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
      queryKey: [...terminalKeys.all(submerchantId), 'detail', terminalId] as const,
      queryFn: async ({ signal }): Promise<Terminal> => {
        const { Terminal } = await schemas()
        return api(`/v1/terminals/${enc(terminalId)}`, { schema: Terminal, signal })
      },
    }),
  // GET /v1/sales?terminalId={id} with filters, sort and a capturedAt range: the terminal's sales.
  sales: (submerchantId: string, terminalId: string, params: ListParams) =>
    queryOptions({
      queryKey: [...terminalKeys.all(submerchantId), 'sales', terminalId, params] as const,
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
      queryKey: [...terminalKeys.all(submerchantId), 'takings', terminalId, weekStart] as const,
      queryFn: async ({ signal }): Promise<Takings> => {
        const { Sale } = await saleSchemas()
        const schema = Sale.pick('amount', 'currency', 'capturedAt')
        const sales: (typeof schema.infer)[] = []
        for (let page = 0; page < TAKINGS_MAX_PAGES; page++) {
          const result = await apiList(
            '/v1/sales',
            {
              filters: { terminalId },
              ranges: { capturedAt: { gte: weekStart } },
              fields: ['amount', 'currency', 'capturedAt'],
              limit: 100,
              offset: page * 100,
            },
            schema,
            { signal },
          )
          sales.push(...result.items)
          if (result.items.length < 100) return { ...sumTakings(sales, todayStart), partial: false }
        }
        return { ...sumTakings(sales, todayStart), partial: true }
      },
      staleTime: 60_000,
    }),
}
