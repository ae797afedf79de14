import { createFileRoute } from '@tanstack/react-router'
import { pageTitle } from '@/config/app'
import { payoutQueries } from '@/features/payouts/api'
import { PayoutDetailScreen } from '@/features/payouts/payout-detail-screen'
import { loadQuery } from '@/lib/load-query'
import { ACCESS_DENIED_MESSAGES } from '@/policy/access'
import { NotPermitted } from '@/ui/not-permitted'

export const Route = createFileRoute('/_auth/payouts/$payoutId')({
  head: () => ({ meta: [{ title: pageTitle('Payout details') }] }),
  loader: ({ context, params }) =>
    context.access.canViewPayouts
      ? loadQuery(
          context.queryClient,
          payoutQueries.detail(context.submerchant.id, params.payoutId),
        )
      : undefined,
  component: PayoutPage,
})

function PayoutPage() {
  const { payoutId } = Route.useParams()
  const { submerchant, access } = Route.useRouteContext()
  if (!access.canViewPayouts) {
    return <NotPermitted title="Payout details" message={ACCESS_DENIED_MESSAGES.canViewPayouts} />
  }
  return <PayoutDetailScreen submerchantId={submerchant.id} payoutId={payoutId} />
}
