import { TERMINAL_MODELS } from '@/api/schema/terminal-values'
import type { ListSpec } from '@/lib/list-search'
import { CARD_SCHEMES, CARD_TYPES, SALE_METHODS } from '@/api/schema/sale-values'

// The terminals table (§2, §7): declared once; the URL, the query, chips and panel follow from it.
export const TERMINALS_LIST: ListSpec = {
  id: 'terminals',
  noun: 'terminals',
  nounOne: 'terminal',
  filters: [{ kind: 'select', key: 'model', label: 'Model', values: TERMINAL_MODELS }],
  sortable: ['name', 'serialNumber', 'customReference', 'model', 'currentAllocation.createdAt'],
  defaultSort: { field: 'serialNumber', direction: 'asc' },
}

// A terminal's sales (§2 terminal detail): the sales filters that make sense for one terminal.
export const TERMINAL_SALES_LIST: ListSpec = {
  id: 'terminal-sales',
  noun: 'sales',
  nounOne: 'sale',
  filters: [
    {
      kind: 'dateRange',
      key: 'period',
      field: 'capturedAt',
      label: 'Captured at',
      chipLabel: 'Captured',
      defaultPreset: 'all_time',
    },
    { kind: 'select', key: 'cardScheme', label: 'Card scheme', values: CARD_SCHEMES },
    { kind: 'select', key: 'method', label: 'Method', values: SALE_METHODS },
    { kind: 'select', key: 'cardType', label: 'Card type', values: CARD_TYPES },
  ],
  sortable: [
    'amount',
    'saleAmount',
    'gratuityAmount',
    'cardScheme',
    'cardType',
    'panLastFour',
    'capturedAt',
  ],
  defaultSort: { field: 'capturedAt', direction: 'desc' },
}
