import { Link } from '@tanstack/react-router'
import type { ActivityChange, ActivityEntry } from '@/api/schema/team'
import { DEFAULT_CURRENCY } from '@/config/limits'
import { formatDateTime } from '@/lib/dates'
import { intentStatusLabel } from '@/lib/intent-status'
import { formatMoney } from '@/lib/money'
import { humanize } from '@/lib/prettify'
import { Badge } from '@/ui/badge'
import { CodeText } from '@/ui/code-text'
import type { CardSpec, Column } from '@/ui/data-table'
import { DateTimeText } from '@/ui/date-time-text'

// 'payment_link.cancelled' → 'Payment link cancelled'.
export function actionText(action: string): string {
  const text = action.replace('.', ' ').replaceAll('_', ' ')
  return text.charAt(0).toUpperCase() + text.slice(1)
}

export function actorText(entry: ActivityEntry): string {
  return entry.actorType === 'api_key' ? `API key ${entry.actorName}` : entry.actorName
}

// The recorded fields in the person's words; any other reads as its name humanised.
const FIELD_LABELS: Record<string, string> = {
  refundReason: 'Reason',
  customerName: 'Customer',
  isEnabled: 'Enabled',
  mfaEnabled: 'MFA',
}
// Amounts are recorded in minor units, in the account's currency unless the change names one.
const MONEY_FIELDS = new Set(['amount', 'captureAmount'])
// Codes recorded as the API spells them (statuses, roles), shown as the screens show them: a
// payment link's status in the links screens' words.
const CODE_FIELDS = new Set(['status', 'role'])

function changeValue(
  entry: ActivityEntry,
  field: string,
  value: ActivityChange['after'],
  currency: string,
): string {
  if (value === null) return '—'
  if (typeof value === 'boolean') return value ? 'Yes' : 'No'
  if (typeof value === 'number' && MONEY_FIELDS.has(field)) return formatMoney(value, currency)
  if (typeof value !== 'string' || !CODE_FIELDS.has(field)) return String(value)
  if (field === 'status' && entry.objectType === 'payment_link') return intentStatusLabel(value)
  return humanize(value)
}

// 'Amount: — → £1.00; Reason: — → Journey cancelled; Status: — → Pending'.
export function changesText(entry: ActivityEntry): string {
  const named = entry.changes.find((c) => c.field === 'currency')
  const currency = typeof named?.after === 'string' ? named.after : DEFAULT_CURRENCY
  return entry.changes
    .map((c) => {
      const label = FIELD_LABELS[c.field] ?? humanize(c.field)
      const value = (v: ActivityChange['after']) => changeValue(entry, c.field, v, currency)
      return `${label}: ${value(c.before)} → ${value(c.after)}`
    })
    .join('; ')
}

export const activityLabel = (entry: ActivityEntry) =>
  `${actionText(entry.action)} by ${actorText(entry)}`

// Where the object of a row is shown in the portal; outside text stays text.
function ObjectLink({ entry }: { entry: ActivityEntry }) {
  const id = entry.objectId
  if (!id) return <span className="muted">—</span>
  const label = entry.objectLabel ?? id
  switch (entry.objectType) {
    case 'sale':
      return (
        <Link to="/transactions/sales/$saleId" params={{ saleId: id }}>
          Sale <CodeText value={id} />
        </Link>
      )
    case 'payment_link':
      return (
        <Link to="/payment-links/$intentId" params={{ intentId: id }}>
          {label}
        </Link>
      )
    case 'api_key':
    case 'webhook_endpoint':
      return <Link to="/developer">{label}</Link>
    case 'member':
    case 'invitation':
      return <Link to="/team">{label}</Link>
    default:
      return <span>{label}</span>
  }
}

export const ACTIVITY_COLUMNS: readonly Column<ActivityEntry>[] = [
  {
    id: 'occurredAt',
    header: 'When',
    cell: (e) => <DateTimeText at={e.occurredAt} />,
    sortField: 'occurredAt',
    firstDirection: 'desc',
  },
  { id: 'actor', header: 'Who', cell: actorText, sortField: 'actorName' },
  {
    id: 'action',
    header: 'What',
    cell: (e) => (
      <>
        {actionText(e.action)}
        {e.outcome === 'refused' && (
          <>
            {' '}
            <Badge tone="danger">Refused</Badge>
          </>
        )}
      </>
    ),
  },
  { id: 'object', header: 'Object', cell: (e) => <ObjectLink entry={e} />, priority: 2 },
  { id: 'changes', header: 'Change', cell: changesText, wrap: true, priority: 3 },
  {
    id: 'origin',
    header: 'From',
    cell: (e) => [e.ipAddress, e.device].filter(Boolean).join(' · ') || '—',
    priority: 4,
  },
]

export const ACTIVITY_CARD: CardSpec<ActivityEntry> = {
  shows: ['occurredAt', 'actor', 'action', 'object', 'changes'],
  render: (entry) => (
    // One block per field, so they stand on their own lines even before the styles load.
    <div className="activity-card">
      <p>
        <strong>{actionText(entry.action)}</strong>
        {entry.outcome === 'refused' && (
          <>
            {' '}
            <Badge tone="danger">Refused</Badge>
          </>
        )}
      </p>
      <p>{actorText(entry)}</p>
      <p className="muted">
        <time dateTime={entry.occurredAt}>{formatDateTime(entry.occurredAt)}</time>
      </p>
      <p>
        <ObjectLink entry={entry} />
      </p>
      {entry.changes.length > 0 && <p className="muted">{changesText(entry)}</p>}
    </div>
  ),
}
