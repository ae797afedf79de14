// The signed-in person's own credentials: password change and MFA enrolment (docs/auth.md#passwords-and-mfa
// "Profile, password and MFA"). Routes parse input and call these; every rule lives here.
import { and, eq, isNull } from 'drizzle-orm'
import QRCode from 'qrcode'
import type { MfaEnrollment, UpdatePasswordPayload } from '@/api/schema/users'
import {
  acceptTotp,
  activeMfaSecret,
  consumeRecoveryCode,
  createRecoveryCode,
  disableMfa,
  isRecoveryCodeShaped,
  MFA_MESSAGES,
} from '../auth/mfa'
import { hashPassword, verifyPassword } from '../auth/password'
import { assertNewPasswordAllowed } from '../auth/policy'
import { accountKeyFor, assertNotLocked, clearFailures, recordFailure } from '../auth/rate-limit'
import { revokeAllForUser } from '../auth/tokens'
import { generateTotpSecret, totpFor } from '../auth/totp'
import type { Db } from '../db/client'
import { mfaRecoveryCodes, mfaSecrets } from '../db/schema/auth'
import { users } from '../db/schema/core'
import { badRequest, conflict, HttpError, notFound } from '../errors'
import { dropSubscriptionsOfOtherDevices } from './push-subscriptions'
import { getUser, type UserRow } from './users'

// Writes the change's activity row in the change's own transaction; failed attempts stay counted outside it.
type RecordChange = (tx: Db) => Promise<void>

export const USER_SECURITY_MESSAGES = {
  wrongCurrentPassword: 'Current password is incorrect',
  mfaRequired: MFA_MESSAGES.required,
  invalidCode: MFA_MESSAGES.invalidCode,
  mfaAlreadyEnabled: 'MFA is already enabled',
  noPendingEnrollment: 'No MFA enrolment to confirm; request one first',
  mfaNotEnabled: 'MFA is not enabled',
} as const

// The authenticator app shows this issuer next to the user's email.
const TOTP_ISSUER = 'FleetPay'

export const invalidCode = (errors?: { field: string; messages: string[] }[]) =>
  badRequest(USER_SECURITY_MESSAGES.invalidCode, errors, 'invalid_mfa_token')

const mfaAlreadyEnabled = () =>
  conflict(USER_SECURITY_MESSAGES.mfaAlreadyEnabled, 'mfa_already_enabled')
const noPendingEnrollment = () =>
  conflict(USER_SECURITY_MESSAGES.noPendingEnrollment, 'mfa_enrollment_missing')

// assertNewPasswordAllowed names the field 'password'; this endpoint's field is newPassword.
function assertNewPasswordAllowedAs(field: string, password: string, emailAddress: string) {
  try {
    assertNewPasswordAllowed(password, emailAddress)
  } catch (error) {
    if (error instanceof HttpError && error.errors) {
      throw new HttpError(
        error.status,
        error.message,
        error.code,
        error.errors.map((e) => (e.field === 'password' ? { ...e, field } : e)),
      )
    }
    throw error
  }
}

// Checks a 6-digit TOTP code against real time (`wallNow`, the phone's), or where allowed a
// 24-character recovery code; failures count on the sandbox clock (`now`).
async function verifyCode(
  db: Db,
  user: UserRow,
  secret: string,
  code: string,
  now: Date,
  opts: { allowRecoveryCode: boolean; wallNow: Date },
): Promise<void> {
  const accountKey = accountKeyFor(user.emailAddress)
  await assertNotLocked(db, accountKey, now)
  const ok =
    opts.allowRecoveryCode && isRecoveryCodeShaped(code)
      ? await consumeRecoveryCode(db, user.id, code, now)
      : await acceptTotp(db, user.id, secret, code, opts.wallNow)
  if (!ok) {
    await recordFailure(db, accountKey, 'mfa', now)
    throw invalidCode()
  }
  await clearFailures(db, accountKey)
}

/**
 * Order of checks: lockout, current password (a failure counts towards the lock, so a stolen
 * session cannot guess it), new-password rules, then the MFA code last so a refused new password
 * does not spend the one-time code. Every other device is signed out; `keepDeviceId` stays.
 */
