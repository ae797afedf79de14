import { useQuery } from '@tanstack/react-query'
import { Link } from '@tanstack/react-router'
import { useId, useState } from 'react'
import type { Role } from '@/api/schema/common'
import type { Invitation, TeamMember } from '@/api/schema/team'
import { formatDateTime } from '@/lib/dates'
import { useOnline } from '@/offline/use-online'
import { Badge } from '@/ui/badge'
import { Button, buttonClassName } from '@/ui/button'
import { ConfirmDialog } from '@/ui/confirm-dialog'
import { PageHeader } from '@/ui/page-layout'
import { ItemFacts } from '@/ui/item-card'
import { QueryView } from '@/ui/query-view'
import {
  teamQueries,
  useChangeRoleMutation,
  useRemoveMemberMutation,
  useResendInvitationMutation,
  useRevokeInvitationMutation,
} from './api'
import { InviteDialog } from './invite-dialog'
import { INVITATION_LABELS, ROLE_LABELS } from './roles'
import './team.css'
import { WriteFailure } from '@/ui/write-failure'

export interface TeamScreenProps {
  submerchantId: string
  userId: string
  // From the policy (docs/roles.md#team): who may change roles, whom this person may invite, the log.
  canManage: boolean
  inviteRoles: readonly Role[]
  onLeft: () => void
}

const ROLES: readonly Role[] = ['owner', 'manager', 'viewer']

// The team page (docs/screens.md#team): members, invitations, Invite.
export function TeamScreen(props: TeamScreenProps) {
  const { submerchantId, inviteRoles } = props
  const online = useOnline()
  const [inviting, setInviting] = useState(false)
  return (
    <div className="team">
      <PageHeader
        title="Team"
        description="Who can use this account, and their role."
        actions={
          <>
            <Link to="/team/activity" className={buttonClassName({ variant: 'secondary' })}>
              Activity
            </Link>
            <Button onClick={() => setInviting(true)} disabled={!online}>
              Invite
            </Button>
          </>
        }
      />
      <Members {...props} online={online} />
      <Invitations submerchantId={submerchantId} inviteRoles={inviteRoles} online={online} />
      {inviting && (
        <InviteDialog
          submerchantId={submerchantId}
          roles={inviteRoles}
          onClose={() => setInviting(false)}
        />
      )}
    </div>
  )
}

// Not on the list kit: an account's members (and invitations) are a few, read whole, with no filter, sort or page to keep in the URL.
function Members({
  submerchantId,
  userId,
  canManage,
  onLeft,
  online,
}: TeamScreenProps & { online: boolean }) {
  const headingId = useId()
  const query = useQuery(teamQueries.members(submerchantId))
  const changeRole = useChangeRoleMutation(submerchantId)
  const remove = useRemoveMemberMutation(submerchantId)
  const [removing, setRemoving] = useState<TeamMember | null>(null)
  const owners = query.data?.filter((m) => m.role === 'owner').length ?? 0
  return (
    <section className="team-panel" aria-labelledby={headingId}>
      <h2 id={headingId}>Members</h2>
      <WriteFailure error={changeRole.error} onDismiss={() => changeRole.reset()} />
      <QueryView
        query={query}
        errorTitle="Failed to load members"
        what="the members"
        pendingLabel="Loading members"
      >
        {(members) => (
          <ul className="team-list" aria-label="Members">
            {members.map((member) => {
              const self = member.userId === userId
              const lastOwner = member.role === 'owner' && owners <= 1
              return (
                <li key={member.userId} className="item-card">
                  <div className="team-item__who">
                    <strong>{member.displayName}</strong>
                    <span className="muted">{member.emailAddress}</span>
                  </div>
                  <ItemFacts
                    facts={[
                      {
                        label: 'Role',
                        value:
                          canManage && !lastOwner ? (
                            <select
                              className="input"
                              aria-label={`Role of ${member.displayName}`}
                              value={member.role}
                              disabled={!online || changeRole.isPending}
                              onChange={(e) => {
                                const role = ROLES.find((r) => r === e.target.value)
                                if (role) changeRole.mutate({ userId: member.userId, role })
                              }}
                            >
                              {ROLES.map((r) => (
                                <option key={r} value={r}>
                                  {ROLE_LABELS[r]}
                                </option>
                              ))}
                            </select>
                          ) : (
                            ROLE_LABELS[member.role]
                          ),
                      },
                      { label: 'Joined', value: formatDateTime(member.joinedAt) },
                      {
                        label: 'Last active',
                        value: member.lastActiveAt ? formatDateTime(member.lastActiveAt) : 'Never',
                      },
                      { label: 'MFA', value: member.mfaEnabled ? 'On' : 'Off' },
                    ]}
                  />
                  {!lastOwner && (self || canManage) && (
                    <Button
                      variant="secondary"
                      disabled={!online}
                      onClick={() => setRemoving(member)}
                    >
                      {self ? 'Leave account' : `Remove ${member.displayName}`}
                    </Button>
                  )}
                </li>
              )
            })}
          </ul>
        )}
      </QueryView>
      {removing && (
        <ConfirmDialog
          title={
            removing.userId === userId ? 'Leave this account?' : `Remove ${removing.displayName}?`
          }
          action={removing.userId === userId ? 'Leave account' : 'Remove'}
          tone="danger"
          onConfirm={async () => {
            await remove.mutateAsync(removing.userId)
            if (removing.userId === userId) onLeft()
            setRemoving(null)
          }}
          onClose={() => setRemoving(null)}
        >
          {removing.userId === userId
            ? 'You will no longer see this account.'
            : `${removing.displayName} will no longer see this account. Their next action in it is refused.`}
        </ConfirmDialog>
      )}
    </section>
  )
}

