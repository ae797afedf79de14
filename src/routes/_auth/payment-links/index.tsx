import { createFileRoute } from '@tanstack/react-router'
import { pageTitle } from '@/config/app'
import { useReloadAccount } from '@/features/accounts/use-reload-account'
import { EnrollmentPanel } from '@/features/enrollment/enrollment-panel'
import { intentQueries } from '@/features/payment-links/api'
import { PAYMENT_LINKS_LIST } from '@/features/payment-links/list-spec'
import { PaymentLinksListScreen } from '@/features/payment-links/payment-links-list-screen'
import { loadQuery } from '@/lib/load-query'
import { parseListSearch } from '@/lib/list-search'
import { toListParams } from '@/lib/list-view'
import { plainSearch } from '@/lib/search'
import { useListSearch } from '@/lib/use-list-search'
import { accessFor } from '@/policy/access'

export const Route = createFileRoute('/_auth/payment-links/')({
  // Checked against the list's spec by the screen (useListSearch), whose code loads with it.
  validateSearch: plainSearch,
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
  const navigate = Route.useNavigate()
  const [search, setSearch] = useListSearch(
    PAYMENT_LINKS_LIST,
    Route.useSearch(),
    (next, replace) => {
      void navigate({ search: next, replace })
    },
  )
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
      onSearchChange={setSearch}
    />
  )
}
