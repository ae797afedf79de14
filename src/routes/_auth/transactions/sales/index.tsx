import { createFileRoute } from '@tanstack/react-router'
import { pageTitle } from '@/config/app'
import { salesQueries } from '@/features/sales/api'
import { SalesListScreen } from '@/features/sales/sales-list-screen'
import {
  parseSalesSearch,
  validateSalesSearch,
  type SalesSearch,
} from '@/features/sales/search-params'
import { toListParams } from '@/features/sales/search'
import { ensureWhenOnline } from '@/lib/ensure-online'

export const Route = createFileRoute('/_auth/transactions/sales/')({
  validateSearch: (search: Record<string, unknown>): SalesSearch => validateSalesSearch(search),
  head: () => ({ meta: [{ title: pageTitle('Sales') }] }),
  // No loaderDeps: a filter change keeps the current rows on screen (busy) instead of a pending page.
  loader: ({ context, location }) =>
    ensureWhenOnline(
      context.queryClient,
      salesQueries.list(context.submerchant.id, toListParams(parseSalesSearch(location.search))),
    ),
  component: SalesPage,
})

function SalesPage() {
  const search = Route.useSearch()
  const navigate = Route.useNavigate()
  const { submerchant, session } = Route.useRouteContext()
  return (
    <SalesListScreen
      submerchantId={submerchant.id}
      userId={session.userId}
      search={search}
      onSearchChange={(next) => void navigate({ search: next })}
    />
  )
}
