import { createFileRoute } from '@tanstack/react-router'
import { pageTitle } from '@/config/app'
import { useReloadAccount } from '@/features/accounts/use-reload-account'
import { EnrollmentPanel } from '@/features/enrollment/enrollment-panel'
import { intentQueries } from '@/features/payment-links/api'
import { PAYMENT_LINKS_LIST } from '@/features/payment-links/list-spec'
import { PaymentLinksListScreen } from '@/features/payment-links/payment-links-list-screen'
import { listRoute, type ListRouteView } from '@/routes/-list-route'
import { plainSearch } from '@/lib/search'

const paymentLinks = listRoute(PAYMENT_LINKS_LIST, {
  title: 'Payment Links',
  loads: (access) => !access.needsEnrollment,
  load: ({ submerchant }, params) => intentQueries.list(submerchant.id, params),
  screen: (view) => <PaymentLinksPage {...view} />,
})

export const Route = createFileRoute('/_auth/payment-links/')({
  validateSearch: plainSearch,
  head: () => ({ meta: [{ title: pageTitle('Payment Links') }] }),
  loader: (match) => paymentLinks.loader(match),
  component: () => <paymentLinks.Page />,
})

// An account not yet enrolled with the acquirer enrols here first.
function PaymentLinksPage({ context, search, onSearchChange }: ListRouteView) {
  const { submerchant, session, access } = context
  const reload = useReloadAccount(submerchant.id)
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
      onSearchChange={onSearchChange}
    />
  )
}
