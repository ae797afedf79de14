import { useQuery } from '@tanstack/react-query'
import { Link } from '@tanstack/react-router'
import type { ReactNode } from 'react'
import { STATUS_SITE_URL } from '@/config/links'
import { shellQueries, SYSTEM_STATUS_LABELS, type SystemStatus } from '@/features/shell/api'
import { ExternalLink } from '@/ui/external-link'
import { Icon } from '@/ui/icons'
import { OutboxBadge } from '@/offline/outbox-badge'
import { Menu, MenuAction } from '@/ui/menu'

const STATUS_GLYPHS: Record<SystemStatus, string> = {
  ok: 'M8 12.5l2.5 2.5L16 9.5',
  minor: 'M12 7.5v5.5m0 3h.01',
  major: 'M9 9l6 6m0-6-6 6',
  unknown: 'M9.8 9.5a2.3 2.3 0 1 1 3.2 2.1c-.6.3-1 .8-1 1.5v.4m0 2.9h.01',
}

// The top-bar status icon (docs/screens.md#the-shell), opening the status site in a new tab (the /status route redirects there).
export function SystemStatusIcon() {
  const { data } = useQuery(shellQueries.systemStatus())
  const status: SystemStatus = data ?? 'unknown'
  const label = `System status: ${SYSTEM_STATUS_LABELS[status]}`
  return (
    <ExternalLink
      href={STATUS_SITE_URL}
      className={`status-icon status-icon--${status}`}
      aria-label={label}
      title={label}
      data-status={status}
    >
      <svg width="26" height="26" viewBox="0 0 24 24" aria-hidden="true" focusable="false">
        <circle cx="12" cy="12" r="10" className="status-icon__disc" />
        <path
          d={STATUS_GLYPHS[status]}
          fill="none"
          stroke="currentColor"
          strokeWidth="2.2"
          strokeLinecap="round"
          strokeLinejoin="round"
        />
      </svg>
    </ExternalLink>
  )
}

// The bell without an account (nothing to tell), and while the live bell's code loads.
export function QuietBell() {
  return (
    <Menu label="Notifications" trigger={<Icon name="bell" />}>
      {() => <p className="menu__note">No new notifications</p>}
    </Menu>
  )
}

// The outbox badge sits before the bell: both tell the person something is waiting.
export function NotificationsMenu({ bell }: { bell?: ReactNode }) {
  return (
    <>
      <OutboxBadge />
      {bell ?? <QuietBell />}
    </>
  )
}

export function SettingsMenu({ onLogout }: { onLogout: () => void }) {
  return (
    <Menu label="Settings" trigger={<Icon name="settings" />}>
      {(close) => (
        <ul className="menu__list">
          <li>
            <Link to="/select-account" className="menu__item" onClick={close}>
              Switch account
            </Link>
          </li>
          <MenuAction close={close} onSelect={onLogout}>
            Logout
          </MenuAction>
        </ul>
      )}
    </Menu>
  )
}
