import { queryOptions } from '@tanstack/react-query'
import { apiList } from '@/api/http'
import type { Payout } from '@/api/schema/payouts'
import type { SaleFigures } from '@/features/dashboard/summary'
import { collectPages } from '@/lib/fetch-pages'

const SALE_FIELDS = [
  'id',
  'amount',
  'saleAmount',
  'gratuityAmount',
  'currency',
  'capturedAt',
] as const satisfies readonly (keyof SaleFigures)[]

// Schemas load with the first request: an offline start from the persisted cache never pays arktype's start-up.
async function dashboardSaleSchema() {
  const { Sale } = await import('@/api/schema/sales')
  return Sale.pick(...SALE_FIELDS)
}

const PAGE = 100
// Beyond this many sales in 7 days the figures cover the newest ones only, and say so.
export const MAX_DASHBOARD_SALES = 5000
const PARALLEL_PAGES = 4

export interface WeekSales {
  sales: SaleFigures[]
  // Matching sales the API reported, which may exceed what was fetched.
  total: number
  complete: boolean
}

// GET /v1/sales with a capturedAt range and `fields`, every page of it (newest first, up to the cap).
// Not cancelled with the query: a walk left half-way still fills the cache.
async function fetchWeekSales(
  submerchantId: string,
  range: { gte: string; lt: string },
): Promise<WeekSales> {
  const DashboardSale = await dashboardSaleSchema()
  const { items, total, complete } = await collectPages({
    fetchPage: (offset, limit, signal) =>
      apiList(
        '/v1/sales',
        {
          filters: { submerchantId },
          ranges: { capturedAt: range },
          fields: SALE_FIELDS,
          sort: { field: 'capturedAt', direction: 'desc' },
          limit,
          offset,
        },
        DashboardSale,
        { signal },
      ),
    pageSize: PAGE,
    concurrency: PARALLEL_PAGES,
    maxItems: MAX_DASHBOARD_SALES,
  })
  return { sales: items, total, complete }
}

// The dashboard's own reads: the week's sales figures and the latest payout.
export const dashboardKeys = {
  all: (submerchantId: string) => [submerchantId, 'dashboard'] as const,
  weekSales: (submerchantId: string, range: { gte: string; lt: string }) =>
    [submerchantId, 'dashboard', 'sales', range] as const,
  latestPayout: (submerchantId: string) => [submerchantId, 'dashboard', 'latest-payout'] as const,
}

export const dashboardQueries = {
  weekSales: (submerchantId: string, range: { gte: string; lt: string }) =>
    queryOptions({
      queryKey: dashboardKeys.weekSales(submerchantId, range),
      queryFn: () => fetchWeekSales(submerchantId, range),
    }),
  // GET /v1/payouts?submerchantId={id}: the newest one only.
  latestPayout: (submerchantId: string) =>
    queryOptions({
      queryKey: dashboardKeys.latestPayout(submerchantId),
      queryFn: async (): Promise<Payout | null> => {
        const { Payout } = await import('@/api/schema/payouts')
        const page = await apiList(
          '/v1/payouts',
          {
            filters: { submerchantId },
            sort: { field: 'createdAt', direction: 'desc' },
            limit: 1,
          },
          Payout,
        )
        return page.items[0] ?? null
      },
    }),
}
