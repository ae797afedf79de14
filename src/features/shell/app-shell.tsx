import { useMemo, useState, type ReactNode } from 'react'
import { Link, useRouterState } from '@tanstack/react-router'
import type { Role } from '@/api/schema/common'
import type { Submerchant } from '@/api/schema/submerchants'
import type { User } from '@/api/schema/users'
import { brandFor, type Brand } from '@/config/brands'
import { AppFooter } from '@/features/shell/app-footer'
import { BottomNav, SidebarNav } from '@/features/shell/nav'
import { NotificationsMenu, SettingsMenu, SystemStatusIcon } from '@/features/shell/top-bar'
import { UserMenu } from '@/features/shell/user-menu'
import { useOnline } from '@/offline/use-online'
import { accessFor, type SidebarEntry } from '@/policy/access'
import { useLogout } from '@/session/use-logout'
import { Drawer } from '@/ui/drawer'
import { PageMain } from '@/ui/page-layout'
import { Progress } from '@/ui/progress'
import { useBrandTokens } from '@/ui/use-brand'
import { useMediaQuery } from '@/ui/use-media-query'
import './shell.css'

// Tablets and wider keep the sidebar; phones get a drawer and bottom navigation.
export const SIDEBAR_QUERY = '(min-width: 768px)'

interface AppShellProps {
  user: User
  // The chosen account and the user's role there; null on /user/edit before an account is chosen.
  account: Submerchant | null
  role: Role | null
  // The one-box search of account pages (docs/screens.md#search), told whether the bar is wide.
  search?: (wide: boolean) => ReactNode
  // The account's live bell (features/notifications), given by the signed-in layout.
  bell?: ReactNode
  children: ReactNode
}

// Without an account only the entries that need none make sense.
const ACCOUNTLESS_ENTRIES = new Set(['support', 'status'])

export function AppShell({ user, account, role, search, bell, children }: AppShellProps) {
  const wide = useMediaQuery(SIDEBAR_QUERY)
  const [drawerOpen, setDrawerOpen] = useState(false)
  const { requestLogout, dialog } = useLogout()
  const entries = useMemo(() => {
    const sidebar = accessFor({ role, account }).sidebar
    return account ? sidebar : sidebar.filter((entry) => ACCOUNTLESS_ENTRIES.has(entry.id))
  }, [role, account])
  const brand = brandFor(account?.operatorId)
  useBrandTokens(brand)

  return (
    <div className={wide ? 'shell shell--wide' : 'shell shell--narrow'}>
      <a className="skip-link" href="#main-content">
        Skip to content
      </a>
      <NavigationProgress />
      {wide && (
        <aside className="sidebar" aria-label="Sidebar">
          <BrandBlock brand={brand} />
          <SidebarNav entries={entries} />
          <div className="sidebar__user">
            <UserMenu displayName={user.displayName} onLogout={requestLogout} />
          </div>
        </aside>
      )}
      <div className="shell__main">
        <header className="top-bar">
          {!wide && (
            <Link to={account ? '/dashboard' : '/select-account'} className="top-bar__home">
              <BrandLogo brand={brand} />
              <span className="visually-hidden">{brand.name} home</span>
            </Link>
          )}
          <div className="top-bar__account">
            {account ? (
              <p className="top-bar__account-name">{account.name}</p>
            ) : (
              <Link to="/select-account">Choose an account</Link>
            )}
          </div>
          {account && wide && search?.(true)}
          <div className="top-bar__actions">
            {account && !wide && search?.(false)}
            <SystemStatusIcon />
            <NotificationsMenu bell={account ? bell : undefined} />
            <SettingsMenu onLogout={requestLogout} />
          </div>
        </header>
        <OfflineBanner />
        <PageMain>{children}</PageMain>
        <AppFooter />
      </div>
      {!wide && (
        <>
          <BottomNav
            entries={entries}
            menuOpen={drawerOpen}
            onOpenMenu={() => setDrawerOpen(true)}
          />
          <Drawer open={drawerOpen} onClose={() => setDrawerOpen(false)} title="Menu">
            <DrawerContent
              brand={brand}
              entries={entries}
              user={user}
              onNavigate={() => setDrawerOpen(false)}
              onLogout={() => {
                setDrawerOpen(false)
                requestLogout()
              }}
            />
          </Drawer>
        </>
      )}
      {dialog}
    </div>
  )
}

interface DrawerContentProps {
  brand: Brand
  entries: readonly SidebarEntry[]
  user: User
  onNavigate: () => void
  onLogout: () => void
}

function DrawerContent({ brand, entries, user, onNavigate, onLogout }: DrawerContentProps) {
  return (
    <>
      <BrandBlock brand={brand} />
      <SidebarNav entries={entries} onNavigate={onNavigate} />
      <div className="sidebar__user">
        <UserMenu displayName={user.displayName} onLogout={onLogout} />
      </div>
    </>
  )
}

function BrandLogo({ brand }: { brand: Brand }) {
  if (brand.logo)
    return <img className="brand-logo" src={brand.logo} alt="" width={36} height={36} />
  return (
    <svg className="brand-logo" width="36" height="36" viewBox="0 0 48 48" aria-hidden="true">
      <rect width="48" height="48" rx="12" fill="var(--brand)" />
      <rect x="9" y="14" width="30" height="20" rx="4" fill="var(--on-brand)" />
      <rect x="9" y="18.5" width="30" height="4" fill="var(--brand)" opacity="0.55" />
    </svg>
  )
}

// Operator branding (docs/screens.md#the-shell): the operator's logo and name.
function BrandBlock({ brand }: { brand: Brand }) {
  return (
    <div className="brand-block">
      <BrandLogo brand={brand} />
      <span className="brand-block__name">{brand.name}</span>
    </div>
  )
}

// The shell's one offline notice; each screen adds the age of what it shows (DataAge).
function OfflineBanner() {
  const online = useOnline()
  // The live region stays mounted so screen readers hear the change both ways.
  return (
    <div className="offline-banner-region" role="status">
      {!online && (
        <p className="offline-banner">
          <strong>You are offline.</strong> Saved data is shown; some actions need a connection.
        </p>
      )}
    </div>
  )
}

// docs/constants.md#timing: page changes show the progress bar once they take longer than 100 ms.
function NavigationProgress() {
  const loading = useRouterState({ select: (state) => state.isLoading })
  return loading ? <Progress label="Loading page" /> : null
}
