import { createFileRoute, Outlet } from '@tanstack/react-router'
import { AccountFrame, AccountFrameError } from '@/routes/-account-frame'

// Every route under here needs a signed-in user and a chosen account (docs/screens.md#routing-rules).
export const Route = createFileRoute('/_auth')({
  beforeLoad: async ({ context, location }) => {
    // Loaded on demand: the account loaders and their schemas stay out of the /login bundle.
    const [{ requireAccount }, { accessFor }] = await Promise.all([
      import('@/features/accounts/guards'),
      import('@/policy/access'),
    ])
    const { queryClient, submerchantUser, submerchant } = await requireAccount(context, location)
    const submerchantRole = submerchantUser.submerchantRole
    // Access is decided here once (docs/roles.md); the routes below read it from their context.
    const access = accessFor({ role: submerchantRole, account: submerchant })
    return { queryClient, submerchant, submerchantRole, access }
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
