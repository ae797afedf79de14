import { and, count, desc, eq, gte, inArray } from 'drizzle-orm'
import type { Role } from '@/api/schema/common'
import {
  INVITATION_TTL_DAYS,
  type Invitation,
  type InvitationAcceptance,
  type InvitationPreview,
  type InvitationStatus,
} from '@/api/schema/team'
import { newId, randomToken, sha256 } from '../auth/random'
import type { Db } from '../db/client'
import { submerchants, submerchantUsers, users } from '../db/schema/core'
import { activityEvents, invitations } from '../db/schema/team'
import { conflict, forbidden, HttpError, notFound } from '../errors'
import { addOutboxMessage } from '../sandbox/outbox'
import { normaliseEmail } from './accounts'
import { alreadyMember, memberByEmail } from './team-members'

export const INVITATION_TTL_MS = INVITATION_TTL_DAYS * 24 * 60 * 60 * 1000
// Invitations sent (new and resent) per account per hour (docs/sandbox-decisions.md#team).
export const INVITATIONS_PER_HOUR = 20
const HOUR_MS = 60 * 60 * 1000

export const INVITATION_MESSAGES = {
  notFound: 'Invitation not found',
  linkInvalid:
    'This invitation link is not valid. It may have been replaced by a newer one: use the latest email, or ask for a new invitation.',
  used: 'This invitation has already been used.',
  expired: 'This invitation has expired. Ask the person who invited you to send a new one.',
  revoked:
    'This invitation was withdrawn. Ask the person who invited you if you still need access.',
  otherEmail:
    'This invitation was sent to another email address. Sign in with that address to accept it.',
  pending: (email: string) => `An invitation to ${email} is already pending. Resend it instead.`,
  closed: 'This invitation is no longer pending.',
  rateLimited: 'Too many invitations from this account. Try again in an hour.',
} as const

const ROLE_NAMES: Record<Role, string> = { owner: 'Owner', manager: 'Manager', viewer: 'Viewer' }

type InvitationRow = typeof invitations.$inferSelect

export function invitationStatus(row: InvitationRow, now: Date): InvitationStatus {
  if (row.acceptedAt) return 'accepted'
  if (row.revokedAt) return 'revoked'
  return row.expiresAt > now ? 'pending' : 'expired'
}

export function serializeInvitation(row: InvitationRow, now: Date): Invitation {
  return {
    id: row.id,
    emailAddress: row.emailAddress,
    role: row.role,
    status: invitationStatus(row, now),
    expiresAt: row.expiresAt.toISOString(),
    createdAt: row.createdAt.toISOString(),
  }
}

// The account's invitations, newest first (the last 200: older ones only matter in the activity log).
export async function listInvitations(db: Db, submerchantId: string, now: Date) {
  const rows = await db
    .select()
    .from(invitations)
    .where(eq(invitations.submerchantId, submerchantId))
    .orderBy(desc(invitations.createdAt), desc(invitations.id))
    .limit(200)
  return rows.map((row) => serializeInvitation(row, now))
}

// Sends counted from the activity log, so a resend counts like a new invitation.
async function assertUnderRateLimit(db: Db, submerchantId: string, now: Date): Promise<void> {
  const [row] = await db
    .select({ n: count() })
    .from(activityEvents)
    .where(
      and(
        eq(activityEvents.submerchantId, submerchantId),
        inArray(activityEvents.action, ['member.invited', 'member.invitation_resent']),
        eq(activityEvents.outcome, 'done'),
        gte(activityEvents.occurredAt, new Date(now.getTime() - HOUR_MS)),
      ),
    )
  if (Number(row?.n ?? 0) >= INVITATIONS_PER_HOUR) {
    throw new HttpError(429, INVITATION_MESSAGES.rateLimited, 'rate_limited', undefined, 3600)
  }
}

export interface InvitationMail {
  // The portal's origin (PUBLIC_URL); the link is {origin}/invitations/{token}.
  origin: string
  now: Date
  invitedBy: string
}

