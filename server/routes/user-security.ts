import { and, eq, isNull, ne } from 'drizzle-orm'
import { Hono, type Context } from 'hono'
import { getCookie } from 'hono/cookie'
import QRCode from 'qrcode'
import {
  MfaConfirmationPayload,
  MfaDisablePayload,
  MfaEnrollmentPayload,
  UpdatePasswordPayload,
  type MfaEnrollment,
} from '@/api/schema/users'
import {
  acceptTotp,
  activeMfaSecret,
  consumeRecoveryCode,
  createRecoveryCode,
  disableMfa,
  isRecoveryCodeShaped,
} from '../auth/mfa'
import { hashPassword, verifyPassword } from '../auth/password'
import { assertNewPasswordAllowed } from '../auth/policy'
import { sha256 } from '../auth/random'
import { accountKeyFor, assertNotLocked, clearFailures, recordFailure } from '../auth/rate-limit'
import { generateTotpSecret, totpFor } from '../auth/totp'
import type { AppEnv } from '../context'
import type { Db } from '../db/client'
import { accessTokens, mfaRecoveryCodes, mfaSecrets, refreshTokens } from '../db/schema/auth'
import { users } from '../db/schema/core'
import { badRequest, conflict, HttpError, notFound } from '../errors'
import { ACCESS_COOKIE } from '../middleware/auth'
import { parseJsonBody } from '../middleware/validate'
import { TOKEN_MESSAGES } from './tokens'
import { findUser, requireSelf, serializeUser } from './users'

export const USER_SECURITY_MESSAGES = {
  wrongCurrentPassword: 'Current password is incorrect',
  mfaRequired: TOKEN_MESSAGES.mfaRequired,
  invalidCode: TOKEN_MESSAGES.invalidMfaToken,
  mfaAlreadyEnabled: 'MFA is already enabled',
  noPendingEnrollment: 'No MFA enrolment to confirm; request one first',
  mfaNotEnabled: 'MFA is not enabled',
} as const

// The authenticator app shows this issuer next to the user's email.
const TOTP_ISSUER = 'FleetPay'

const invalidCode = () =>
  badRequest(USER_SECURITY_MESSAGES.invalidCode, undefined, 'invalid_mfa_token')

// A code failing the §5 shape rules answers with the §5 message, not the generic 'Invalid request'.
async function withCodeMessage<T>(codeField: string, parse: () => Promise<T>): Promise<T> {
  try {
    return await parse()
  } catch (error) {
    const errors = error instanceof HttpError ? error.errors : undefined
    if (errors?.some((e) => e.field === codeField || e.field.startsWith(`${codeField}.`))) {
      throw badRequest(USER_SECURITY_MESSAGES.invalidCode, errors, 'invalid_mfa_token')
    }
    throw error
  }
}

// The device the request's access token belongs to; its tokens survive a password change.
async function currentDeviceId(c: Context<AppEnv>): Promise<string | null> {
  const token = getCookie(c, ACCESS_COOKIE)
  if (!token) return null
  const [row] = await c
    .get('deps')
    .db.db.select({ deviceId: accessTokens.deviceId })
    .from(accessTokens)
    .where(eq(accessTokens.tokenHash, sha256(token)))
  return row?.deviceId ?? null
}

// Signs the user out everywhere except the given device (null: everywhere).
async function revokeOtherDevices(db: Db, userId: string, keepDeviceId: string | null, now: Date) {
  const otherRefresh = keepDeviceId ? ne(refreshTokens.deviceId, keepDeviceId) : undefined
  const otherAccess = keepDeviceId ? ne(accessTokens.deviceId, keepDeviceId) : undefined
  await db
    .update(refreshTokens)
    .set({ revokedAt: now })
    .where(and(eq(refreshTokens.userId, userId), isNull(refreshTokens.revokedAt), otherRefresh))
  await db
    .update(accessTokens)
    .set({ revokedAt: now })
    .where(and(eq(accessTokens.userId, userId), isNull(accessTokens.revokedAt), otherAccess))
}

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

// Checks a 6-digit TOTP code (or, where allowed, a 24-character recovery code), counting failures.
async function verifyCode(
  db: Db,
  user: { id: string; emailAddress: string },
  secret: string,
  code: string,
  now: Date,
  opts: { allowRecoveryCode: boolean },
): Promise<void> {
  const accountKey = accountKeyFor(user.emailAddress)
  await assertNotLocked(db, accountKey, now)
  const ok =
    opts.allowRecoveryCode && isRecoveryCodeShaped(code)
      ? await consumeRecoveryCode(db, user.id, code, now)
      : await acceptTotp(db, user.id, secret, code, now)
  if (!ok) {
    await recordFailure(db, accountKey, 'mfa', now)
    throw invalidCode()
  }
  await clearFailures(db, accountKey)
}

