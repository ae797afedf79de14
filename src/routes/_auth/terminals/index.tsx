import { createFileRoute } from '@tanstack/react-router'
import { pageTitle } from '@/config/app'
import { terminalQueries } from '@/features/terminals/api'
import { TERMINALS_LIST } from '@/features/terminals/list-spec'
import { TerminalsListScreen } from '@/features/terminals/terminals-list-screen'
import { listRoute } from '@/routes/-list-route'
import { plainSearch } from '@/lib/search'

const terminals = listRoute(TERMINALS_LIST, {
  title: 'Terminals',
  access: 'canViewTerminals',
  load: ({ submerchant }, params) => terminalQueries.list(submerchant.id, params),
  screen: ({ context: { submerchant, session }, search, onSearchChange }) => (
    <TerminalsListScreen
      submerchantId={submerchant.id}
      userId={session.userId}
      search={search}
      onSearchChange={onSearchChange}
    />
  ),
})

export const Route = createFileRoute('/_auth/terminals/')({
  validateSearch: plainSearch,
  head: () => ({ meta: [{ title: pageTitle('Terminals') }] }),
  loader: (match) => terminals.loader(match),
  component: () => <terminals.Page />,
})
