import { TERMINAL_MODELS } from '@/api/schema/terminal-values'
import type { ListSpec } from '@/lib/list-search'

// The terminals table (docs/api.md#terminals, docs/screens.md#terminals): declared once; the URL, the query, chips and panel follow from it.
export const TERMINALS_LIST: ListSpec = {
  id: 'terminals',
  noun: 'terminals',
  nounOne: 'terminal',
  filters: [
    { kind: 'select', key: 'model', label: 'Model', values: TERMINAL_MODELS },
    // Serial number, name or custom reference, as the one-box search sends it (docs/screens.md#search).
    { kind: 'text', key: 'q', label: 'Search', maxLength: 100 },
  ],
  sortable: ['name', 'serialNumber', 'customReference', 'model', 'currentAllocation.createdAt'],
  defaultSort: { field: 'serialNumber', direction: 'asc' },
}
