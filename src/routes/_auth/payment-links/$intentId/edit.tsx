import { createFileRoute } from '@tanstack/react-router'
import { pageTitle } from '@/config/app'
import { intentQueries } from '@/features/payment-links/api'
import { EditPaymentLinkScreen } from '@/features/payment-links/edit-screen'
import { loadQuery } from '@/lib/load-query'
import { ACCESS_DENIED_MESSAGES } from '@/policy/access'
import { NotPermitted } from '@/ui/not-permitted'

export const Route = createFileRoute('/_auth/payment-links/$intentId/edit')({
  head: () => ({ meta: [{ title: pageTitle('Edit payment link') }] }),
  loader: ({ context, params }) =>
    context.access.canEditPaymentLinks
      ? loadQuery(
          context.queryClient,
          intentQueries.detail(context.submerchant.id, params.intentId),
        )
      : undefined,
  component: EditPage,
})

function EditPage() {
  const { intentId } = Route.useParams()
  const { submerchant, access } = Route.useRouteContext()
  const navigate = Route.useNavigate()
  if (!access.canEditPaymentLinks) {
    return (
      <NotPermitted
        title="Edit payment link"
        message={ACCESS_DENIED_MESSAGES.canEditPaymentLinks}
      />
    )
  }
  const toDetail = () => void navigate({ to: '/payment-links/$intentId', params: { intentId } })
  return (
    <EditPaymentLinkScreen
      submerchantId={submerchant.id}
      intentId={intentId}
      requiresJobNumber={access.requiresJobNumber}
      onSaved={toDetail}
      onCancel={toDetail}
    />
  )
}
