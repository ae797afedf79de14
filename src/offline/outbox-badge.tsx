import { Link, useRouteContext } from '@tanstack/react-router'
import { useOutbox } from '@/offline/use-outbox'
import { Icon } from '@/ui/icons'
import './outbox-badge.css'

export function outboxBadgeLabel(count: number, failed: number): string {
  const waiting = `Outbox: ${count} ${count === 1 ? 'action' : 'actions'} waiting`
  return failed > 0 ? `${waiting}, ${failed} failed` : waiting
}

// Top-bar badge: shown only while the current account has queued or failed actions.
export function OutboxBadge() {
  const context: { submerchant?: { id: string } } = useRouteContext({ strict: false })
  const entries = useOutbox(context.submerchant?.id)
  if (entries.length === 0) return null
  const failed = entries.filter((entry) => entry.status === 'failed').length
  const label = outboxBadgeLabel(entries.length, failed)
  return (
    <Link
      to="/outbox"
      className={`outbox-badge${failed > 0 ? ' outbox-badge--failed' : ''}`}
      aria-label={label}
      title={label}
    >
      <Icon name="outbox" />
      <span className="outbox-badge__count" aria-hidden="true">
        {entries.length}
      </span>
    </Link>
  )
}
