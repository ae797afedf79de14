import { createFileRoute } from '@tanstack/react-router'
import { pageTitle } from '@/config/app'
import { developerQueries } from '@/features/developer/api'
import { NOTIFICATIONS_LIST } from '@/features/developer/list-spec'
import { NotificationsScreen } from '@/features/developer/notifications-screen'
import { loadQuery } from '@/lib/load-query'
import { parseListSearch, validateListSearch, type ListSearch } from '@/lib/list-search'
import { toListParams } from '@/lib/list-view'
import { ACCESS_DENIED_MESSAGES, accessFor } from '@/policy/access'
import { NotPermitted } from '@/ui/not-permitted'

export const Route = createFileRoute('/_auth/developer/endpoints/$endpointId/notifications')({
  validateSearch: (search: Record<string, unknown>): ListSearch =>
    validateListSearch(NOTIFICATIONS_LIST, search),
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
  const search = Route.useSearch()
  const navigate = Route.useNavigate()
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
    <NotificationsScreen
      submerchantId={submerchant.id}
      endpointId={endpointId}
      search={search}
      onSearchChange={(next) => void navigate({ search: next })}
    />
  )
}
