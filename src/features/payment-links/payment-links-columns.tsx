import { Link } from '@tanstack/react-router'
import type { Intent } from '@/api/schema/intents'
import { StatusBadge } from '@/features/payment-links/status-badge'
import { formatDateTime } from '@/lib/dates'
import { formatMoney } from '@/lib/money'
import type { CardSpec, Column } from '@/ui/data-table'

export const INTENT_ROUTE = '/payment-links/$intentId'

const customerOf = (intent: Intent) =>
  intent.customerName ?? intent.customerEmailAddress ?? intent.customerPhoneNumber ?? '–'

const when = (at: string | null) => (at ? formatDateTime(at) : '–')

// Payment-link columns (docs/screens.md#payment-links): reference, amount, customer, status, created, expires, details.
export const INTENT_COLUMNS: readonly Column<Intent>[] = [
  {
    id: 'reference',
    header: 'Reference',
    cell: (intent) => intent.reference ?? '–',
    sortField: 'reference',
  },
  {
    id: 'amount',
    header: 'Amount',
    cell: (intent) => formatMoney(intent.amount, intent.currency),
    sortField: 'amount',
    firstDirection: 'desc',
    align: 'end',
  },
  { id: 'customer', header: 'Customer', cell: customerOf, sortField: 'customerName', wrap: true },
  {
    id: 'status',
    header: 'Status',
    cell: (intent) => <StatusBadge status={intent.status} />,
    sortField: 'status',
  },
  {
    id: 'createdAt',
    header: 'Created',
    cell: (intent) => when(intent.createdAt),
    sortField: 'createdAt',
    firstDirection: 'desc',
  },
  {
    id: 'expiresAt',
    header: 'Expires',
    cell: (intent) => when(intent.expiresAt),
    sortField: 'expiresAt',
  },
  {
    id: 'details',
    header: 'Details',
    cell: (intent) => (
      <Link to={INTENT_ROUTE} params={{ intentId: intent.id }}>
        Details
        <span className="visually-hidden">
          {` of the ${formatMoney(intent.amount, intent.currency)} payment link ${intent.reference ?? ''}`}
        </span>
      </Link>
    ),
  },
]

// On phones: every column, the amount, status and customer leading; the card opens the link.
export const INTENT_CARD: CardSpec<Intent> = {
  shows: ['reference', 'amount', 'customer', 'status', 'createdAt', 'expiresAt', 'details'],
  render: (intent) => <IntentCard intent={intent} />,
}

function IntentCard({ intent }: { intent: Intent }) {
  return (
    <Link to={INTENT_ROUTE} params={{ intentId: intent.id }} className="intent-card">
      <span className="intent-card__amount">{formatMoney(intent.amount, intent.currency)}</span>
      <StatusBadge status={intent.status} />
      <span className="intent-card__who">
        {customerOf(intent)}
        {intent.reference ? ` · ${intent.reference}` : ''}
      </span>
      <span className="intent-card__when">
        Created {when(intent.createdAt)} · Expires {when(intent.expiresAt)}
      </span>
    </Link>
  )
}
