import { useSuspenseQuery } from '@tanstack/react-query'
import { createFileRoute, Outlet, type ErrorComponentProps } from '@tanstack/react-router'
import { AccountLoadError } from '@/features/accounts/account-load-error'
import { accountQueries } from '@/features/accounts/api'
import { LoadError } from '@/features/accounts/load-error'
import { AccountFailure } from '@/features/shell/account-failure'
import { SearchEntry } from '@/features/search/search-entry'
import { AppShell } from '@/features/shell/app-shell'
import { AccountBell } from '@/routes/-live-bell'

// Every route under here needs a signed-in user and a chosen account (docs/screens.md#routing-rules).
export const Route = createFileRoute('/_auth')({
  beforeLoad: async ({ context, location }) => {
    // Loaded on demand: the account loaders and their schemas stay out of the /login bundle.
    const { requireAccount } = await import('@/features/accounts/guards')
    const { queryClient, submerchantUser, submerchant } = await requireAccount(context, location)
    return { queryClient, submerchant, submerchantRole: submerchantUser.submerchantRole }
  },
  errorComponent: AuthError,
  component: AuthLayout,
})

// docs/errors.md#loading-a-screen: a failed load says which ('Failed to load …', with Retry); anything else breaks the account.
function AuthError(props: ErrorComponentProps) {
  if (props.error instanceof LoadError) return <AccountLoadError {...props} />
  return <AccountFailure error={props.error} />
}

// The search code (and chrono-node) loads the first time the box is used.
const loadSearch = () => import('@/routes/-search')

function AuthLayout() {
  const { submerchant, submerchantRole } = Route.useRouteContext()
  // Already loaded by the guard (ensureUser).
  const { data: user } = useSuspenseQuery(accountQueries.currentUser())
  return (
    <AppShell
      user={user}
      account={submerchant}
      role={submerchantRole}
      bell={<AccountBell submerchantId={submerchant.id} userId={user.id} />}
      search={(wide) => (
        <SearchEntry
          wide={wide}
          submerchantId={submerchant.id}
          userId={user.id}
          subject={{ role: submerchantRole, account: submerchant }}
          load={loadSearch}
        />
      )}
    >
      <Outlet />
    </AppShell>
  )
}
