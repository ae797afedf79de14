import { PAYOUT_STATUSES } from '@/api/schema/payout-values'
import type { ListSpec } from '@/lib/list-search'

// The payouts table (docs/screens.md#payouts): createdAt range, status and Reference; declared once.
export const PAYOUTS_LIST: ListSpec = {
  id: 'payouts',
  noun: 'payouts',
  nounOne: 'payout',
  filters: [
    {
      kind: 'dateRange',
      key: 'period',
      field: 'createdAt',
      label: 'Date',
      defaultPreset: 'all_time',
    },
    { kind: 'select', key: 'status', label: 'Status', values: PAYOUT_STATUSES },
    { kind: 'text', key: 'paymentReference', label: 'Reference', maxLength: 64 },
    // Free text, as the one-box search sends it (docs/screens.md#search).
    { kind: 'text', key: 'q', label: 'Search', maxLength: 100 },
  ],
  sortable: ['createdAt', 'amount', 'status', 'paymentReference', 'id'],
  defaultSort: { field: 'createdAt', direction: 'desc' },
}
