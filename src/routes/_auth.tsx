import { createFileRoute, Outlet } from '@tanstack/react-router'
import { AccountLoadError } from '@/features/accounts/account-load-error'
import { requireAccount } from '@/features/accounts/guards'
import { PageMain } from '@/ui/page-layout'

// Every route under here needs a signed-in user and a chosen account (§2).
export const Route = createFileRoute('/_auth')({
  beforeLoad: async ({ context, location }) => {
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
