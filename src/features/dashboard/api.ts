import { queryOptions } from '@tanstack/react-query'
import { api, apiList } from '@/api/http'
import type { Payout } from '@/api/schema/payouts'
import type { SalesSummary } from '@/api/schema/sales-summary'
import type { SummaryGroupBy } from '@/api/schema/sales-summary-values'
import type { Terminal } from '@/api/schema/terminals'
import { collectPages } from '@/lib/fetch-pages'

export interface SummaryRequest {
  range: { gte: string; lt: string }
  groupBy: SummaryGroupBy
  // The device's zone: days and hours as the person lives them.
  timezone: string
  // The payout forecast leaves withheld sales out.
  withheld?: false
}

export function deviceTimeZone(): string {
  return Intl.DateTimeFormat().resolvedOptions().timeZone || 'UTC'
}

// The names people know their vehicles by, for the by-vehicle chart and the stopped list.
export type TerminalName = Pick<Terminal, 'id' | 'name' | 'serialNumber' | 'customReference'>
const TERMINAL_NAME_FIELDS = ['id', 'name', 'serialNumber', 'customReference'] as const

// The dashboard's own reads: sales summaries, terminal names, the recent payouts.
export const dashboardKeys = {
  all: (submerchantId: string) => [submerchantId, 'dashboard'] as const,
  summary: (submerchantId: string, request: SummaryRequest) =>
    [submerchantId, 'dashboard', 'summary', request] as const,
  terminalNames: (submerchantId: string) => [submerchantId, 'dashboard', 'terminal-names'] as const,
  recentPayouts: (submerchantId: string) => [submerchantId, 'dashboard', 'recent-payouts'] as const,
}

export const dashboardQueries = {
  // GET /v1/sales/summary (docs/api.md#sales-summary): one grouping of one range.
  summary: (submerchantId: string, request: SummaryRequest) =>
    queryOptions({
      queryKey: dashboardKeys.summary(submerchantId, request),
      queryFn: async ({ signal }): Promise<SalesSummary> => {
        const { SalesSummary } = await import('@/api/schema/sales-summary')
        return api('/v1/sales/summary', {
          query: {
            submerchantId,
            'capturedAt[$gte]': request.range.gte,
            'capturedAt[$lt]': request.range.lt,
            groupBy: request.groupBy,
            timezone: request.timezone,
            disbursementWithheld: request.withheld,
          },
          schema: SalesSummary,
          signal,
        })
      },
    }),
  // GET /v1/terminals?currentAllocation[submerchantId]={id}: the account's vehicles, by name.
  terminalNames: (submerchantId: string) =>
    queryOptions({
      queryKey: dashboardKeys.terminalNames(submerchantId),
      queryFn: async ({ signal }): Promise<TerminalName[]> => {
        const { Terminal } = await import('@/api/schema/terminals')
        const { items } = await collectPages({
          signal,
          fetchPage: (offset, limit, pageSignal) =>
            apiList(
              '/v1/terminals',
              {
                filters: { 'currentAllocation[submerchantId]': submerchantId },
                fields: TERMINAL_NAME_FIELDS,
                limit,
                offset,
              },
              Terminal.pick(...TERMINAL_NAME_FIELDS),
              { signal: pageSignal },
            ),
          pageSize: 100,
          concurrency: 1,
          maxItems: 500,
        })
        return items
      },
      staleTime: 10 * 60_000,
    }),
  // GET /v1/payouts?submerchantId={id}: the newest two (the latest, and the one before for the cadence).
  recentPayouts: (submerchantId: string) =>
    queryOptions({
      queryKey: dashboardKeys.recentPayouts(submerchantId),
      queryFn: async ({ signal }): Promise<Payout[]> => {
        const { Payout } = await import('@/api/schema/payouts')
        const page = await apiList(
          '/v1/payouts',
          {
            filters: { submerchantId },
            sort: { field: 'createdAt', direction: 'desc' },
            limit: 2,
          },
          Payout,
          { signal },
        )
        return page.items
      },
    }),
}
