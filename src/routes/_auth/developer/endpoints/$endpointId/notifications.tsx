import { createFileRoute } from '@tanstack/react-router'
import { pageTitle } from '@/config/app'
import { developerQueries } from '@/features/developer/api'
import { NOTIFICATIONS_LIST } from '@/features/developer/list-spec'
import { NotificationsListScreen } from '@/features/developer/notifications-list-screen'
import { listRoute } from '@/routes/-list-route'
import { plainSearch } from '@/lib/search'

const notifications = listRoute(NOTIFICATIONS_LIST, {
  title: 'Notification history',
  access: 'canUseDeveloperTools',
  load: ({ submerchant }, params, { endpointId = '' }) =>
    developerQueries.notifications(submerchant.id, endpointId, params),
  screen: ({ context: { submerchant }, params: { endpointId = '' }, search, onSearchChange }) => (
    <NotificationsListScreen
      submerchantId={submerchant.id}
      endpointId={endpointId}
      search={search}
      onSearchChange={onSearchChange}
    />
  ),
})

export const Route = createFileRoute('/_auth/developer/endpoints/$endpointId/notifications')({
  validateSearch: plainSearch,
  head: () => ({ meta: [{ title: pageTitle('Notification history') }] }),
  loader: (match) => notifications.loader(match),
  component: () => <notifications.Page />,
})
