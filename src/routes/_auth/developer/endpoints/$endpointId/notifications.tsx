import { createFileRoute } from '@tanstack/react-router'
import { pageTitle } from '@/config/app'
import { developerQueries } from '@/features/developer/api'
import { NOTIFICATIONS_LIST } from '@/features/developer/list-spec'
import { NotificationsListScreen } from '@/features/developer/notifications-list-screen'
import { loadQuery } from '@/lib/load-query'
import { parseListSearch } from '@/lib/list-search'
import { toListParams } from '@/lib/list-view'
import { plainSearch } from '@/lib/search'
import { useListSearch } from '@/lib/use-list-search'
import { ACCESS_DENIED_MESSAGES, accessFor } from '@/policy/access'
import { NotPermitted } from '@/ui/not-permitted'

export const Route = createFileRoute('/_auth/developer/endpoints/$endpointId/notifications')({
  // Checked against the list's spec by the screen (useListSearch), whose code loads with it.
  validateSearch: plainSearch,
  head: () => ({ meta: [{ title: pageTitle('Notification history') }] }),
  loader: ({ context, params, location }) =>
    accessFor({ role: context.submerchantRole, account: context.submerchant }).canUseDeveloperTools
      ? loadQuery(
          context.queryClient,
          developerQueries.notifications(
            context.submerchant.id,
            params.endpointId,
            toListParams(NOTIFICATIONS_LIST, parseListSearch(NOTIFICATIONS_LIST, location.search)),
          ),
        )
      : undefined,
  component: NotificationsPage,
})

function NotificationsPage() {
  const navigate = Route.useNavigate()
  const [search, setSearch] = useListSearch(
    NOTIFICATIONS_LIST,
    Route.useSearch(),
    (next, replace) => {
      void navigate({ search: next, replace })
    },
  )
  const { endpointId } = Route.useParams()
  const { submerchant, submerchantRole } = Route.useRouteContext()
  if (!accessFor({ role: submerchantRole, account: submerchant }).canUseDeveloperTools) {
    return (
      <NotPermitted
        title="Notification history"
        message={ACCESS_DENIED_MESSAGES.canUseDeveloperTools}
      />
    )
  }
  return (
    <NotificationsListScreen
      submerchantId={submerchant.id}
      endpointId={endpointId}
      search={search}
      onSearchChange={setSearch}
    />
  )
}
