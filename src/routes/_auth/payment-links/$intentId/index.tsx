import { createFileRoute, redirect } from '@tanstack/react-router'
import { pageTitle } from '@/config/app'
import { intentQueries, needsRecheck } from '@/features/payment-links/api'
import { NotifyWhenPaid } from '@/features/notifications-push/notify-when-paid'
import { PaymentLinkDetailScreen } from '@/features/payment-links/detail-screen'
import { loadQuery } from '@/lib/load-query'

export const Route = createFileRoute('/_auth/payment-links/$intentId/')({
  // docs/screens.md#payment-links: the create page opened through the id route goes to the create route.
  beforeLoad: ({ params }) => {
    if (params.intentId === 'create') throw redirect({ to: '/payment-links/create' })
  },
  head: () => ({ meta: [{ title: pageTitle('Payment link') }] }),
  // Opening the page (not a hover's preload) checks a link that is not final at once.
  loader: ({ context, params, preload }) =>
    loadQuery(
      context.queryClient,
      intentQueries.detail(context.submerchant.id, params.intentId),
      preload ? undefined : needsRecheck,
    ),
  component: DetailPage,
})

function DetailPage() {
  const { intentId } = Route.useParams()
  const { submerchant, access } = Route.useRouteContext()
  const navigate = Route.useNavigate()
  return (
    <PaymentLinkDetailScreen
      submerchantId={submerchant.id}
      intentId={intentId}
      canModify={access.canEditPaymentLinks}
      onDeleted={() => void navigate({ to: '/payment-links' })}
      notify={<NotifyWhenPaid submerchantId={submerchant.id} />}
    />
  )
}
