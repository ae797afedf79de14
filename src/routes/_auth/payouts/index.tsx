import { createFileRoute } from '@tanstack/react-router'
import { pageTitle } from '@/config/app'
import { payoutQueries } from '@/features/payouts/api'
import { PAYOUTS_LIST } from '@/features/payouts/list-spec'
import { PayoutsListScreen } from '@/features/payouts/payouts-list-screen'
import { loadQuery } from '@/lib/load-query'
import { parseListSearch, validateListSearch, type ListSearch } from '@/lib/list-search'
import { toListParams } from '@/lib/list-view'
import { ACCESS_DENIED_MESSAGES, accessFor } from '@/policy/access'
import { NotPermitted } from '@/ui/not-permitted'

export const Route = createFileRoute('/_auth/payouts/')({
  validateSearch: (search: Record<string, unknown>): ListSearch =>
    validateListSearch(PAYOUTS_LIST, search),
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
  const search = Route.useSearch()
  const navigate = Route.useNavigate()
  const { submerchant, submerchantRole, session } = Route.useRouteContext()
  if (!accessFor({ role: submerchantRole, account: submerchant }).canViewPayouts) {
    return <NotPermitted title="Payouts" message={ACCESS_DENIED_MESSAGES.canViewPayouts} />
  }
  return (
    <PayoutsListScreen
      submerchantId={submerchant.id}
      userId={session.userId}
      search={search}
      onSearchChange={(next) => void navigate({ search: next })}
    />
  )
}
