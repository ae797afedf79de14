import { useSuspenseQuery } from '@tanstack/react-query'
import type { ErrorComponentProps } from '@tanstack/react-router'
import type { ReactNode } from 'react'
import type { Role } from '@/api/schema/common'
import type { Submerchant } from '@/api/schema/submerchants'
import { AccountLoadError } from '@/features/accounts/account-load-error'
import { accountQueries } from '@/features/accounts/api'
import { LoadError } from '@/features/accounts/load-error'
import { SearchEntry } from '@/features/search/search-entry'
import { AccountFailure } from '@/features/shell/account-failure'
import { AppShell } from '@/features/shell/app-shell'
import { AccountBell } from '@/routes/-live-bell'

// The search code (and chrono-node) loads the first time the box is used.
const loadSearch = () => import('@/routes/-search')

/**
 * The signed-in frame of a page: the shell with the person's menu and, once an account is chosen,
 * its bell and search (docs/screens.md#signed-in-routes). Account pages, the profile (which an account is
 * not needed for) and Page Not Found while signed in all stand in it. The user is already loaded
 * by the route's guard.
 */
export function AccountFrame({
  account,
  role,
  children,
}: {
  account: Submerchant | null
  role: Role | null
  children: ReactNode
}) {
  const { data: user } = useSuspenseQuery(accountQueries.currentUser())
  return (
    <AppShell
      user={user}
      account={account}
      role={role}
      bell={account && <AccountBell submerchantId={account.id} userId={user.id} />}
      search={
        account && role
          ? (wide) => (
              <SearchEntry
                wide={wide}
                submerchantId={account.id}
                userId={user.id}
                subject={{ role, account }}
                load={loadSearch}
              />
            )
          : undefined
      }
    >
      {children}
    </AppShell>
  )
}

// docs/errors.md#loading-a-screen: a failed load says which ('Failed to load …', with Retry); anything else breaks the account.
export function AccountFrameError(props: ErrorComponentProps) {
  if (props.error instanceof LoadError) return <AccountLoadError {...props} />
  return <AccountFailure error={props.error} />
}