function Invitations({
  submerchantId,
  inviteRoles,
  online,
}: {
  submerchantId: string
  inviteRoles: readonly Role[]
  online: boolean
}) {
  const headingId = useId()
  const query = useQuery(teamQueries.invitations(submerchantId))
  const resend = useResendInvitationMutation(submerchantId)
  const revoke = useRevokeInvitationMutation(submerchantId)
  const [revoking, setRevoking] = useState<Invitation | null>(null)
  return (
    <section className="team-panel" aria-labelledby={headingId}>
      <h2 id={headingId}>Invitations</h2>
      <WriteFailure error={resend.error} onDismiss={() => resend.reset()} />
      <QueryView
        query={query}
        errorTitle="Failed to load invitations"
        what="the invitations"
        pendingLabel="Loading invitations"
      >
        {(invitations) =>
          invitations.length === 0 ? (
            <p className="muted">No invitations yet.</p>
          ) : (
            <ul className="team-list" aria-label="Invitations">
              {invitations.map((invitation) => {
                const status = INVITATION_LABELS[invitation.status]
                const open = invitation.status === 'pending' || invitation.status === 'expired'
                const mine = inviteRoles.includes(invitation.role)
                return (
                  <li key={invitation.id} className="item-card">
                    <div className="team-item__who">
                      <strong>{invitation.emailAddress}</strong>
                      <span className="muted">{ROLE_LABELS[invitation.role]}</span>
                    </div>
                    <ItemFacts
                      facts={[
                        {
                          label: 'Status',
                          value: <Badge tone={status.tone}>{status.label}</Badge>,
                        },
                        invitation.status === 'pending'
                          ? { label: 'Expires', value: formatDateTime(invitation.expiresAt) }
                          : { label: 'Sent', value: formatDateTime(invitation.createdAt) },
                      ]}
                    />
                    {open && mine && (
                      <div className="item-card__actions">
                        <Button
                          variant="secondary"
                          disabled={!online}
                          loading={resend.isPending && resend.variables === invitation.id}
                          onClick={() => resend.mutate(invitation.id)}
                        >
                          Resend
                        </Button>
                        <Button
                          variant="secondary"
                          disabled={!online}
                          onClick={() => setRevoking(invitation)}
                        >
                          Revoke
                        </Button>
                      </div>
                    )}
                  </li>
                )
              })}
            </ul>
          )
        }
      </QueryView>
      {revoking && (
        <ConfirmDialog
          title={`Revoke the invitation to ${revoking.emailAddress}?`}
          action="Revoke"
          tone="danger"
          onConfirm={async () => {
            await revoke.mutateAsync(revoking.id)
            setRevoking(null)
          }}
          onClose={() => setRevoking(null)}
        >
          The link in their email stops working.
        </ConfirmDialog>
      )}
    </section>
  )
}
