import { and, asc, eq, sql } from 'drizzle-orm'
import type { Role } from '@/api/schema/common'
import type { TeamMember } from '@/api/schema/team'
import type { Db } from '../db/client'
import { submerchantUsers, users } from '../db/schema/core'
import { conflict, HttpError, notFound } from '../errors'
import { dropAccountFromSubscriptions } from './push-subscriptions'

export const TEAM_MESSAGES = {
  memberNotFound: 'Member not found',
  lastOwner: 'An account needs at least one owner. Make someone else an owner first.',
} as const

const memberColumns = {
  userId: users.id,
  emailAddress: users.emailAddress,
  displayName: users.displayName,
  role: submerchantUsers.submerchantRole,
  joinedAt: submerchantUsers.createdAt,
  lastActiveAt: submerchantUsers.lastActiveAt,
  mfaEnabled: users.mfaIsEnabled,
}

type MemberRow = {
  userId: string
  emailAddress: string
  displayName: string
  role: Role
  joinedAt: Date
  lastActiveAt: Date | null
  mfaEnabled: boolean
}

export function serializeMember(row: MemberRow): TeamMember {
  return {
    userId: row.userId,
    emailAddress: row.emailAddress,
    displayName: row.displayName,
    role: row.role,
    joinedAt: row.joinedAt.toISOString(),
    lastActiveAt: row.lastActiveAt?.toISOString() ?? null,
    mfaEnabled: row.mfaEnabled,
  }
}

const ROLE_ORDER = sql`case ${submerchantUsers.submerchantRole} when 'owner' then 0 when 'manager' then 1 else 2 end`

// Every member of the account: owners first, then managers and viewers, by name (a team is small).
export async function listMembers(db: Db, submerchantId: string): Promise<TeamMember[]> {
  const rows = await db
    .select(memberColumns)
    .from(submerchantUsers)
    .innerJoin(users, eq(users.id, submerchantUsers.userId))
    .where(eq(submerchantUsers.submerchantId, submerchantId))
    .orderBy(ROLE_ORDER, asc(users.displayName), asc(users.id))
  return rows.map(serializeMember)
}

// One member, locked for the change (another account's member or a stranger is the same 404).
async function lockMember(db: Db, submerchantId: string, userId: string): Promise<MemberRow> {
  const [row] = await db
    .select(memberColumns)
    .from(submerchantUsers)
    .innerJoin(users, eq(users.id, submerchantUsers.userId))
    .where(
      and(eq(submerchantUsers.submerchantId, submerchantId), eq(submerchantUsers.userId, userId)),
    )
    .for('update', { of: submerchantUsers })
  if (!row) throw notFound(TEAM_MESSAGES.memberNotFound)
  return row
}

// docs/roles.md#team: the last owner can be neither demoted nor removed (the owners are locked first).
async function assertNotLastOwner(db: Db, submerchantId: string, member: MemberRow) {
  if (member.role !== 'owner') return
  const owners = await db
    .select({ id: submerchantUsers.id })
    .from(submerchantUsers)
    .where(
      and(
        eq(submerchantUsers.submerchantId, submerchantId),
        eq(submerchantUsers.submerchantRole, 'owner'),
      ),
    )
    .for('update')
  if (owners.length <= 1) throw new HttpError(409, TEAM_MESSAGES.lastOwner, 'last_owner')
}

export interface MemberChange {
  before: TeamMember
  after: TeamMember
}

export async function changeMemberRole(
  db: Db,
  scope: { submerchantId: string; userId: string },
  role: Role,
): Promise<MemberChange> {
  const member = await lockMember(db, scope.submerchantId, scope.userId)
  if (member.role !== role) {
    if (role !== 'owner') await assertNotLastOwner(db, scope.submerchantId, member)
    await db
      .update(submerchantUsers)
      .set({ submerchantRole: role })
      .where(
        and(
          eq(submerchantUsers.submerchantId, scope.submerchantId),
          eq(submerchantUsers.userId, scope.userId),
        ),
      )
  }
  return { before: serializeMember(member), after: serializeMember({ ...member, role }) }
}

/**
 * Removes a member (or the caller leaving). Their access ends with the row: every call checks the
 * membership of the account it names, so their next call for it is refused (docs/roles.md#team).
 */
export async function removeMember(
  db: Db,
  scope: { submerchantId: string; userId: string },
): Promise<TeamMember> {
  const member = await lockMember(db, scope.submerchantId, scope.userId)
  await assertNotLastOwner(db, scope.submerchantId, member)
  await db
    .delete(submerchantUsers)
    .where(
      and(
        eq(submerchantUsers.submerchantId, scope.submerchantId),
        eq(submerchantUsers.userId, scope.userId),
      ),
    )
  // Nor do their devices get its pushes (docs/events.md#push).
  await dropAccountFromSubscriptions(db, scope.userId, scope.submerchantId)
  return serializeMember(member)
}

// Inviting, or accepting for, someone who already belongs to the account.
export const alreadyMember = (emailAddress: string) =>
  conflict(`${emailAddress} is already a member of this account.`, 'already_member')

// The member with this email, if any (invitations refuse inviting a member).
export async function memberByEmail(
  db: Db,
  submerchantId: string,
  emailAddress: string,
): Promise<boolean> {
  const [row] = await db
    .select({ id: submerchantUsers.id })
    .from(submerchantUsers)
    .innerJoin(users, eq(users.id, submerchantUsers.userId))
    .where(
      and(eq(submerchantUsers.submerchantId, submerchantId), eq(users.emailAddress, emailAddress)),
    )
  return row !== undefined
}

const ACTIVE_EVERY_MS = 60_000
// Per database: a process that serves several (the API tests) must not carry one's over to another.
const lastWrittenByDb = new WeakMap<Db, Map<string, number>>()

// The member's last call in the account, written at most once a minute per membership.
export async function touchMember(db: Db, membershipId: string, now: Date): Promise<void> {
  let lastWritten = lastWrittenByDb.get(db)
  if (!lastWritten) lastWrittenByDb.set(db, (lastWritten = new Map()))
  const previous = lastWritten.get(membershipId)
  if (previous !== undefined && Math.abs(now.getTime() - previous) < ACTIVE_EVERY_MS) return
  lastWritten.set(membershipId, now.getTime())
  await db
    .update(submerchantUsers)
    .set({ lastActiveAt: now })
    .where(eq(submerchantUsers.id, membershipId))
}
