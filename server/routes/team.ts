import { Hono, type Context } from 'hono'
import { InvitationCreatePayload, RoleChangePayload, type TeamMember } from '@/api/schema/team'
import type { AppEnv } from '../context'
import { changed } from '../domain/activity'
import {
  createInvitation,
  findInvitation,
  listInvitations,
  resendInvitation,
  revokeInvitation,
  type InvitationMail,
} from '../domain/invitations'
import { changeMemberRole, listMembers, removeMember } from '../domain/team-members'
import { audited } from '../lib/activity'
import { publicOrigin } from '../lib/public-url'
import { requireInviteAs, requireTeamAccount } from '../lib/team-access'
import { refuseQuery, sendAll } from '../lib/whole-list'
import { requireAuth } from '../middleware/auth'
import { parseJsonBody } from '../middleware/validate'

const memberObject = (member: TeamMember) => ({
  type: 'member' as const,
  id: member.userId,
  label: member.displayName,
})

function mail(c: Context<AppEnv>): InvitationMail {
  return {
    origin: publicOrigin(c),
    now: c.get('deps').clock.now(),
    invitedBy: requireAuth(c).userId,
  }
}

// Members and invitations of an account (docs/api.md#team-and-activity, rules in docs/roles.md#team).
export function teamRoutes(): Hono<AppEnv> {
  const app = new Hono<AppEnv>()
  const db = (c: Context<AppEnv>) => c.get('deps').db.db
  const now = (c: Context<AppEnv>) => c.get('deps').clock.now()

  app.get('/:id/users', async (c) => {
    const submerchantId = await requireTeamAccount(c, 'canViewTeam')
    refuseQuery(c)
    return sendAll(c, await listMembers(db(c), submerchantId))
  })

  app.patch('/:id/users/:userId', async (c) => {
    const submerchantId = await requireTeamAccount(c, 'canManageMembers')
    const { role } = await parseJsonBody(c, RoleChangePayload)
    const scope = { submerchantId, userId: c.req.param('userId') }
    const change = await audited(
      c,
      (tx) => changeMemberRole(tx, scope, role),
      ({ before, after }) =>
        before.role === after.role
          ? null
          : {
              action: 'member.role_changed',
              object: memberObject(after),
              changes: changed('role', before.role, after.role),
            },
    )
    return c.json(change.after)
  })

  // An owner removes a member; any member may leave (neither for the last owner).
  app.delete('/:id/users/:userId', async (c) => {
    const leaving = c.req.param('userId') === requireAuth(c).userId
    const submerchantId = await requireTeamAccount(c, leaving ? null : 'canManageMembers')
    const scope = { submerchantId, userId: c.req.param('userId') }
    await audited(
      c,
      (tx) => removeMember(tx, scope),
      (member) => ({
        action: leaving ? 'member.left' : 'member.removed',
        object: memberObject(member),
        changes: changed('role', member.role, null),
      }),
    )
    return c.body(null, 204)
  })

  app.get('/:id/invitations', async (c) => {
    const submerchantId = await requireTeamAccount(c, 'canViewTeam')
    refuseQuery(c)
    return sendAll(c, await listInvitations(db(c), submerchantId, now(c)))
  })

  app.post('/:id/invitations', async (c) => {
    const submerchantId = await requireTeamAccount(c, 'canViewTeam')
    const payload = await parseJsonBody(c, InvitationCreatePayload)
    await requireInviteAs(c, payload.role)
    const invitation = await audited(
      c,
      (tx) => createInvitation(tx, { submerchantId, ...payload }, mail(c)),
      (sent) => ({
        action: 'member.invited',
        object: { type: 'invitation', id: sent.id, label: sent.emailAddress },
        changes: changed('role', null, sent.role),
      }),
    )
    return c.json(invitation, 201)
  })

  app.post('/:id/invitations/:invitationId/resend', async (c) => {
    const submerchantId = await requireTeamAccount(c, 'canViewTeam')
    const scope = { submerchantId, invitationId: c.req.param('invitationId') }
    await requireInviteAs(c, (await findInvitation(db(c), scope, now(c))).role)
    const invitation = await audited(
      c,
      (tx) => resendInvitation(tx, scope, mail(c)),
      (sent) => ({
        action: 'member.invitation_resent',
        object: { type: 'invitation', id: sent.id, label: sent.emailAddress },
      }),
    )
    return c.json(invitation, 201)
  })

  app.delete('/:id/invitations/:invitationId', async (c) => {
    const submerchantId = await requireTeamAccount(c, 'canViewTeam')
    const scope = { submerchantId, invitationId: c.req.param('invitationId') }
    await requireInviteAs(c, (await findInvitation(db(c), scope, now(c))).role)
    const invitation = await audited(
      c,
      (tx) => revokeInvitation(tx, scope, now(c)),
      (revoked) => ({
        action: 'member.invitation_revoked',
        object: { type: 'invitation', id: revoked.id, label: revoked.emailAddress },
        changes: changed('status', 'pending', 'revoked'),
      }),
    )
    return c.json(invitation)
  })

  return app
}
