import { Link } from '@tanstack/react-router'
import type { Intent } from '@/api/schema/intents'
import { StatusBadge } from '@/features/payment-links/status-badge'
import { formatDateTime } from '@/lib/dates'
import { formatMoney } from '@/lib/money'
import { RefText } from '@/ui/code-text'
import type { CardSpec, Column } from '@/ui/data-table'
import { DateTimeText } from '@/ui/date-time-text'

export const INTENT_ROUTE = '/payment-links/$intentId'

const customerOf = (intent: Intent) =>
  intent.customerName ?? intent.customerEmailAddress ?? intent.customerPhoneNumber ?? '–'

const when = (at: string | null) => (at ? formatDateTime(at) : '–')

const When = ({ at }: { at: string | null }) => (at ? <DateTimeText at={at} /> : '–')

// Names a payment link for screen readers: its Details link, its row's More.
export const intentLabel = (intent: Intent) =>
  `the ${formatMoney(intent.amount, intent.currency)} payment link ${intent.reference ?? ''}`.trim()

// Payment-link columns (docs/screens.md#payment-links): reference, amount, customer, status, created,
// expires, details. In a narrow table the expiry folds into the row's details first, then the
// creation time and the reference; the amount, customer and status stay.
export const INTENT_COLUMNS: readonly Column<Intent>[] = [
  {
    id: 'reference',
    header: 'Reference',
    cell: (intent) => (intent.reference ? <RefText value={intent.reference} /> : '–'),
    sortField: 'reference',
    priority: 2,
  },
  {
    id: 'amount',
    header: 'Amount',
    cell: (intent) => formatMoney(intent.amount, intent.currency),
    sortField: 'amount',
    firstDirection: 'desc',
    align: 'end',
  },
  {
    id: 'customer',
    header: 'Customer',
    cell: customerOf,
    sortField: 'customerName',
    wrap: true,
    priority: 1,
  },
  {
    id: 'status',
    header: 'Status',
    cell: (intent) => <StatusBadge status={intent.status} />,
    sortField: 'status',
  },
  {
    id: 'createdAt',
    header: 'Created',
    cell: (intent) => <When at={intent.createdAt} />,
    sortField: 'createdAt',
    firstDirection: 'desc',
    priority: 2,
  },
  {
    id: 'expiresAt',
    header: 'Expires',
    cell: (intent) => <When at={intent.expiresAt} />,
    sortField: 'expiresAt',
    priority: 3,
  },
  {
    id: 'details',
    header: 'Details',
    cell: (intent) => (
      <Link to={INTENT_ROUTE} params={{ intentId: intent.id }}>
        Details
        <span className="visually-hidden">{` of ${intentLabel(intent)}`}</span>
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
        {intent.reference && (
          <>
            {' · '}
            <RefText value={intent.reference} />
          </>
        )}
      </span>
      <span className="intent-card__when">
        Created {when(intent.createdAt)} · Expires {when(intent.expiresAt)}
      </span>
    </Link>
  )
}
