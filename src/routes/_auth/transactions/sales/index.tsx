import { createFileRoute } from '@tanstack/react-router'
import { pageTitle } from '@/config/app'
import { ExportButton } from '@/features/export/export-button'
import { salesQueries } from '@/features/sales/api'
import { SALES_LIST } from '@/features/sales/list-spec'
import { SalesListScreen } from '@/features/sales/sales-list-screen'
import { plainSearch } from '@/lib/search'
import { listRoute } from '@/routes/-list-route'

const sales = listRoute(SALES_LIST, {
  title: 'Sales',
  load: ({ submerchant }, params) => salesQueries.list(submerchant.id, params),
  screen: ({ context: { submerchant, session }, search, onSearchChange }) => (
    <SalesListScreen
      submerchantId={submerchant.id}
      userId={session.userId}
      search={search}
      onSearchChange={onSearchChange}
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
  ),
})

export const Route = createFileRoute('/_auth/transactions/sales/')({
  validateSearch: plainSearch,
  head: () => ({ meta: [{ title: pageTitle('Sales') }] }),
  // No loaderDeps: a filter change keeps the current rows on screen (busy) instead of a pending page.
  loader: (match) => sales.loader(match),
  component: () => <sales.Page />,
})
