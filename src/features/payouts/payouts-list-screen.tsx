import { useQuery } from '@tanstack/react-query'
import type { ListSearch } from '@/lib/list-search'
import { toListParams } from '@/lib/list-view'
import { DataAge } from '@/offline/data-age'
import { ListScreen } from '@/ui/list-screen'
import { payoutQueries } from '@/features/payouts/api'
import { PAYOUTS_LIST } from '@/features/payouts/list-spec'
import { PAYOUT_CARD, PAYOUT_COLUMNS, payoutLabel } from '@/features/payouts/payouts-columns'
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
      spec={PAYOUTS_LIST}
      title="Payouts"
      search={search}
      onSearchChange={onSearchChange}
      query={query}
      columns={PAYOUT_COLUMNS}
      rowKey={(p) => p.id}
      card={PAYOUT_CARD}
      rowLabel={payoutLabel}
      errorTitle="Failed to load payouts"
      savedViewsOwner={userId ? { userId, submerchantId } : null}
      age={<DataAge updatedAt={query.dataUpdatedAt} />}
    />
  )
}
