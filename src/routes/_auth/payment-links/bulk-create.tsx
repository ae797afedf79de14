import { createFileRoute } from '@tanstack/react-router'
import { pageTitle } from '@/config/app'
import { BulkImportScreen } from '@/features/payment-links/bulk-import/bulk-import-screen'
import { NotPermitted } from '@/ui/not-permitted'
import { ACCESS_DENIED_MESSAGES } from '@/policy/access'

// Bulk create (CSV import, docs/screens.md#payment-links); viewers are told they may not (docs/roles.md#payment-links).
export const Route = createFileRoute('/_auth/payment-links/bulk-create')({
  head: () => ({ meta: [{ title: pageTitle('Bulk create payment links') }] }),
  component: BulkCreatePage,
})

function BulkCreatePage() {
  const { submerchant, session, access } = Route.useRouteContext()
  if (!access.canCreatePaymentLinks || !session.userId) {
    return (
      <NotPermitted
        title="Bulk create payment links"
        message={ACCESS_DENIED_MESSAGES.canCreatePaymentLinks}
      />
    )
  }
  return (
    <BulkImportScreen
      submerchantId={submerchant.id}
      userId={session.userId}
      requiresJobNumber={access.requiresJobNumber}
    />
  )
}
