import { useQuery } from '@tanstack/react-query'
import type { SaleListItem } from '@/api/schema/sales'
import type { ListSearch, ListSpec } from '@/lib/list-search'
import { toListParams } from '@/lib/list-view'
import type { CardSpec, Column } from '@/ui/data-table'
import { ListScreen } from '@/ui/list-screen'
import { terminalQueries } from '@/features/terminals/api'

interface TerminalSalesProps {
  submerchantId: string
  terminalId: string
  // The sales list's spec narrowed to one terminal, handed in by the route.
  spec: ListSpec
  search: ListSearch
  onSearchChange: (search: ListSearch) => void
  // The sales table's columns and card, handed in by the route (features do not import each other).
  columns: readonly Column<SaleListItem>[]
  card: CardSpec<SaleListItem>
  rowLabel: (sale: SaleListItem) => string
}

// The terminal's sales table (docs/screens.md#terminals), with the kit's filters, date range and sort.
export function TerminalSales({
  submerchantId,
  terminalId,
  spec,
  search,
  onSearchChange,
  columns,
  card,
  rowLabel,
}: TerminalSalesProps) {
  const query = useQuery(
    terminalQueries.sales(submerchantId, terminalId, toListParams(spec, search)),
  )
  return (
    <section className="terminal-sales" aria-label="Terminal sales">
      <ListScreen
        spec={spec}
        title="Sales"
        search={search}
        onSearchChange={onSearchChange}
        query={query}
        columns={columns}
        rowKey={(sale) => sale.id}
        card={card}
        rowLabel={rowLabel}
        errorTitle="Failed to load sales"
      />
    </section>
  )
}
