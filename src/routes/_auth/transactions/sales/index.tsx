import { createFileRoute } from '@tanstack/react-router'
import { pageTitle } from '@/config/app'
import { ExportButton } from '@/features/export/export-button'
import { salesQueries } from '@/features/sales/api'
import { SALES_LIST } from '@/features/sales/list-spec'
import { SalesListScreen } from '@/features/sales/sales-list-screen'
import { loadQuery } from '@/lib/load-query'
import { parseListSearch, validateListSearch, type ListSearch } from '@/lib/list-search'
import { toListParams } from '@/lib/list-view'

export const Route = createFileRoute('/_auth/transactions/sales/')({
  validateSearch: (search: Record<string, unknown>): ListSearch =>
    validateListSearch(SALES_LIST, search),
  head: () => ({ meta: [{ title: pageTitle('Sales') }] }),
  // No loaderDeps: a filter change keeps the current rows on screen (busy) instead of a pending page.
  loader: ({ context, location }) =>
    loadQuery(
      context.queryClient,
      salesQueries.list(
        context.submerchant.id,
        toListParams(SALES_LIST, parseListSearch(SALES_LIST, location.search)),
      ),
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
      renderActions={(total) => (
        <ExportButton
          submerchantId={submerchant.id}
          accountName={submerchant.name}
          spec={SALES_LIST}
          search={search}
          total={total}
        />
      )}
    />
  )
}
