import { randomInt } from 'node:crypto'
import { and, eq, isNull, lt, or } from 'drizzle-orm'
import type { Db } from '../db/client'
import { mfaRecoveryCodes, mfaSecrets } from '../db/schema/auth'
import { users } from '../db/schema/core'
import { newId, sha256 } from './random'
import { matchTotpStep } from './totp'

// The texts of every code check (docs/validation.md#mfa-codes): sign-in, password change, MFA enrolment and disabling.
export const MFA_MESSAGES = {
  required: 'MFA token required',
  invalidCode: 'Invalid code provided. Please double check your authenticator app.',
} as const

export const RECOVERY_CODE_LENGTH = 24
// Crockford-style alphabet: no 0/O or 1/I/L to misread when typed from paper.
const RECOVERY_ALPHABET = 'ABCDEFGHJKMNPQRSTVWXYZ23456789'

export function generateRecoveryCode(): string {
  let code = ''
  for (let i = 0; i < RECOVERY_CODE_LENGTH; i += 1) {
    code += RECOVERY_ALPHABET[randomInt(RECOVERY_ALPHABET.length)]
  }
  return code
}

function normaliseRecoveryCode(code: string): string {
  return code.trim().toUpperCase()
}

export function isRecoveryCodeShaped(token: string): boolean {
  return normaliseRecoveryCode(token).length === RECOVERY_CODE_LENGTH
}

// Stores one recovery code (hashed) for the user and returns the plain code to show once.
export async function createRecoveryCode(db: Db, userId: string, now: Date): Promise<string> {
  const code = generateRecoveryCode()
  await db.insert(mfaRecoveryCodes).values({
    id: newId('mrc'),
    userId,
    codeHash: sha256(normaliseRecoveryCode(code)),
    createdAt: now,
  })
  return code
}

// The confirmed TOTP secret of a user with MFA on, or null.
export async function activeMfaSecret(db: Db, userId: string): Promise<string | null> {
  const [row] = await db
    .select({ secret: mfaSecrets.secret, enabled: users.mfaIsEnabled })
    .from(users)
    .innerJoin(mfaSecrets, eq(mfaSecrets.userId, users.id))
    .where(eq(users.id, userId))
  return row?.enabled ? row.secret : null
}

/**
 * Accepts a TOTP code once: the matched step must be newer than the last accepted one, and the
 * conditional update makes two concurrent uses of the same code yield one success. `wallNow` is
 * real time (Clock.wallNow), never the sandbox clock: the code was made on a phone.
 */
export async function acceptTotp(
  db: Db,
  userId: string,
  secret: string,
  token: string,
  wallNow: Date,
): Promise<boolean> {
  const step = matchTotpStep(secret, token.trim(), wallNow)
  if (step === null) return false
  const updated = await db
    .update(mfaSecrets)
    .set({ lastUsedStep: step })
    .where(
      and(
        eq(mfaSecrets.userId, userId),
        or(isNull(mfaSecrets.lastUsedStep), lt(mfaSecrets.lastUsedStep, step)),
      ),
    )
    .returning({ userId: mfaSecrets.userId })
  return updated.length > 0
}

// Marks a recovery code used; true only for an unused code of this user.
export async function consumeRecoveryCode(
  db: Db,
  userId: string,
  code: string,
  now: Date,
): Promise<boolean> {
  const used = await db
    .update(mfaRecoveryCodes)
    .set({ usedAt: now })
    .where(
      and(
        eq(mfaRecoveryCodes.userId, userId),
        eq(mfaRecoveryCodes.codeHash, sha256(normaliseRecoveryCode(code))),
        isNull(mfaRecoveryCodes.usedAt),
      ),
    )
    .returning({ id: mfaRecoveryCodes.id })
  return used.length > 0
}

export async function disableMfa(db: Db, userId: string, now: Date): Promise<void> {
  await db.delete(mfaSecrets).where(eq(mfaSecrets.userId, userId))
  await db.delete(mfaRecoveryCodes).where(eq(mfaRecoveryCodes.userId, userId))
  await db
    .update(users)
    .set({ mfaIsEnabled: false, updatedAt: now, credentialsChangedAt: now })
    .where(eq(users.id, userId))
}
