import { createFileRoute } from '@tanstack/react-router'
import { pageTitle } from '@/config/app'
import { TERMINAL_SALES_LIST } from '@/features/sales/list-spec'
import { TERMINAL_SALES_VIEW } from '@/features/sales/sales-columns'
import { terminalQueries } from '@/features/terminals/api'
import { TerminalDetailScreen } from '@/features/terminals/terminal-detail-screen'
import { TerminalSales } from '@/features/terminals/terminal-sales'
import { plainSearch } from '@/lib/search'
import { listRoute } from '@/routes/-list-route'

const terminal = listRoute(TERMINAL_SALES_LIST, {
  title: 'Terminal',
  access: 'canViewTerminals',
  // The terminal first; its sales load with the page, once the terminal is known.
  load: ({ submerchant }, _params, { terminalId = '' }) =>
    terminalQueries.detail(submerchant.id, terminalId),
  // The table's pages and filters replace the entry: Back leaves the terminal.
  replaceHistory: true,
  screen: ({ context: { submerchant }, params: { terminalId = '' }, search, onSearchChange }) => (
    <TerminalDetailScreen submerchantId={submerchant.id} terminalId={terminalId}>
      <TerminalSales
        submerchantId={submerchant.id}
        terminalId={terminalId}
        list={TERMINAL_SALES_VIEW}
        search={search}
        onSearchChange={onSearchChange}
      />
    </TerminalDetailScreen>
  ),
})

export const Route = createFileRoute('/_auth/terminals/$terminalId')({
  validateSearch: plainSearch,
  head: () => ({ meta: [{ title: pageTitle('Terminal') }] }),
  loader: (match) => terminal.loader(match),
  component: () => <terminal.Page />,
})
