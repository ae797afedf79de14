import { useQuery, useQueryClient, useSuspenseQuery } from '@tanstack/react-query'
import { createFileRoute } from '@tanstack/react-router'
import { pageTitle } from '@/config/app'
import { accountQueries, userKeys } from '@/features/accounts/api'
import { PushSettings } from '@/features/notifications-push/push-settings'
import { profileQueries } from '@/features/profile/api'
import { ProfileScreen } from '@/features/profile/profile-screen'
import { loadQuery } from '@/lib/load-query'
import { AccountFrame, AccountFrameError } from '@/routes/-account-frame'

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
  errorComponent: AccountFrameError,
  component: ProfilePage,
})

function ProfilePage() {
  const { submerchant, submerchantRole } = Route.useRouteContext()
  const queryClient = useQueryClient()
  const { data: user } = useSuspenseQuery(accountQueries.currentUser())
  const accounts = useQuery(accountQueries.submerchants())
  const reloadUser = () => queryClient.invalidateQueries({ queryKey: userKeys.current() })
  return (
    <AccountFrame account={submerchant} role={submerchantRole}>
      <ProfileScreen
        user={user}
        account={submerchant}
        role={submerchantRole}
        reloadUser={reloadUser}
        notifications={
          <PushSettings accounts={accounts.data} currentAccountId={submerchant?.id ?? null} />
        }
      />
    </AccountFrame>
  )
}
