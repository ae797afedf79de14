import { createFileRoute } from '@tanstack/react-router'
import { pageTitle } from '@/config/app'
import { ExportButton } from '@/features/export/export-button'
import { salesQueries } from '@/features/sales/api'
import { SALES_LIST } from '@/features/sales/list-spec'
import { SalesListScreen } from '@/features/sales/sales-list-screen'
import { loadQuery } from '@/lib/load-query'
import { parseListSearch } from '@/lib/list-search'
import { toListParams } from '@/lib/list-view'
import { plainSearch } from '@/lib/search'
import { useListSearch } from '@/lib/use-list-search'

export const Route = createFileRoute('/_auth/transactions/sales/')({
  // Checked against the list's spec by the screen (useListSearch), whose code loads with it.
  validateSearch: plainSearch,
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
  const navigate = Route.useNavigate()
  const [search, setSearch] = useListSearch(SALES_LIST, Route.useSearch(), (next, replace) => {
    void navigate({ search: next, replace })
  })
  const { submerchant, session } = Route.useRouteContext()
  return (
    <SalesListScreen
      submerchantId={submerchant.id}
      userId={session.userId}
      search={search}
      onSearchChange={setSearch}
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
