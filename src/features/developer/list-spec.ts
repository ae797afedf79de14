import type { ListSpec } from '@/lib/list-search'

const OUTCOMES = ['true', 'false'] as const

// The notification history (docs/screens.md#notification-history) on the kit: outcome and date filters (beyond what docs/screens.md#notification-history describes), sortable columns.
export const NOTIFICATIONS_LIST: ListSpec = {
  id: 'webhook-notifications',
  noun: 'notifications',
  nounOne: 'notification',
  filters: [
    {
      kind: 'dateRange',
      key: 'period',
      field: 'createdAt',
      label: 'Created',
      defaultPreset: 'all_time',
    },
    {
      kind: 'select',
      key: 'hasSucceeded',
      label: 'Outcome',
      values: OUTCOMES,
      format: (value) => (value === 'true' ? 'Succeeded' : 'Failed'),
    },
  ],
  sortable: ['createdAt', 'attemptCount', 'hasSucceeded'],
  defaultSort: { field: 'createdAt', direction: 'desc' },
}
