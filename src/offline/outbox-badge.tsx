import { Link, useRouteContext } from '@tanstack/react-router'
import { useOutbox } from '@/offline/use-outbox'
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
      <svg
        width="24"
        height="24"
        viewBox="0 0 24 24"
        fill="none"
        stroke="currentColor"
        strokeWidth="1.8"
        strokeLinecap="round"
        strokeLinejoin="round"
        aria-hidden="true"
        focusable="false"
      >
        <path d="M4 13h4l1.5 3h5L16 13h4M4 13l2.5-8h11L20 13v6H4z" />
      </svg>
      <span className="outbox-badge__count" aria-hidden="true">
        {entries.length}
      </span>
    </Link>
  )
}
