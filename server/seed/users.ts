// The demo people (fixtures.ts): users with one scrypt hash per distinct password, their account
// memberships and, for the MFA demo user, a confirmed TOTP secret.
import { hashPassword } from '../auth/password'
import type { Database } from '../db/client'
import { mfaSecrets } from '../db/schema/auth'
import { submerchantUsers, users } from '../db/schema/core'
import { DEMO_MFA_SECRET, USERS } from './fixtures'

export interface DemoUser {
  email: string
  password: string
  name: string
  demonstrates: string
}

export const DEMO_USERS: readonly DemoUser[] = USERS.map((u) => ({
  email: u.emailAddress,
  password: u.password,
  name: `${u.firstName} ${u.lastName}`,
  demonstrates: u.demonstrates,
}))

export async function seedUsers(database: Database, now: Date): Promise<void> {
  // One scrypt hash per distinct password keeps start-up fast.
  const hashes = new Map<string, string>()
  for (const password of new Set(USERS.map((u) => u.password))) {
    hashes.set(password, await hashPassword(password))
  }
  const joined = new Date(now.getTime() - 380 * 86_400_000)
  await database.db.insert(users).values(
    USERS.map((u, index) => ({
      id: u.id,
      displayName: `${u.firstName} ${u.lastName}`,
      firstName: u.firstName,
      lastName: u.lastName,
      emailAddress: u.emailAddress.toLowerCase(),
      avatarUrl: null,
      passwordHash: hashes.get(u.password) ?? '',
      mfaIsEnabled: u.mfa,
      createdAt: joined,
      updatedAt: new Date(joined.getTime() + index * 86_400_000),
      // Half the demo users never changed their password, so 'Never' shows.
      credentialsChangedAt: index % 2 === 0 ? new Date(now.getTime() - 40 * 86_400_000) : null,
    })),
  )
  const memberships = USERS.flatMap((u) =>
    u.memberships.map(([submerchantId, role]) => ({
      id: `su_${u.id.slice(9)}_${submerchantId.slice(9)}`,
      userId: u.id,
      submerchantId,
      submerchantRole: role,
      createdAt: joined,
    })),
  )
  await database.db.insert(submerchantUsers).values(memberships)
  const mfaUsers = USERS.filter((u) => u.mfa)
  if (mfaUsers.length > 0) {
    await database.db.insert(mfaSecrets).values(
      mfaUsers.map((u) => ({
        userId: u.id,
        secret: DEMO_MFA_SECRET,
        createdAt: joined,
        confirmedAt: joined,
        lastUsedStep: null,
      })),
    )
  }
}
