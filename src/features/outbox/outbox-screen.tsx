import { useQueryClient } from '@tanstack/react-query'
import { toApiError } from '@/api/errors'
import type { Submerchant } from '@/api/schema/submerchants'
import { formatDateTime } from '@/lib/dates'
import {
  cancelOutboxEntry,
  retryOutboxEntry,
  type OutboxEntry,
  type OutboxStatus,
} from '@/offline/outbox'
import { useOnline } from '@/offline/use-online'
import { useOutbox } from '@/offline/use-outbox'
import { Alert } from '@/ui/alert'
import { Button } from '@/ui/button'
import { PageHeader } from '@/ui/page-layout'
import { useToast } from '@/ui/toast'
import './outbox.css'

export const OUTBOX_TEXTS = {
  empty: 'Nothing is waiting to be sent.',
  emptyHint: 'Receipts you send while offline wait here until the connection returns.',
  offline: "You're offline. These will be sent in this order when the connection returns.",
  cancelled: 'Removed from the outbox. It will not be sent.',
} as const

const STATUS_TEXT: Record<OutboxStatus, string> = {
  queued: 'Waiting for a connection',
  sending: 'Sending…',
  failed: 'Failed',
}

export function OutboxScreen({ account }: { account: Submerchant }) {
  const entries = useOutbox(account.id)
  const online = useOnline()
  const hasWaiting = entries.some((entry) => entry.status !== 'failed')

  return (
    <div className="outbox">
      <PageHeader
        title="Outbox"
        description={`Actions queued on this device for ${account.name}.`}
      />
      {!online && hasWaiting && <Alert tone="warning">{OUTBOX_TEXTS.offline}</Alert>}
      {entries.length === 0 ? (
        <div className="outbox__empty">
          <p className="outbox__empty-title">{OUTBOX_TEXTS.empty}</p>
          <p className="muted">{OUTBOX_TEXTS.emptyHint}</p>
        </div>
      ) : (
        <ol className="outbox__list" aria-label="Queued actions">
          {entries.map((entry) => (
            <OutboxItem key={entry.mutationId} entry={entry} />
          ))}
        </ol>
      )}
    </div>
  )
}

function OutboxItem({ entry }: { entry: OutboxEntry }) {
  const queryClient = useQueryClient()
  const toast = useToast()
  const { label, status } = entry
  const error = status === 'failed' ? toApiError(entry.error).message : null

  function cancel() {
    if (cancelOutboxEntry(queryClient, entry.mutationId)) toast.notice(OUTBOX_TEXTS.cancelled)
  }

  return (
    <li className={`outbox-item outbox-item--${status}`}>
      <div className="outbox-item__text">
        <p className="outbox-item__what">{label.what}</p>
        <p className="outbox-item__for">{label.forWhom}</p>
        <p className="outbox-item__meta">
          Queued <time dateTime={label.queuedAt}>{formatDateTime(label.queuedAt)}</time>
          {' · '}
          <span className="outbox-item__status">{STATUS_TEXT[status]}</span>
        </p>
        {error && <p className="outbox-item__error">{error}</p>}
      </div>
      <div className="outbox-item__actions">
        {status === 'failed' && (
          <Button size="small" onClick={() => retryOutboxEntry(queryClient, entry.mutationId)}>
            Retry
          </Button>
        )}
        {status !== 'sending' && (
          <Button
            size="small"
            variant="secondary"
            aria-label={`Cancel ${label.what} to ${label.forWhom}`}
            onClick={cancel}
          >
            Cancel
          </Button>
        )}
      </div>
    </li>
  )
}
