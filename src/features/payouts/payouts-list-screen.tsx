import { useQuery } from '@tanstack/react-query'
import type { ListSearch } from '@/lib/list-search'
import { toListParams } from '@/lib/list-view'
import { DataAge } from '@/offline/data-age'
import { ListScreen } from '@/ui/list-screen'
import { payoutQueries } from '@/features/payouts/api'
import { PAYOUTS_LIST } from '@/features/payouts/list-spec'
import { PAYOUTS_VIEW } from '@/features/payouts/payouts-columns'
import './payouts.css'

interface PayoutsListScreenProps {
  submerchantId: string
  userId: string | null
  search: ListSearch
  onSearchChange: (search: ListSearch) => void
}

// /payouts (docs/screens.md#payouts): the kit's server table over the payouts declaration.
export function PayoutsListScreen({
  submerchantId,
  userId,
  search,
  onSearchChange,
}: PayoutsListScreenProps) {
  const query = useQuery(payoutQueries.list(submerchantId, toListParams(PAYOUTS_LIST, search)))
  return (
    <ListScreen
      {...PAYOUTS_VIEW}
      search={search}
      onSearchChange={onSearchChange}
      query={query}
      savedViewsOwner={userId ? { userId, submerchantId } : null}
      age={<DataAge updatedAt={query.dataUpdatedAt} />}
    />
  )
}
