import { createFileRoute, useNavigate } from '@tanstack/react-router'
import { pageTitle } from '@/config/app'
import { teamQueries } from '@/features/team/api'
import { TeamScreen } from '@/features/team/team-screen'
import { loadQuery } from '@/lib/load-query'
import { ACCESS_DENIED_MESSAGES, canInviteAs } from '@/policy/access'
import { NotPermitted } from '@/ui/not-permitted'

const ROLES = ['owner', 'manager', 'viewer'] as const

export const Route = createFileRoute('/_auth/team/')({
  head: () => ({ meta: [{ title: pageTitle('Team') }] }),
  loader: ({ context }) =>
    context.access.canViewTeam
      ? Promise.all([
          loadQuery(context.queryClient, teamQueries.members(context.submerchant.id)),
          loadQuery(context.queryClient, teamQueries.invitations(context.submerchant.id)),
        ])
      : undefined,
  component: TeamPage,
})

function TeamPage() {
  const { submerchant, submerchantRole, session, access } = Route.useRouteContext()
  const navigate = useNavigate()
  if (!access.canViewTeam) {
    return <NotPermitted title="Team" message={ACCESS_DENIED_MESSAGES.canViewTeam} />
  }
  return (
    <TeamScreen
      submerchantId={submerchant.id}
      userId={session.userId ?? ''}
      canManage={access.canManageMembers}
      inviteRoles={ROLES.filter((role) =>
        canInviteAs({ role: submerchantRole, account: submerchant }, role),
      )}
      onLeft={() => void navigate({ to: '/select-account' })}
    />
  )
}
