import { createFileRoute } from '@tanstack/react-router'
import { pageTitle } from '@/config/app'
import { ActivityScreen } from '@/features/team/activity-screen'
import { ACTIVITY_LIST } from '@/features/team/activity-spec'
import { teamQueries } from '@/features/team/api'
import { plainSearch } from '@/lib/search'
import { listRoute } from '@/routes/-list-route'

const activity = listRoute(ACTIVITY_LIST, {
  title: 'Activity',
  access: 'canViewActivity',
  load: ({ submerchant }, params) => teamQueries.activity(submerchant.id, params),
  screen: ({ context: { submerchant, access, session }, search, onSearchChange }) => (
    <ActivityScreen
      submerchantId={submerchant.id}
      userId={session.userId}
      ownOnly={!access.canViewAllActivity}
      search={search}
      onSearchChange={onSearchChange}
    />
  ),
})

export const Route = createFileRoute('/_auth/team/activity')({
  validateSearch: plainSearch,
  head: () => ({ meta: [{ title: pageTitle('Activity') }] }),
  loader: (match) => activity.loader(match),
  component: () => <activity.Page />,
})
