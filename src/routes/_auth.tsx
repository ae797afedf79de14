import { createFileRoute, Outlet } from '@tanstack/react-router'
import { AccountLoadError } from '@/features/accounts/account-load-error'
import { PageMain } from '@/ui/page-layout'

// Every route under here needs a signed-in user and a chosen account (§2).
export const Route = createFileRoute('/_auth')({
  beforeLoad: async ({ context, location }) => {
    // Loaded on demand: the account loaders and their schemas stay out of the /login bundle.
    const { requireAccount } = await import('@/features/accounts/guards')
    const { submerchantUser, submerchant } = await requireAccount(context, location)
    return { submerchant, submerchantRole: submerchantUser.submerchantRole }
  },
  errorComponent: AccountLoadError,
  component: AuthLayout,
})

function AuthLayout() {
  return (
    <PageMain>
      <Outlet />
    </PageMain>
  )
}