async function mailInvitation(db: Db, row: InvitationRow, token: string, mail: InvitationMail) {
  const [account] = await db
    .select({ name: submerchants.name })
    .from(submerchants)
    .where(eq(submerchants.id, row.submerchantId))
  const [inviter] = await db
    .select({ name: users.displayName })
    .from(users)
    .where(eq(users.id, mail.invitedBy))
  const link = new URL(`/invitations/${token}`, mail.origin).toString()
  const accountName = account?.name ?? 'an account'
  await addOutboxMessage(db, {
    channel: 'email',
    kind: 'team_invitation',
    recipient: row.emailAddress,
    subject: `You are invited to ${accountName} on FleetPay Portal`,
    body: [
      `${inviter?.name ?? 'Someone'} invited you to join ${accountName} as ${ROLE_NAMES[row.role]} on FleetPay Portal.`,
      '',
      `Accept the invitation here (the link works once, for ${INVITATION_TTL_DAYS} days): ${link}`,
      '',
      'If you did not expect this invitation, ignore this email.',
    ].join('\n'),
    metadata: { link, invitationId: row.id, submerchantId: row.submerchantId },
    createdAt: mail.now,
  })
}

// A new invitation: refused for a member, an address already pending, or beyond the hourly limit.
export async function createInvitation(
  db: Db,
  input: { submerchantId: string; emailAddress: string; role: Role },
  mail: InvitationMail,
): Promise<Invitation> {
  const emailAddress = normaliseEmail(input.emailAddress)
  if (await memberByEmail(db, input.submerchantId, emailAddress)) throw alreadyMember(emailAddress)
  const open = await db
    .select()
    .from(invitations)
    .where(
      and(
        eq(invitations.submerchantId, input.submerchantId),
        eq(invitations.emailAddress, emailAddress),
      ),
    )
  if (open.some((row) => invitationStatus(row, mail.now) === 'pending')) {
    throw conflict(INVITATION_MESSAGES.pending(emailAddress), 'invitation_pending')
  }
  await assertUnderRateLimit(db, input.submerchantId, mail.now)
  const token = randomToken(24)
  const [row] = await db
    .insert(invitations)
    .values({
      id: newId('inv'),
      submerchantId: input.submerchantId,
      emailAddress,
      role: input.role,
      tokenHash: sha256(token),
      invitedBy: mail.invitedBy,
      createdAt: mail.now,
      expiresAt: new Date(mail.now.getTime() + INVITATION_TTL_MS),
    })
    .returning()
  if (!row) throw new Error('invitation insert returned no row')
  await mailInvitation(db, row, token, mail)
  return serializeInvitation(row, mail.now)
}

// One invitation of the account (another account's is the same 404).
export async function findInvitation(
  db: Db,
  scope: { submerchantId: string; invitationId: string },
  now: Date,
): Promise<Invitation> {
  const [row] = await db
    .select()
    .from(invitations)
    .where(
      and(
        eq(invitations.id, scope.invitationId),
        eq(invitations.submerchantId, scope.submerchantId),
      ),
    )
  if (!row) throw notFound(INVITATION_MESSAGES.notFound)
  return serializeInvitation(row, now)
}

async function openInvitation(db: Db, submerchantId: string, id: string, now: Date) {
  const [row] = await db
    .select()
    .from(invitations)
    .where(and(eq(invitations.id, id), eq(invitations.submerchantId, submerchantId)))
    .for('update')
  if (!row) throw notFound(INVITATION_MESSAGES.notFound)
  const status = invitationStatus(row, now)
  if (status === 'accepted' || status === 'revoked') {
    throw conflict(INVITATION_MESSAGES.closed, 'invitation_closed')
  }
  return row
}