export function userSecurityRoutes(): Hono<AppEnv> {
  const app = new Hono<AppEnv>()

  // §7 PUT /v1/users/{id}/password: current password, §5/§8 rules, code when MFA is on.
  app.put('/:id/password', async (c) => {
    const user = await requireSelf(c, c.req.param('id'))
    const input = await parseJsonBody(c, UpdatePasswordPayload)
    const { db: database, clock } = c.get('deps')
    const db = database.db
    const accountKey = accountKeyFor(user.emailAddress)
    await assertNotLocked(db, accountKey, clock.now())
    // A stolen session must not be able to guess the password: failures count towards the lock.
    if (!(await verifyPassword(user.passwordHash, input.currentPassword))) {
      await recordFailure(db, accountKey, 'password', clock.now())
      throw badRequest(
        USER_SECURITY_MESSAGES.wrongCurrentPassword,
        undefined,
        'invalid_current_password',
      )
    }
    assertNewPasswordAllowedAs('newPassword', input.newPassword, user.emailAddress)
    // Checked last, so a refused new password does not spend the user's one-time code.
    const secret = await activeMfaSecret(db, user.id)
    if (secret) {
      const code = input.mfaToken?.trim() ?? ''
      if (code === '') {
        throw badRequest(USER_SECURITY_MESSAGES.mfaRequired, undefined, 'mfa_required')
      }
      await verifyCode(db, user, secret, code, clock.now(), { allowRecoveryCode: false })
    }
    await clearFailures(db, accountKey)

    const now = clock.now()
    const [updated] = await db
      .update(users)
      .set({
        passwordHash: await hashPassword(input.newPassword),
        updatedAt: now,
        credentialsChangedAt: now,
      })
      .where(eq(users.id, user.id))
      .returning()
    if (!updated) throw notFound('User not found')
    // Other devices must sign in again; this one re-authenticates with its refresh token (§4).
    await revokeOtherDevices(db, user.id, await currentDeviceId(c), now)
    return c.json(serializeUser(updated))
  })

  // §7 PUT /v1/users/{id}/mfa-enrollment {type: 'totp'}: a new secret awaiting its first code.
  app.put('/:id/mfa-enrollment', async (c) => {
    const user = await requireSelf(c, c.req.param('id'))
    await parseJsonBody(c, MfaEnrollmentPayload)
    if (user.mfaIsEnabled) {
      throw conflict(USER_SECURITY_MESSAGES.mfaAlreadyEnabled, 'mfa_already_enabled')
    }
    const { db: database, clock } = c.get('deps')
    const db = database.db
    const now = clock.now()
    const secret = generateTotpSecret()
    // Asking again restarts the enrolment; a confirmed secret (MFA on meanwhile) is never replaced.
    const stored = await db
      .insert(mfaSecrets)
      .values({ userId: user.id, secret, createdAt: now, confirmedAt: null, lastUsedStep: null })
      .onConflictDoUpdate({
        target: mfaSecrets.userId,
        set: { secret, createdAt: now, confirmedAt: null, lastUsedStep: null },
        setWhere: isNull(mfaSecrets.confirmedAt),
      })
      .returning({ userId: mfaSecrets.userId })
    if (stored.length === 0) {
      throw conflict(USER_SECURITY_MESSAGES.mfaAlreadyEnabled, 'mfa_already_enabled')
    }
    await db.delete(mfaRecoveryCodes).where(eq(mfaRecoveryCodes.userId, user.id))
    const recoveryCode = await createRecoveryCode(db, user.id, now)
    const uri = totpFor(secret, user.emailAddress, TOTP_ISSUER).toString()
    const body: MfaEnrollment = {
      qrDataUrl: await QRCode.toDataURL(uri, { errorCorrectionLevel: 'M', margin: 2, width: 256 }),
      secret,
      recoveryCode,
    }
    return c.json(body)
  })

  // §7 PUT /v1/users/{id}/mfa-enrollment/confirmation {type, token}: the first code turns MFA on.
  app.put('/:id/mfa-enrollment/confirmation', async (c) => {
    const user = await requireSelf(c, c.req.param('id'))
    const input = await withCodeMessage('token', () => parseJsonBody(c, MfaConfirmationPayload))
    if (user.mfaIsEnabled) {
      throw conflict(USER_SECURITY_MESSAGES.mfaAlreadyEnabled, 'mfa_already_enabled')
    }
    const { db: database, clock } = c.get('deps')
    const db = database.db
    const [pending] = await db
      .select({ secret: mfaSecrets.secret })
      .from(mfaSecrets)
      .where(and(eq(mfaSecrets.userId, user.id), isNull(mfaSecrets.confirmedAt)))
    if (!pending) {
      throw conflict(USER_SECURITY_MESSAGES.noPendingEnrollment, 'mfa_enrollment_missing')
    }
    await verifyCode(db, user, pending.secret, input.token, clock.now(), {
      allowRecoveryCode: false,
    })
    const now = clock.now()
    // Only the secret the code was checked against; a restart in between must enrol again.
    const confirmed = await db
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
    if (confirmed.length === 0) {
      throw conflict(USER_SECURITY_MESSAGES.noPendingEnrollment, 'mfa_enrollment_missing')
    }
    const [updated] = await db
      .update(users)
      .set({ mfaIsEnabled: true, updatedAt: now, credentialsChangedAt: now })
      .where(eq(users.id, user.id))
      .returning()
    if (!updated) throw notFound('User not found')
    return c.json(serializeUser(updated))
  })

  // §7 DELETE /v1/users/{id}/mfa-enrollment {mfaToken}: a 6-digit code or the recovery code.
  app.delete('/:id/mfa-enrollment', async (c) => {
    const user = await requireSelf(c, c.req.param('id'))
    const input = await withCodeMessage('mfaToken', () => parseJsonBody(c, MfaDisablePayload))
    const { db: database, clock } = c.get('deps')
    const db = database.db
    const secret = await activeMfaSecret(db, user.id)
    if (!secret) throw conflict(USER_SECURITY_MESSAGES.mfaNotEnabled, 'mfa_not_enabled')
    await verifyCode(db, user, secret, input.mfaToken, clock.now(), { allowRecoveryCode: true })
    await disableMfa(db, user.id, clock.now())
    const updated = await findUser(db, user.id)
    if (!updated) throw notFound('User not found')
    return c.json(serializeUser(updated))
  })

  return app
}
