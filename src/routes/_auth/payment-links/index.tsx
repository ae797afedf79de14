import { createFileRoute } from '@tanstack/react-router'
import { pageTitle } from '@/config/app'
import { useReloadAccount } from '@/features/accounts/use-reload-account'
import { EnrollmentPanel } from '@/features/enrollment/enrollment-panel'
import { intentQueries } from '@/features/payment-links/api'
import { PAYMENT_LINKS_LIST } from '@/features/payment-links/list-spec'
import { PaymentLinksListScreen } from '@/features/payment-links/payment-links-list-screen'
import { loadQuery } from '@/lib/load-query'
import { parseListSearch, validateListSearch, type ListSearch } from '@/lib/list-search'
import { toListParams } from '@/lib/list-view'
import { accessFor } from '@/policy/access'

export const Route = createFileRoute('/_auth/payment-links/')({
  validateSearch: (search: Record<string, unknown>): ListSearch =>
    validateListSearch(PAYMENT_LINKS_LIST, search),
  head: () => ({ meta: [{ title: pageTitle('Payment Links') }] }),
  loader: ({ context, location }) =>
    accessFor({ role: context.submerchantRole, account: context.submerchant }).needsEnrollment
      ? undefined
      : loadQuery(
          context.queryClient,
          intentQueries.list(
            context.submerchant.id,
            toListParams(PAYMENT_LINKS_LIST, parseListSearch(PAYMENT_LINKS_LIST, location.search)),
          ),
        ),
  component: PaymentLinksPage,
})

function PaymentLinksPage() {
  const search = Route.useSearch()
  const navigate = Route.useNavigate()
  const { submerchant, submerchantRole, session } = Route.useRouteContext()
  const reload = useReloadAccount(submerchant.id)
  const access = accessFor({ role: submerchantRole, account: submerchant })
  if (access.needsEnrollment) {
    return <EnrollmentPanel submerchantId={submerchant.id} onEnrolled={reload} />
  }
  return (
    <PaymentLinksListScreen
      submerchantId={submerchant.id}
      accountName={submerchant.name}
      userId={session.userId}
      canModify={access.canEditPaymentLinks}
      search={search}
      onSearchChange={(next) => void navigate({ search: next })}
    />
  )
}
