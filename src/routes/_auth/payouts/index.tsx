import { createFileRoute } from '@tanstack/react-router'
import { pageTitle } from '@/config/app'
import { payoutQueries } from '@/features/payouts/api'
import { PAYOUTS_LIST } from '@/features/payouts/list-spec'
import { PayoutsListScreen } from '@/features/payouts/payouts-list-screen'
import { listRoute } from '@/routes/-list-route'
import { plainSearch } from '@/lib/search'

const payouts = listRoute(PAYOUTS_LIST, {
  title: 'Payouts',
  access: 'canViewPayouts',
  load: ({ submerchant }, params) => payoutQueries.list(submerchant.id, params),
  screen: ({ context: { submerchant, session }, search, onSearchChange }) => (
    <PayoutsListScreen
      submerchantId={submerchant.id}
      userId={session.userId}
      search={search}
      onSearchChange={onSearchChange}
    />
  ),
})

export const Route = createFileRoute('/_auth/payouts/')({
  validateSearch: plainSearch,
  head: () => ({ meta: [{ title: pageTitle('Payouts') }] }),
  loader: (match) => payouts.loader(match),
  component: () => <payouts.Page />,
})
