import { createFileRoute, useNavigate } from '@tanstack/react-router'
import { pageTitle } from '@/config/app'
import { AuthLayout } from '@/features/auth/auth-layout'
import { InvitationScreen } from '@/features/team/invitation-screen'

// Public: the link from the invitation email (docs/screens.md#invitation).
export const Route = createFileRoute('/invitations/$token')({
  beforeLoad: async ({ context }) => {
    await context.loadQueryClient()
    return { loggedIn: context.session.loggedIn }
  },
  head: () => ({ meta: [{ title: pageTitle('Invitation') }] }),
  component: InvitationPage,
})

function InvitationPage() {
  const { token } = Route.useParams()
  const { loggedIn } = Route.useRouteContext()
  const navigate = useNavigate()
  return (
    <AuthLayout title="Invitation">
      <InvitationScreen
        token={token}
        loggedIn={loggedIn}
        onAccepted={() => void navigate({ to: '/select-account' })}
      />
    </AuthLayout>
  )
}
