import { queryOptions } from '@tanstack/react-query'
import { apiList } from '@/api/http'
import type { Payout } from '@/api/schema/payouts'
import type { ListQuery } from '@/api/list-query'
import type { SaleFigures } from '@/features/dashboard/summary'

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

// GET /v1/sales with a capturedAt range and `fields`, every page of it.
async function fetchWeekSales(
  submerchantId: string,
  range: { gte: string; lt: string },
): Promise<WeekSales> {
  const query = (offset: number): ListQuery => ({
    filters: { submerchantId },
    ranges: { capturedAt: range },
    fields: SALE_FIELDS,
    sort: { field: 'capturedAt', direction: 'desc' },
    limit: PAGE,
    offset,
  })
  const DashboardSale = await dashboardSaleSchema()
  const first = await apiList('/v1/sales', query(0), DashboardSale)
  const wanted = Math.min(first.total, MAX_DASHBOARD_SALES)
  const offsets: number[] = []
  for (let offset = PAGE; offset < wanted; offset += PAGE) offsets.push(offset)
  const sales = [...first.items]
  for (let i = 0; i < offsets.length; i += PARALLEL_PAGES) {
    const pages = await Promise.all(
      offsets
        .slice(i, i + PARALLEL_PAGES)
        .map((offset) => apiList('/v1/sales', query(offset), DashboardSale)),
    )
    for (const page of pages) sales.push(...page.items)
  }
  return {
    sales,
    total: first.total,
    complete: !first.totalIsApproximate && sales.length >= first.total,
  }
}

export const dashboardQueries = {
  weekSales: (submerchantId: string, range: { gte: string; lt: string }) =>
    queryOptions({
      queryKey: [submerchantId, 'dashboard', 'sales', range],
      queryFn: () => fetchWeekSales(submerchantId, range),
    }),
  // GET /v1/payouts?submerchantId={id}: the newest one only.
  latestPayout: (submerchantId: string) =>
    queryOptions({
      queryKey: [submerchantId, 'dashboard', 'latest-payout'],
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