export async function changePassword(
  db: Db,
  user: UserRow,
  input: UpdatePasswordPayload,
  opts: { now: Date; wallNow: Date; keepDeviceId: string | null; record?: RecordChange },
): Promise<UserRow> {
  const { now, wallNow } = opts
  const accountKey = accountKeyFor(user.emailAddress)
  await assertNotLocked(db, accountKey, now)
  if (!(await verifyPassword(user.passwordHash, input.currentPassword))) {
    await recordFailure(db, accountKey, 'password', now)
    throw badRequest(
      USER_SECURITY_MESSAGES.wrongCurrentPassword,
      undefined,
      'invalid_current_password',
    )
  }
  assertNewPasswordAllowedAs('newPassword', input.newPassword, user.emailAddress)
  const secret = await activeMfaSecret(db, user.id)
  if (secret) {
    const code = input.mfaToken?.trim() ?? ''
    if (code === '') {
      throw badRequest(USER_SECURITY_MESSAGES.mfaRequired, undefined, 'mfa_required')
    }
    await verifyCode(db, user, secret, code, now, { allowRecoveryCode: false, wallNow })
  }
  await clearFailures(db, accountKey)

  const passwordHash = await hashPassword(input.newPassword)
  return db.transaction(async (tx) => {
    const [updated] = await tx
      .update(users)
      .set({ passwordHash, updatedAt: now, credentialsChangedAt: now })
      .where(eq(users.id, user.id))
      .returning()
    if (!updated) throw notFound('User not found')
    // Other devices must sign in again; this one re-authenticates with its refresh token (docs/states.md#password).
    await revokeAllForUser(tx, user.id, now, { exceptDeviceId: opts.keepDeviceId })
    await dropSubscriptionsOfOtherDevices(tx, user.id, opts.keepDeviceId)
    await opts.record?.(tx)
    return updated
  })
}

// A new secret awaiting its first code; asking again restarts (a confirmed secret is never replaced).
export async function startMfaEnrollment(db: Db, user: UserRow, now: Date): Promise<MfaEnrollment> {
  if (user.mfaIsEnabled) throw mfaAlreadyEnabled()
  const secret = generateTotpSecret()
  const stored = await db
    .insert(mfaSecrets)
    .values({ userId: user.id, secret, createdAt: now, confirmedAt: null, lastUsedStep: null })
    .onConflictDoUpdate({
      target: mfaSecrets.userId,
      set: { secret, createdAt: now, confirmedAt: null, lastUsedStep: null },
      setWhere: isNull(mfaSecrets.confirmedAt),
    })
    .returning({ userId: mfaSecrets.userId })
  if (stored.length === 0) throw mfaAlreadyEnabled()
  await db.delete(mfaRecoveryCodes).where(eq(mfaRecoveryCodes.userId, user.id))
  const recoveryCode = await createRecoveryCode(db, user.id, now)
  const uri = totpFor(secret, user.emailAddress, TOTP_ISSUER).toString()
  return {
    qrDataUrl: await QRCode.toDataURL(uri, { errorCorrectionLevel: 'M', margin: 2, width: 256 }),
    secret,
    recoveryCode,
  }
}

// The first code turns MFA on, for the very secret it was checked against.
export async function confirmMfaEnrollment(
  db: Db,
  user: UserRow,
  token: string,
  now: Date,
  wallNow: Date,
  record?: RecordChange,
): Promise<UserRow> {
  if (user.mfaIsEnabled) throw mfaAlreadyEnabled()
  const [pending] = await db
    .select({ secret: mfaSecrets.secret })
    .from(mfaSecrets)
    .where(and(eq(mfaSecrets.userId, user.id), isNull(mfaSecrets.confirmedAt)))
  if (!pending) throw noPendingEnrollment()
  await verifyCode(db, user, pending.secret, token, now, { allowRecoveryCode: false, wallNow })
  // Only the secret the code was checked against; a restart in between must enrol again.
  return db.transaction(async (tx) => {
    const confirmed = await tx
      .update(mfaSecrets)
      .set({ confirmedAt: now })
      .where(
        and(
          eq(mfaSecrets.userId, user.id),
          eq(mfaSecrets.secret, pending.secret),
          isNull(mfaSecrets.confirmedAt),
        ),
      )
      .returning({ userId: mfaSecrets.userId })
    if (confirmed.length === 0) throw noPendingEnrollment()
    const [updated] = await tx
      .update(users)
      .set({ mfaIsEnabled: true, updatedAt: now, credentialsChangedAt: now })
      .where(eq(users.id, user.id))
      .returning()
    if (!updated) throw notFound('User not found')
    await record?.(tx)
    return updated
  })
}

// MFA off with a 6-digit code or the 24-character recovery code.
export async function disableMfaWithCode(
  db: Db,
  user: UserRow,
  code: string,
  now: Date,
  wallNow: Date,
  record?: RecordChange,
): Promise<UserRow> {
  const secret = await activeMfaSecret(db, user.id)
  if (!secret) throw conflict(USER_SECURITY_MESSAGES.mfaNotEnabled, 'mfa_not_enabled')
  await verifyCode(db, user, secret, code, now, { allowRecoveryCode: true, wallNow })
  return db.transaction(async (tx) => {
    await disableMfa(tx, user.id, now)
    await record?.(tx)
    return getUser(tx, user.id)
  })
}
