import { createFileRoute } from '@tanstack/react-router'
import { pageTitle } from '@/config/app'
import { EnrollmentPanel } from '@/features/enrollment/enrollment-panel'
import { CreatePaymentLinkScreen } from '@/features/payment-links/create-screen'
import { ACCESS_DENIED_MESSAGES } from '@/policy/access'
import { NotPermitted } from '@/ui/not-permitted'
import { useReloadAccount } from '@/features/accounts/use-reload-account'

export const Route = createFileRoute('/_auth/payment-links/create')({
  head: () => ({ meta: [{ title: pageTitle('Create payment link') }] }),
  component: CreatePage,
})

function CreatePage() {
  const { submerchant, access } = Route.useRouteContext()
  const navigate = Route.useNavigate()
  const reload = useReloadAccount(submerchant.id)
  if (access.needsEnrollment) {
    return <EnrollmentPanel submerchantId={submerchant.id} onEnrolled={reload} />
  }
  if (!access.canCreatePaymentLinks) {
    return (
      <NotPermitted
        title="Create payment link"
        message={ACCESS_DENIED_MESSAGES.canCreatePaymentLinks}
      />
    )
  }
  return (
    <CreatePaymentLinkScreen
      submerchantId={submerchant.id}
      requiresJobNumber={access.requiresJobNumber}
      onCreated={(intent) =>
        void navigate({ to: '/payment-links/$intentId', params: { intentId: intent.id } })
      }
      onQueued={() => void navigate({ to: '/payment-links' })}
      onCancel={() => void navigate({ to: '/payment-links' })}
    />
  )
}
