import { Link, type LinkProps } from '@tanstack/react-router'
import type { SidebarEntry, SidebarEntryId } from '@/policy/access'
import { Icon } from '@/ui/icons'

// Sidebar paths come from the policy as strings; pages of later issues register them as routes.
function routeTo(path: string): LinkProps['to'] {
  return path as LinkProps['to']
}

interface SidebarNavProps {
  entries: readonly SidebarEntry[]
  onNavigate?: () => void
}

// The §2 entries the policy allows, in order.
export function SidebarNav({ entries, onNavigate }: SidebarNavProps) {
  return (
    <nav className="sidebar-nav" aria-label="Main">
      <ul>
        {entries.map((entry) => (
          <li key={entry.id}>
            <Link to={routeTo(entry.path)} className="sidebar-nav__link" onClick={onNavigate}>
              <Icon name={entry.id} />
              <span>{entry.label}</span>
            </Link>
          </li>
        ))}
      </ul>
    </nav>
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
