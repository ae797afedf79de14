import { createFileRoute, Outlet, redirect } from '@tanstack/react-router'
import { PageMain } from '@/ui/page-layout'

// Every route under here needs a signed-in user (§2).
export const Route = createFileRoute('/_auth')({
  beforeLoad: ({ context, location }) => {
    if (!context.session.loggedIn) {
      throw redirect({ to: '/login', search: { redirect: location.href } })
    }
  },
  component: AuthLayout,
})

function AuthLayout() {
  return (
    <PageMain>
      <Outlet />
    </PageMain>
  )
}
