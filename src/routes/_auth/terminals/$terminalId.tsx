import { createFileRoute } from '@tanstack/react-router'
import { pageTitle } from '@/config/app'
import { SALES_LIST } from '@/features/sales/list-spec'
import { SALE_COLUMNS, SaleCard } from '@/features/sales/sales-columns'
import { terminalQueries } from '@/features/terminals/api'
import { TerminalDetailScreen } from '@/features/terminals/terminal-detail-screen'
import { TerminalSales } from '@/features/terminals/terminal-sales'
import { loadQuery } from '@/lib/load-query'
import { plainSearch } from '@/lib/search'
import { useListSearch } from '@/lib/use-list-search'
import { narrowListSpec } from '@/lib/list-search'
import { ACCESS_DENIED_MESSAGES, accessFor } from '@/policy/access'
import { NotPermitted } from '@/ui/not-permitted'

// The sales table, less the terminal's column and filter (it is this one).
const TERMINAL_SALES_LIST = narrowListSpec(SALES_LIST, 'terminal-sales', ['terminalSerialNumber'])
const COLUMNS = SALE_COLUMNS.filter((c) => c.id !== 'terminalSerialNumber')

export const Route = createFileRoute('/_auth/terminals/$terminalId')({
  // Checked against the list's spec by the screen (useListSearch), whose code loads with it.
  validateSearch: plainSearch,
  head: () => ({ meta: [{ title: pageTitle('Terminal') }] }),
  loader: ({ context, params }) =>
    accessFor({ role: context.submerchantRole, account: context.submerchant }).canViewTerminals
      ? loadQuery(
          context.queryClient,
          terminalQueries.detail(context.submerchant.id, params.terminalId),
        )
      : undefined,
  component: TerminalPage,
})

function TerminalPage() {
  const { terminalId } = Route.useParams()
  const navigate = Route.useNavigate()
  // The table's pages and filters replace the entry: Back leaves the terminal.
  const [search, setSearch] = useListSearch(TERMINAL_SALES_LIST, Route.useSearch(), (next) => {
    void navigate({ search: next, replace: true })
  })
  const { submerchant, submerchantRole } = Route.useRouteContext()
  if (!accessFor({ role: submerchantRole, account: submerchant }).canViewTerminals) {
    return <NotPermitted title="Terminal" message={ACCESS_DENIED_MESSAGES.canViewTerminals} />
  }
  return (
    <TerminalDetailScreen submerchantId={submerchant.id} terminalId={terminalId}>
      <TerminalSales
        submerchantId={submerchant.id}
        terminalId={terminalId}
        spec={TERMINAL_SALES_LIST}
        search={search}
        onSearchChange={setSearch}
        columns={COLUMNS}
        renderCard={(sale) => <SaleCard sale={sale} />}
      />
    </TerminalDetailScreen>
  )
}
