import type { ReactNode } from 'react'
import { useQuery } from '@tanstack/react-query'
import type { Sale } from '@/api/schema/sales'
import type { ListSearch } from '@/lib/list-search'
import { toListParams } from '@/lib/list-view'
import type { Column } from '@/ui/data-table'
import { ListScreen } from '@/ui/list-screen'
import { terminalQueries } from '@/features/terminals/api'
import { TERMINAL_SALES_LIST } from '@/features/terminals/list-spec'

interface TerminalSalesProps {
  submerchantId: string
  terminalId: string
  search: ListSearch
  onSearchChange: (search: ListSearch) => void
  // The sales table's columns and card, handed in by the route (features do not import each other).
  columns: readonly Column<Sale>[]
  renderCard: (sale: Sale) => ReactNode
}

// The terminal's sales table (§2), with the kit's filters, date range and sort.
export function TerminalSales({
  submerchantId,
  terminalId,
  search,
  onSearchChange,
  columns,
  renderCard,
}: TerminalSalesProps) {
  const query = useQuery(
    terminalQueries.sales(submerchantId, terminalId, toListParams(TERMINAL_SALES_LIST, search)),
  )
  return (
    <section className="terminal-sales" aria-label="Terminal sales">
      <ListScreen
        spec={TERMINAL_SALES_LIST}
        title="Sales"
        search={search}
        onSearchChange={onSearchChange}
        query={query}
        columns={columns}
        rowKey={(sale) => sale.id}
        renderCard={renderCard}
        errorTitle="Failed to load sales"
      />
    </section>
  )
}
