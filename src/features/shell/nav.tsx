import { Link, type LinkProps } from '@tanstack/react-router'
import { STATUS_SITE_URL, SUPPORT_SITE_URL } from '@/config/links'
import type { SidebarEntry, SidebarEntryId } from '@/policy/access'
import { ExternalLink } from '@/ui/external-link'
import { Icon } from '@/ui/icons'

// Sidebar paths come from the policy as strings; pages of later issues register them as routes.
function routeTo(path: string): LinkProps['to'] {
  return path as LinkProps['to']
}

// Support and System Status are other sites (docs/screens.md#routing-rules): a new tab keeps the person's place (the /support
// and /status routes still redirect for anyone who opens them directly).
const EXTERNAL_ENTRIES: Partial<Record<SidebarEntryId, string>> = {
  support: SUPPORT_SITE_URL,
  status: STATUS_SITE_URL,
}

interface SidebarNavProps {
  entries: readonly SidebarEntry[]
  onNavigate?: () => void
}

// The entries (docs/screens.md#the-shell) the policy allows, in order.
export function SidebarNav({ entries, onNavigate }: SidebarNavProps) {
  return (
    <nav className="sidebar-nav" aria-label="Main">
      <ul>
        {entries.map((entry) => (
          <li key={entry.id}>
            <SidebarLink entry={entry} onNavigate={onNavigate} />
          </li>
        ))}
      </ul>
    </nav>
  )
}

function SidebarLink({ entry, onNavigate }: { entry: SidebarEntry; onNavigate?: () => void }) {
  const content = (
    <>
      <Icon name={entry.id} />
      <span>{entry.label}</span>
    </>
  )
  const external = EXTERNAL_ENTRIES[entry.id]
  if (external) {
    return (
      <ExternalLink href={external} className="sidebar-nav__link" onClick={onNavigate}>
        {content}
      </ExternalLink>
    )
  }
  return (
    <Link to={routeTo(entry.path)} className="sidebar-nav__link" onClick={onNavigate}>
      {content}
    </Link>
  )
}

// The main entries a phone keeps at hand; the rest live in the drawer.
const BOTTOM_ENTRIES: readonly SidebarEntryId[] = ['dashboard', 'transactions', 'paymentLinks']

const SHORT_LABELS: Partial<Record<SidebarEntryId, string>> = {
  paymentLinks: 'Links',
}

interface BottomNavProps {
  entries: readonly SidebarEntry[]
  onOpenMenu: () => void
  menuOpen: boolean
}

export function BottomNav({ entries, onOpenMenu, menuOpen }: BottomNavProps) {
  const main = entries.filter((entry) => BOTTOM_ENTRIES.includes(entry.id))
  return (
    <nav className="bottom-nav" aria-label="Quick navigation">
      <ul>
        {main.map((entry) => (
          <li key={entry.id}>
            <Link to={routeTo(entry.path)} className="bottom-nav__link" aria-label={entry.label}>
              <Icon name={entry.id} />
              <span aria-hidden="true">{SHORT_LABELS[entry.id] ?? entry.label}</span>
            </Link>
          </li>
        ))}
        <li>
          <button
            type="button"
            className="bottom-nav__link"
            aria-haspopup="dialog"
            aria-expanded={menuOpen}
            onClick={onOpenMenu}
          >
            <Icon name="menu" />
            <span>Menu</span>
          </button>
        </li>
      </ul>
    </nav>
  )
}
