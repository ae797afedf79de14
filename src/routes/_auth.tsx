import { createFileRoute, Outlet } from '@tanstack/react-router'
import { AccountFrame, AccountFrameError } from '@/routes/-account-frame'

// Every route under here needs a signed-in user and a chosen account (docs/screens.md#routing-rules).
export const Route = createFileRoute('/_auth')({
  beforeLoad: async ({ context, location }) => {
    // Loaded on demand: the account loaders and their schemas stay out of the /login bundle.
    const { requireAccount } = await import('@/features/accounts/guards')
    const { queryClient, submerchantUser, submerchant } = await requireAccount(context, location)
    return { queryClient, submerchant, submerchantRole: submerchantUser.submerchantRole }
  },
  errorComponent: AccountFrameError,
  component: AuthLayout,
})

function AuthLayout() {
  const { submerchant, submerchantRole } = Route.useRouteContext()
  return (
    <AccountFrame account={submerchant} role={submerchantRole}>
      <Outlet />
    </AccountFrame>
  )
}
