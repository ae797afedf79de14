import { createFileRoute, type SearchSchemaInput } from '@tanstack/react-router'
import { pageTitle } from '@/config/app'
import { dashboardQueries } from '@/features/dashboard/api'
import { DashboardScreen } from '@/features/dashboard/dashboard-screen'
import { weekBounds } from '@/features/dashboard/summary'
import { loadQuery } from '@/lib/load-query'
import { optionalFlag } from '@/lib/search'

export const Route = createFileRoute('/_auth/dashboard')({
  validateSearch: (search: { welcome?: unknown } & SearchSchemaInput) => ({
    welcome: optionalFlag(search.welcome),
  }),
  head: () => ({ meta: [{ title: pageTitle('Dashboard') }] }),
  loader: ({ context }) =>
    loadQuery(
      context.queryClient,
      dashboardQueries.weekSales(context.submerchant.id, weekBounds()),
    ),
  component: DashboardPage,
})

function DashboardPage() {
  const { welcome } = Route.useSearch()
  const { submerchant, submerchantRole } = Route.useRouteContext()
  return <DashboardScreen account={submerchant} role={submerchantRole} welcome={welcome} />
}
