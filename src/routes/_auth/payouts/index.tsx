import { createFileRoute } from '@tanstack/react-router'
import { pageTitle } from '@/config/app'
import { payoutQueries } from '@/features/payouts/api'
import { PAYOUTS_LIST } from '@/features/payouts/list-spec'
import { PayoutsListScreen } from '@/features/payouts/payouts-list-screen'
import { loadQuery } from '@/lib/load-query'
import { parseListSearch } from '@/lib/list-search'
import { toListParams } from '@/lib/list-view'
import { plainSearch } from '@/lib/search'
import { useListSearch } from '@/lib/use-list-search'
import { ACCESS_DENIED_MESSAGES, accessFor } from '@/policy/access'
import { NotPermitted } from '@/ui/not-permitted'

export const Route = createFileRoute('/_auth/payouts/')({
  // Checked against the list's spec by the screen (useListSearch), whose code loads with it.
  validateSearch: plainSearch,
  head: () => ({ meta: [{ title: pageTitle('Payouts') }] }),
  loader: ({ context, location }) =>
    accessFor({ role: context.submerchantRole, account: context.submerchant }).canViewPayouts
      ? loadQuery(
          context.queryClient,
          payoutQueries.list(
            context.submerchant.id,
            toListParams(PAYOUTS_LIST, parseListSearch(PAYOUTS_LIST, location.search)),
          ),
        )
      : undefined,
  component: PayoutsPage,
})

function PayoutsPage() {
  const navigate = Route.useNavigate()
  const [search, setSearch] = useListSearch(PAYOUTS_LIST, Route.useSearch(), (next, replace) => {
    void navigate({ search: next, replace })
  })
  const { submerchant, submerchantRole, session } = Route.useRouteContext()
  if (!accessFor({ role: submerchantRole, account: submerchant }).canViewPayouts) {
    return <NotPermitted title="Payouts" message={ACCESS_DENIED_MESSAGES.canViewPayouts} />
  }
  return (
    <PayoutsListScreen
      submerchantId={submerchant.id}
      userId={session.userId}
      search={search}
      onSearchChange={setSearch}
    />
  )
}
