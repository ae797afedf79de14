import { ACTIVITY_ACTIONS, ACTIVITY_OUTCOMES } from '@/api/schema/team'
import type { ListSpec } from '@/lib/list-search'

// The activity log (docs/screens.md#activity): person, action, outcome and date filters; declared once.
export const ACTIVITY_LIST: ListSpec = {
  id: 'activity',
  noun: 'activity entries',
  nounOne: 'activity entry',
  filters: [
    {
      kind: 'dateRange',
      key: 'period',
      field: 'occurredAt',
      label: 'Date',
      defaultPreset: 'all_time',
    },
    { kind: 'select', key: 'action', label: 'Action', values: ACTIVITY_ACTIONS },
    { kind: 'select', key: 'outcome', label: 'Outcome', values: ACTIVITY_OUTCOMES },
    { kind: 'text', key: 'actorId', label: 'Person or key (id)', maxLength: 64 },
  ],
  sortable: ['occurredAt', 'actorName'],
  defaultSort: { field: 'occurredAt', direction: 'desc' },
}
