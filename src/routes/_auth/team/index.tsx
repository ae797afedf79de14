import { createFileRoute, useNavigate } from '@tanstack/react-router'
import { pageTitle } from '@/config/app'
import { teamQueries } from '@/features/team/api'
import { TeamScreen } from '@/features/team/team-screen'
import { loadQuery } from '@/lib/load-query'
import { ACCESS_DENIED_MESSAGES, accessFor, canInviteAs } from '@/policy/access'
import { NotPermitted } from '@/ui/not-permitted'

const ROLES = ['owner', 'manager', 'viewer'] as const

export const Route = createFileRoute('/_auth/team/')({
  head: () => ({ meta: [{ title: pageTitle('Team') }] }),
  loader: ({ context }) =>
    accessFor({ role: context.submerchantRole, account: context.submerchant }).canViewTeam
      ? Promise.all([
          loadQuery(context.queryClient, teamQueries.members(context.submerchant.id)),
          loadQuery(context.queryClient, teamQueries.invitations(context.submerchant.id)),
        ])
      : undefined,
  component: TeamPage,
})

function TeamPage() {
  const { submerchant, submerchantRole, session } = Route.useRouteContext()
  const navigate = useNavigate()
  const subject = { role: submerchantRole, account: submerchant }
  const access = accessFor(subject)
  if (!access.canViewTeam) {
    return <NotPermitted title="Team" message={ACCESS_DENIED_MESSAGES.canViewTeam} />
  }
  return (
    <TeamScreen
      submerchantId={submerchant.id}
      userId={session.userId ?? ''}
      canManage={access.canManageMembers}
      inviteRoles={ROLES.filter((role) => canInviteAs(subject, role))}
      onLeft={() => void navigate({ to: '/select-account' })}
    />
  )
}
