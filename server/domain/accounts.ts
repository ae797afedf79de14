import { eq } from 'drizzle-orm'
import type { Db } from '../db/client'
import { users } from '../db/schema/core'
import { hashPassword } from '../auth/password'
import { assertNewPasswordAllowed } from '../auth/policy'
import { clearFailuresAndLockout } from '../auth/rate-limit'
import { revokeAllForUser } from '../auth/tokens'
import { dropSubscriptionsOfOtherDevices } from './push-subscriptions'

export function normaliseEmail(emailAddress: string): string {
  return emailAddress.trim().toLowerCase()
}

/**
 * Sets a user's new password after the checks (docs/validation.md#new-password); every session ends (a reset means the old
 * password may be known to someone else) and any lockout is lifted.
 */
export async function replacePassword(
  db: Db,
  user: { id: string; emailAddress: string },
  newPassword: string,
  now: Date,
): Promise<void> {
  assertNewPasswordAllowed(newPassword, user.emailAddress)
  const passwordHash = await hashPassword(newPassword)
  await db
    .update(users)
    .set({ passwordHash, updatedAt: now, credentialsChangedAt: now })
    .where(eq(users.id, user.id))
  await revokeAllForUser(db, user.id, now)
  // No session survives a new password set without one, and no device keeps its pushes.
  await dropSubscriptionsOfOtherDevices(db, user.id, null)
  // Both counters (password and code checks) share the account key.
  await clearFailuresAndLockout(db, normaliseEmail(user.emailAddress))
}
