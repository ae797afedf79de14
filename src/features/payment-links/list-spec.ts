import { INTENT_STATUSES } from '@/api/schema/intent-values'
import type { ListSpec } from '@/lib/list-search'
import { intentStatusLabel } from '@/features/payment-links/status'

// The payment-links list's view (docs/api.md#payment-links, docs/screens.md#payment-links): reference, amount, status, created and succeeded ranges.
export const PAYMENT_LINKS_LIST: ListSpec = {
  id: 'payment-links',
  noun: 'payment links',
  nounOne: 'payment link',
  filters: [
    {
      kind: 'dateRange',
      key: 'period',
      field: 'createdAt',
      label: 'Created at',
      chipLabel: 'Created',
      defaultPreset: 'all_time',
    },
    {
      kind: 'dateRange',
      key: 'paid',
      startKey: 'paidStart',
      endKey: 'paidEnd',
      field: 'succeededAt',
      label: 'Succeeded at',
      chipLabel: 'Succeeded',
      defaultPreset: 'all_time',
    },
    {
      kind: 'select',
      key: 'status',
      label: 'Status',
      values: INTENT_STATUSES,
      format: intentStatusLabel,
    },
    { kind: 'text', key: 'reference', label: 'Reference', maxLength: 100 },
    { kind: 'amount', key: 'amount', label: 'Amount' },
    // Free text, as the one-box search sends it (docs/screens.md#search).
    { kind: 'text', key: 'q', label: 'Search', maxLength: 100 },
  ],
  sortable: ['createdAt', 'amount', 'status', 'reference', 'customerName', 'expiresAt'],
  defaultSort: { field: 'createdAt', direction: 'desc' },
}
