import { useQuery } from '@tanstack/react-query'
import { Link } from '@tanstack/react-router'
import { intentQueries } from '@/features/payment-links/api'
import { INTENT_COLUMNS, IntentCard } from '@/features/payment-links/intent-row'
import { IntentSearch } from '@/features/payment-links/intent-search'
import { PAYMENT_LINKS_LIST } from '@/features/payment-links/list-spec'
import { QueuedLinks } from '@/features/payment-links/queued-links'
import type { ListSearch } from '@/lib/list-search'
import { toListParams } from '@/lib/list-view'
import { DataAge } from '@/offline/data-age'
import { buttonClassName } from '@/ui/button'
import { ListScreen } from '@/ui/list-screen'
import './payment-links.css'

interface PaymentLinksListScreenProps {
  submerchantId: string
  userId: string | null
  search: ListSearch
  onSearchChange: (search: ListSearch) => void
}

// §2 /payment-links: search, the kit's list with filters and chips, create and bulk-create.
export function PaymentLinksListScreen({
  submerchantId,
  userId,
  search,
  onSearchChange,
}: PaymentLinksListScreenProps) {
  const query = useQuery(
    intentQueries.list(submerchantId, toListParams(PAYMENT_LINKS_LIST, search)),
  )
  return (
    <ListScreen
      spec={PAYMENT_LINKS_LIST}
      title="Payment Links"
      search={search}
      onSearchChange={onSearchChange}
      query={query}
      columns={INTENT_COLUMNS}
      rowKey={(intent) => intent.id}
      renderCard={(intent) => <IntentCard intent={intent} />}
      errorTitle="Failed to load payment links"
      savedViewsOwner={userId ? { userId, submerchantId } : null}
      age={<DataAge updatedAt={query.dataUpdatedAt} />}
      lead={
        <>
          <IntentSearch submerchantId={submerchantId} />
          <QueuedLinks submerchantId={submerchantId} />
        </>
      }
      actions={
        <>
          <Link to="/payment-links/create" className={buttonClassName()}>
            Create payment link
          </Link>
          <Link
            to="/payment-links/$"
            params={{ _splat: 'bulk-create' }}
            className={buttonClassName({ variant: 'secondary' })}
          >
            Bulk create
          </Link>
        </>
      }
    />
  )
}
