import { useSuspenseQuery } from '@tanstack/react-query'
import { createFileRoute } from '@tanstack/react-router'
import { pageTitle } from '@/config/app'
import { accountQueries } from '@/features/accounts/api'
import { ReceiptActions } from '@/features/receipts/receipt-actions'
import { RefundsSection } from '@/features/refunds/refunds-section'
import { salesQueries } from '@/features/sales/api'
import { SaleDetailScreen } from '@/features/sales/sale-detail-screen'
import { loadQuery } from '@/lib/load-query'

export const Route = createFileRoute('/_auth/transactions/sales/$saleId')({
  head: () => ({ meta: [{ title: pageTitle('Sale details') }] }),
  loader: ({ context, params }) =>
    loadQuery(context.queryClient, salesQueries.detail(context.submerchant.id, params.saleId)),
  component: SaleDetailPage,
})

function SaleDetailPage() {
  const { saleId } = Route.useParams()
  const { submerchant, submerchantRole } = Route.useRouteContext()
  // Already loaded by the _auth guard.
  const { data: user } = useSuspenseQuery(accountQueries.currentUser())
  return (
    <SaleDetailScreen submerchantId={submerchant.id} saleId={saleId}>
      {(sale) => (
        <>
          <ReceiptActions sale={sale} account={submerchant} />
          <RefundsSection
            sale={sale}
            account={submerchant}
            role={submerchantRole}
            currentUserId={user.id}
          />
        </>
      )}
    </SaleDetailScreen>
  )
}
