import { eq } from 'drizzle-orm'
import type { User } from '@/api/schema/users'
import type { Db } from '../db/client'
import { users } from '../db/schema/core'
import { notFound } from '../errors'

export type UserRow = typeof users.$inferSelect

// The wire shape of the User (docs/entities.md#people-and-accounts); never the password hash.
export function serializeUser(row: UserRow): User {
  return {
    id: row.id,
    displayName: row.displayName,
    firstName: row.firstName,
    lastName: row.lastName,
    emailAddress: row.emailAddress,
    avatarUrl: row.avatarUrl,
    mfaIsEnabled: row.mfaIsEnabled,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
    credentialsChangedAt: row.credentialsChangedAt?.toISOString() ?? null,
  }
}

export async function findUser(db: Db, userId: string): Promise<UserRow | null> {
  const [row] = await db.select().from(users).where(eq(users.id, userId))
  return row ?? null
}

export async function getUser(db: Db, userId: string): Promise<UserRow> {
  const user = await findUser(db, userId)
  if (!user) throw notFound('User not found')
  return user
}

// The name the shell shows: first and last name, or the email when both are empty.
export function displayNameFor(
  firstName: string | null,
  lastName: string | null,
  emailAddress: string,
): string {
  return [firstName, lastName].filter(Boolean).join(' ') || emailAddress
}

// Saves new names (and the display name that follows them); a no-op change leaves the user untouched.
export async function updateNames(
  db: Db,
  user: UserRow,
  names: { firstName?: string; lastName?: string },
  now: Date,
): Promise<UserRow> {
  const firstName = names.firstName ?? user.firstName
  const lastName = names.lastName ?? user.lastName
  if (firstName === user.firstName && lastName === user.lastName) return user
  const [updated] = await db
    .update(users)
    .set({
      firstName,
      lastName,
      displayName: displayNameFor(firstName, lastName, user.emailAddress),
      updatedAt: now,
    })
    .where(eq(users.id, user.id))
    .returning()
  if (!updated) throw notFound('User not found')
  return updated
}