// A new link and seven more days; only the new link's hash is kept, so the old link is dead.
export async function resendInvitation(
  db: Db,
  scope: { submerchantId: string; invitationId: string },
  mail: InvitationMail,
): Promise<Invitation> {
  await openInvitation(db, scope.submerchantId, scope.invitationId, mail.now)
  await assertUnderRateLimit(db, scope.submerchantId, mail.now)
  const token = randomToken(24)
  const [row] = await db
    .update(invitations)
    .set({
      tokenHash: sha256(token),
      expiresAt: new Date(mail.now.getTime() + INVITATION_TTL_MS),
      invitedBy: mail.invitedBy,
    })
    .where(eq(invitations.id, scope.invitationId))
    .returning()
  if (!row) throw notFound(INVITATION_MESSAGES.notFound)
  await mailInvitation(db, row, token, mail)
  return serializeInvitation(row, mail.now)
}

export async function revokeInvitation(
  db: Db,
  scope: { submerchantId: string; invitationId: string },
  now: Date,
): Promise<Invitation> {
  await openInvitation(db, scope.submerchantId, scope.invitationId, now)
  const [row] = await db
    .update(invitations)
    .set({ revokedAt: now })
    .where(eq(invitations.id, scope.invitationId))
    .returning()
  if (!row) throw notFound(INVITATION_MESSAGES.notFound)
  return serializeInvitation(row, now)
}

async function byToken(db: Db, token: string, lock: boolean) {
  const query = db
    .select({ invitation: invitations, submerchantName: submerchants.name })
    .from(invitations)
    .innerJoin(submerchants, eq(submerchants.id, invitations.submerchantId))
    .where(eq(invitations.tokenHash, sha256(token)))
  const [row] = lock ? await query.for('update', { of: invitations }) : await query
  if (!row) throw notFound(INVITATION_MESSAGES.linkInvalid, 'invitation_link_invalid')
  return row
}

// What the link shows before signing in: the account, the role and where the invitation stands.
export async function previewInvitation(
  db: Db,
  token: string,
  now: Date,
): Promise<InvitationPreview> {
  const { invitation, submerchantName } = await byToken(db, token, false)
  return {
    submerchantName,
    emailAddress: invitation.emailAddress,
    role: invitation.role,
    status: invitationStatus(invitation, now),
    expiresAt: invitation.expiresAt.toISOString(),
  }
}

export interface AcceptedInvitation extends InvitationAcceptance {
  invitationId: string
  // The new member's name, for the activity row (not part of the answer).
  memberName: string
}

// The signed-in invitee joins the account with the invited role; the link is then used up.
export async function acceptInvitation(
  db: Db,
  input: { token: string; userId: string; now: Date },
): Promise<AcceptedInvitation> {
  const { invitation, submerchantName } = await byToken(db, input.token, true)
  const status = invitationStatus(invitation, input.now)
  if (status === 'accepted') throw conflict(INVITATION_MESSAGES.used, 'invitation_used')
  if (status === 'revoked')
    throw new HttpError(410, INVITATION_MESSAGES.revoked, 'invitation_revoked')
  if (status === 'expired')
    throw new HttpError(410, INVITATION_MESSAGES.expired, 'invitation_expired')
  const [user] = await db
    .select({ emailAddress: users.emailAddress, displayName: users.displayName })
    .from(users)
    .where(eq(users.id, input.userId))
  if (!user || normaliseEmail(user.emailAddress) !== invitation.emailAddress) {
    throw forbidden(INVITATION_MESSAGES.otherEmail, 'invitation_other_email')
  }
  if (await memberByEmail(db, invitation.submerchantId, invitation.emailAddress)) {
    throw alreadyMember(invitation.emailAddress)
  }
  await db.insert(submerchantUsers).values({
    id: newId('su'),
    userId: input.userId,
    submerchantId: invitation.submerchantId,
    submerchantRole: invitation.role,
    createdAt: input.now,
  })
  await db
    .update(invitations)
    .set({ acceptedAt: input.now, acceptedBy: input.userId })
    .where(eq(invitations.id, invitation.id))
  return {
    invitationId: invitation.id,
    memberName: user.displayName,
    submerchantId: invitation.submerchantId,
    submerchantName,
    role: invitation.role,
  }
}
