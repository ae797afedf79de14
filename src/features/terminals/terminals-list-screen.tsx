import { useQuery } from '@tanstack/react-query'
import type { ListSearch } from '@/lib/list-search'
import { toListParams } from '@/lib/list-view'
import { DataAge } from '@/offline/data-age'
import { ListScreen } from '@/ui/list-screen'
import { terminalQueries } from '@/features/terminals/api'
import { TERMINALS_LIST } from '@/features/terminals/list-spec'
import { terminalsView } from '@/features/terminals/terminals-columns'
import { TerminalSearch } from '@/features/terminals/terminal-search'
import './terminals.css'

interface TerminalsListScreenProps {
  submerchantId: string
  userId: string | null
  search: ListSearch
  onSearchChange: (search: ListSearch) => void
}

// /terminals (docs/screens.md#terminals): the search, then the kit's server table (cards on phones) of the account's terminals.
export function TerminalsListScreen({
  submerchantId,
  userId,
  search,
  onSearchChange,
}: TerminalsListScreenProps) {
  const query = useQuery(terminalQueries.list(submerchantId, toListParams(TERMINALS_LIST, search)))
  return (
    <div className="terminals">
      <ListScreen
        {...terminalsView(submerchantId)}
        search={search}
        onSearchChange={onSearchChange}
        query={query}
        savedViewsOwner={userId ? { userId, submerchantId } : null}
        lead={<TerminalSearch submerchantId={submerchantId} />}
        age={<DataAge updatedAt={query.dataUpdatedAt} />}
      />
    </div>
  )
}
