import { useQuery, useQueryClient, useSuspenseQuery } from '@tanstack/react-query'
import { createFileRoute, type ErrorComponentProps } from '@tanstack/react-router'
import { pageTitle } from '@/config/app'
import { AccountLoadError } from '@/features/accounts/account-load-error'
import { accountQueries, userKeys } from '@/features/accounts/api'
import { LoadError } from '@/features/accounts/load-error'
import { PushSettings } from '@/features/notifications-push/push-settings'
import { profileQueries } from '@/features/profile/api'
import { ProfileScreen } from '@/features/profile/profile-screen'
import { AccountFailure } from '@/features/shell/account-failure'
import { AppShell } from '@/features/shell/app-shell'
import { loadQuery } from '@/lib/load-query'
import { AccountBell } from '@/routes/-live-bell'

// The profile belongs to the user, not an account: reachable before an account is chosen.
export const Route = createFileRoute('/user/edit')({
  // Loaded on demand, as in the _auth guard, to keep the account loaders out of the /login bundle.
  beforeLoad: async ({ context, location }) => {
    const { requireUser } = await import('@/features/accounts/guards')
    return requireUser(context, location)
  },
  loader: ({ context }) =>
    context.submerchant
      ? loadQuery(context.queryClient, profileQueries.account(context.submerchant.id))
      : undefined,
  head: () => ({ meta: [{ title: pageTitle('Edit Profile') }] }),
  errorComponent: ProfileError,
  component: ProfilePage,
})

function ProfileError(props: ErrorComponentProps) {
  if (props.error instanceof LoadError) return <AccountLoadError {...props} />
  return <AccountFailure error={props.error} />
}

function ProfilePage() {
  const { submerchant, submerchantRole } = Route.useRouteContext()
  const queryClient = useQueryClient()
  const { data: user } = useSuspenseQuery(accountQueries.currentUser())
  const accounts = useQuery(accountQueries.submerchants())
  const reloadUser = () => queryClient.invalidateQueries({ queryKey: userKeys.current() })
  return (
    <AppShell
      user={user}
      account={submerchant}
      role={submerchantRole}
      bell={submerchant && <AccountBell submerchantId={submerchant.id} userId={user.id} />}
    >
      <ProfileScreen
        user={user}
        account={submerchant}
        role={submerchantRole}
        reloadUser={reloadUser}
        notifications={
          <PushSettings accounts={accounts.data} currentAccountId={submerchant?.id ?? null} />
        }
      />
    </AppShell>
  )
}
