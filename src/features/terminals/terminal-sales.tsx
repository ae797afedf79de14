import { useQuery } from '@tanstack/react-query'
import type { SaleListItem } from '@/api/schema/sales'
import type { ListSearch } from '@/lib/list-search'
import { toListParams } from '@/lib/list-view'
import { ListScreen, type ListView } from '@/ui/list-screen'
import { terminalQueries } from '@/features/terminals/api'

interface TerminalSalesProps {
  submerchantId: string
  terminalId: string
  // The sales list narrowed to one terminal, handed in by the route (features do not import each other).
  list: ListView<SaleListItem>
  search: ListSearch
  onSearchChange: (search: ListSearch) => void
}

// The terminal's sales table (docs/screens.md#terminals), with the kit's filters, date range and sort.
export function TerminalSales({
  submerchantId,
  terminalId,
  list,
  search,
  onSearchChange,
}: TerminalSalesProps) {
  const query = useQuery(
    terminalQueries.sales(submerchantId, terminalId, toListParams(list.spec, search)),
  )
  return (
    <section className="terminal-sales" aria-label="Terminal sales">
      <ListScreen {...list} search={search} onSearchChange={onSearchChange} query={query} />
    </section>
  )
}
