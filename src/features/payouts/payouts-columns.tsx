import { Link } from '@tanstack/react-router'
import type { Payout } from '@/api/schema/payouts'
import { formatDateTime } from '@/lib/dates'
import { formatMoney } from '@/lib/money'
import { humanize, prettify } from '@/lib/prettify'
import { CodeText, RefText } from '@/ui/code-text'
import { PAYOUTS_LIST } from '@/features/payouts/list-spec'
import type { CardSpec, Column } from '@/ui/data-table'
import { DateTimeText } from '@/ui/date-time-text'
import type { ListView } from '@/ui/list-screen'

export const PAYOUT_ROUTE = '/payouts/$payoutId' as const

export const scheduleText = (payout: Payout) => (payout.scheduled ? 'Regular' : 'One-off')
export const destinationText = (payout: Payout) => prettify(payout.destinationType)

// Names a payout for screen readers: its Details link, its row's More.
export const payoutLabel = (payout: Payout) => `payout ${payout.paymentReference}`

// The columns (docs/screens.md#payouts): Payout ID, amount, Reference, destination type, Date, status
// and a link. In a narrow table the destination folds into the row's details first, then the
// reference; the date and status stay.
export const PAYOUT_COLUMNS: readonly Column<Payout>[] = [
  {
    id: 'id',
    header: 'Payout ID',
    cell: (p) => <CodeText value={p.id} copy />,
    sortField: 'id',
  },
  {
    id: 'amount',
    header: 'Amount',
    cell: (p) => formatMoney(p.amount, p.currency),
    sortField: 'amount',
    firstDirection: 'desc',
    align: 'end',
  },
  {
    id: 'paymentReference',
    header: 'Reference',
    cell: (p) => <RefText value={p.paymentReference} />,
    sortField: 'paymentReference',
    priority: 2,
  },
  { id: 'destinationType', header: 'Destination', cell: destinationText, priority: 3 },
  {
    id: 'createdAt',
    header: 'Date',
    cell: (p) => <DateTimeText at={p.createdAt} />,
    sortField: 'createdAt',
    firstDirection: 'desc',
    priority: 1,
  },
  {
    id: 'status',
    header: 'Status',
    cell: (p) => humanize(p.status),
    sortField: 'status',
    priority: 1,
  },
  {
    id: 'details',
    header: 'Details',
    cell: (p) => (
      <Link to={PAYOUT_ROUTE} params={{ payoutId: p.id }}>
        Details
        <span className="visually-hidden">{` of ${payoutLabel(p)}`}</span>
      </Link>
    ),
  },
]

// On phones: every column; the card opens the payout (its Details).
export const PAYOUT_CARD: CardSpec<Payout> = {
  shows: ['id', 'amount', 'paymentReference', 'destinationType', 'createdAt', 'status', 'details'],
  render: (payout) => <PayoutCard payout={payout} />,
}

function PayoutCard({ payout }: { payout: Payout }) {
  return (
    <Link to={PAYOUT_ROUTE} params={{ payoutId: payout.id }} className="payout-card">
      <span className="payout-card__amount">{formatMoney(payout.amount, payout.currency)}</span>
      <span>{humanize(payout.status)}</span>
      <span className="muted">{formatDateTime(payout.createdAt)}</span>
      <span className="muted">
        <RefText value={payout.paymentReference} /> · {destinationText(payout)}
      </span>
      <span className="muted payout-card__id">
        Payout ID <CodeText value={payout.id} />
      </span>
    </Link>
  )
}

// The payouts list's fixed half (docs/list-screens.md).
export const PAYOUTS_VIEW: ListView<Payout> = {
  spec: PAYOUTS_LIST,
  title: 'Payouts',
  columns: PAYOUT_COLUMNS,
  rowKey: (payout) => payout.id,
  card: PAYOUT_CARD,
  rowLabel: payoutLabel,
  errorTitle: 'Failed to load payouts',
}
