import { CARD_SCHEMES, CARD_TYPES, SALE_METHODS } from '@/api/schema/sale-values'
import { narrowListSpec, type ListSpec } from '@/lib/list-search'

export const MAX_SERIAL_LENGTH = 64
export const PAN_LAST_FOUR_MESSAGE = 'Enter exactly 4 digits'
export const AUTH_CODE_MESSAGE = 'Enter 6 capital letters and digits'
export const RRN_MESSAGE = 'Enter exactly 12 digits'

// The sales list's view (docs/screens.md#sales, docs/constants.md#sales-filters): declared once; the URL, the query, chips and panel follow from it.
export const SALES_LIST: ListSpec = {
  id: 'sales',
  noun: 'sales',
  nounOne: 'sale',
  filters: [
    // All time by default: a driver looking for a fare should not miss last month's.
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
    {
      kind: 'text',
      key: 'terminalSerialNumber',
      label: 'Terminal serial number',
      chipLabel: 'Terminal',
      maxLength: MAX_SERIAL_LENGTH,
    },
    {
      kind: 'text',
      key: 'panLastFour',
      label: 'PAN last four',
      maxLength: 4,
      pattern: /^\d{4}$/,
      patternMessage: PAN_LAST_FOUR_MESSAGE,
      hint: 'The last 4 digits of the card',
      inputMode: 'numeric',
    },
    { kind: 'amount', key: 'amount', label: 'Amount' },
    {
      kind: 'text',
      key: 'authCode',
      label: 'Auth code',
      maxLength: 6,
      pattern: /^[A-Z0-9]{6}$/,
      patternMessage: AUTH_CODE_MESSAGE,
    },
    {
      kind: 'text',
      key: 'retrievalReferenceNumber',
      label: 'RRN',
      maxLength: 12,
      pattern: /^\d{12}$/,
      patternMessage: RRN_MESSAGE,
      inputMode: 'numeric',
    },
    {
      kind: 'text',
      key: 'externalReference',
      label: 'External reference',
      chipLabel: 'Reference',
      maxLength: 100,
    },
  ],
  sortable: [
    'amount',
    'saleAmount',
    'gratuityAmount',
    'method',
    'cardScheme',
    'terminalSerialNumber',
    'cardType',
    'panLastFour',
    'capturedAt',
  ],
  defaultSort: { field: 'capturedAt', direction: 'desc' },
}

// A terminal's sales (on its page): the sales list less the terminal filter and sort (it is that one).
export const TERMINAL_SALES_LIST = narrowListSpec(SALES_LIST, 'terminal-sales', [
  'terminalSerialNumber',
])
