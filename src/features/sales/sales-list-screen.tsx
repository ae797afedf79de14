import { useQuery, useQueryClient } from '@tanstack/react-query'
import type { ReactNode } from 'react'
import { salesKeys } from '@/api/query-keys'
import { salesQueries } from '@/features/sales/api'
import { SALES_LIST } from '@/features/sales/list-spec'
import { SALES_VIEW } from '@/features/sales/sales-columns'
import type { ListSearch } from '@/lib/list-search'
import { toListParams } from '@/lib/list-view'
import { DataAge } from '@/offline/data-age'
import { useNewSalesSince } from '@/lib/live-status'
import { ListScreen } from '@/ui/list-screen'
import { NewItemsPill } from '@/ui/new-items-pill'

interface SalesListScreenProps {
  submerchantId: string
  // Saved views are kept per user; without a known user they are not offered.
  userId: string | null
  search: ListSearch
  onSearchChange: (search: ListSearch) => void
  // Buttons beside Refresh, given the list's exact total when known (Export shows it).
  renderActions?: (total: number | null) => ReactNode
}

// Sales list (docs/screens.md#sales): the kit's list screen over the sales declaration.
export function SalesListScreen({
  submerchantId,
  userId,
  search,
  onSearchChange,
  renderActions,
}: SalesListScreenProps) {
  const query = useQuery(salesQueries.list(submerchantId, toListParams(SALES_LIST, search)))
  const queryClient = useQueryClient()
  // Sales announced by the live stream since these rows came: a pill, never rows moving (docs/events.md#in-the-portal).
  const newSales = useNewSalesSince(submerchantId, query.dataUpdatedAt)
  return (
    <>
      <NewItemsPill
        count={newSales}
        one="new sale"
        many="new sales"
        onShow={() =>
          void queryClient.invalidateQueries({ queryKey: salesKeys.lists(submerchantId) })
        }
      />
      <ListScreen
        {...SALES_VIEW}
        search={search}
        onSearchChange={onSearchChange}
        query={query}
        savedViewsOwner={userId ? { userId, submerchantId } : null}
        className="sales-list"
        age={<DataAge updatedAt={query.dataUpdatedAt} />}
        actions={renderActions?.(
          query.data && !query.data.totalIsApproximate ? query.data.total : null,
        )}
      />
    </>
  )
}
