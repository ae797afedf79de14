import { createFileRoute } from '@tanstack/react-router'
import { pageTitle } from '@/config/app'
import { terminalQueries } from '@/features/terminals/api'
import { TERMINALS_LIST } from '@/features/terminals/list-spec'
import { TerminalsListScreen } from '@/features/terminals/terminals-list-screen'
import { loadQuery } from '@/lib/load-query'
import { parseListSearch } from '@/lib/list-search'
import { toListParams } from '@/lib/list-view'
import { plainSearch } from '@/lib/search'
import { useListSearch } from '@/lib/use-list-search'
import { ACCESS_DENIED_MESSAGES, accessFor } from '@/policy/access'
import { NotPermitted } from '@/ui/not-permitted'

export const Route = createFileRoute('/_auth/terminals/')({
  // Checked against the list's spec by the screen (useListSearch), whose code loads with it.
  validateSearch: plainSearch,
  head: () => ({ meta: [{ title: pageTitle('Terminals') }] }),
  loader: ({ context, location }) =>
    accessFor({ role: context.submerchantRole, account: context.submerchant }).canViewTerminals
      ? loadQuery(
          context.queryClient,
          terminalQueries.list(
            context.submerchant.id,
            toListParams(TERMINALS_LIST, parseListSearch(TERMINALS_LIST, location.search)),
          ),
        )
      : undefined,
  component: TerminalsPage,
})

function TerminalsPage() {
  const navigate = Route.useNavigate()
  const [search, setSearch] = useListSearch(TERMINALS_LIST, Route.useSearch(), (next, replace) => {
    void navigate({ search: next, replace })
  })
  const { submerchant, submerchantRole, session } = Route.useRouteContext()
  if (!accessFor({ role: submerchantRole, account: submerchant }).canViewTerminals) {
    return <NotPermitted title="Terminals" message={ACCESS_DENIED_MESSAGES.canViewTerminals} />
  }
  return (
    <TerminalsListScreen
      submerchantId={submerchant.id}
      userId={session.userId}
      search={search}
      onSearchChange={setSearch}
    />
  )
}
