import { queryOptions, type QueryClient } from '@tanstack/react-query'
import { api, apiList } from '@/api/http'
import { dashboardKeys } from '@/api/query-keys'
import type { Payout } from '@/api/schema/payouts'
import type { SalesSummary } from '@/api/schema/sales-summary'
import type { SummaryGroupBy } from '@/api/schema/sales-summary-values'
import type { Terminal } from '@/api/schema/terminals'
import type { ResolvedPeriod } from '@/features/dashboard/period'
import { collectPages } from '@/lib/fetch-pages'
import { inFlightLimit } from '@/lib/in-flight-limit'

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

// Hours are asked for up to this many days (the heat grid and the line by hour); beyond, days.
const HOURLY_MAX_DAYS = 62

// The summaries a period's charts draw from: one request each (docs/screens.md#dashboard).
export interface PeriodSummaries {
  // The figures, the takings line and, by the hour, the busy hours.
  current: SummaryRequest
  // The dashed line and the comparisons, by the chart's unit.
  previous: SummaryRequest
  // The takings by vehicle, asked only where the role may see terminals.
  vehicles: SummaryRequest
  schemes: SummaryRequest
  methods: SummaryRequest
}

export function periodSummaries(period: ResolvedPeriod, timezone: string): PeriodSummaries {
  const of = (range: SummaryRequest['range'], groupBy: SummaryGroupBy): SummaryRequest => ({
    range,
    groupBy,
    timezone,
  })
  return {
    current: of(period.current, period.days <= HOURLY_MAX_DAYS ? 'hour' : 'day'),
    previous: of(period.previous, period.unit),
    vehicles: of(period.current, 'terminal'),
    schemes: of(period.current, 'cardScheme'),
    methods: of(period.current, 'method'),
  }
}

// The names people know their vehicles by, for the by-vehicle chart and the stopped list.
export type TerminalName = Pick<Terminal, 'id' | 'name' | 'serialNumber' | 'customReference'>
const TERMINAL_NAME_FIELDS = ['id', 'name', 'serialNumber', 'customReference'] as const

function askSummary(
  submerchantId: string,
  request: SummaryRequest,
  signal: AbortSignal,
): Promise<SalesSummary> {
  return api('/v1/sales/summary', {
    query: {
      submerchantId,
      'capturedAt[$gte]': request.range.gte,
      'capturedAt[$lt]': request.range.lt,
      groupBy: request.groupBy,
      timezone: request.timezone,
      disbursementWithheld: request.withheld,
    },
    // Loaded beside the request: a period change's requests leave before its render.
    schema: import('@/api/schema/sales-summary').then((schemas) => schemas.SalesSummary),
    signal,
  })
}

// The server runs at most 4 summaries or searches of a person at once and refuses a fifth (429,
// docs/api.md#errors); a period's charts ask for up to 7, so they go 4 at a time.
const summaryTurns = inFlightLimit(4)

export const dashboardQueries = {
  // GET /v1/sales/summary (docs/api.md#sales-summary): one grouping of one range.
  summary: (submerchantId: string, request: SummaryRequest) =>
    queryOptions({
      queryKey: dashboardKeys.summary(submerchantId, request),
      queryFn: ({ signal }): Promise<SalesSummary> =>
        summaryTurns(() => askSummary(submerchantId, request, signal), signal),
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

/**
 * A new period's chart data, asked for by the change itself: the requests leave before the
 * screen renders the new period (and before the route's loader runs), and the charts' queries
 * then share them. Data already fresh in the cache is not asked again.
 */
export function prefetchPeriodSummaries(
  queryClient: QueryClient,
  submerchantId: string,
  period: ResolvedPeriod,
  canViewTerminals: boolean,
): void {
  const { current, previous, vehicles, schemes, methods } = periodSummaries(
    period,
    deviceTimeZone(),
  )
  const requests = [current, previous, ...(canViewTerminals ? [vehicles] : []), schemes, methods]
  for (const request of requests) {
    void queryClient.prefetchQuery(dashboardQueries.summary(submerchantId, request))
  }
}
