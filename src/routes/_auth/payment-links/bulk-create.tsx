import { createFileRoute } from '@tanstack/react-router'
import { pageTitle } from '@/config/app'
import { accessFor, ACCESS_DENIED_MESSAGES } from '@/policy/access'
import { NotPermitted } from '@/features/payment-links/not-permitted'
import { NotFoundInShell } from '@/ui/route-states'

// §2 bulk create (CSV import) is the bulk issue's; §6 viewers are told they may not, already.
export const Route = createFileRoute('/_auth/payment-links/bulk-create')({
  head: () => ({ meta: [{ title: pageTitle('Bulk create payment links') }] }),
  component: BulkCreatePage,
})

function BulkCreatePage() {
  const { submerchant, submerchantRole } = Route.useRouteContext()
  if (!accessFor({ role: submerchantRole, account: submerchant }).canCreatePaymentLinks) {
    return (
      <NotPermitted
        title="Bulk create payment links"
        message={ACCESS_DENIED_MESSAGES.canCreatePaymentLinks}
      />
    )
  }
  return <NotFoundInShell />
}
