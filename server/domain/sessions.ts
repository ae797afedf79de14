// Sessions (docs/auth.md): the password grant with its lockout and MFA checks, the refresh grant and
// signing out every device. The token route parses the body and sets or clears the cookies; every
// rule lives here.
import { eq } from 'drizzle-orm'
import type { RefreshTokenPayload } from '@/api/schema/tokens'
import { isCompromisedPassword } from '../auth/compromised'
import { findMembership } from '../auth/memberships'
import {
  acceptTotp,
  activeMfaSecret,
  consumeRecoveryCode,
  disableMfa,
  isRecoveryCodeShaped,
  MFA_MESSAGES,
} from '../auth/mfa'
import { dummyPasswordHash, verifyPassword } from '../auth/password'
import { MESSAGES } from '../auth/policy'
import { accountKeyFor, assertNotLocked, clearFailures, recordFailure } from '../auth/rate-limit'
import {
  findRefreshToken,
  resolveAccessToken,
  revokeAllForUser,
  rotateRefreshToken,
  startSession,
  type IssuedSession,
  type RefreshFailure,
  type RefreshResult,
} from '../auth/tokens'
import type { Clock } from '../clock'
import type { Db } from '../db/client'
import { users } from '../db/schema/core'
import { badRequest, forbidden, type HttpError } from '../errors'
import { dropSubscriptionsOfOtherDevices } from './push-subscriptions'

// Exact texts (docs/auth.md#messages-the-portal-branches-on); the portal branches on them.
export const TOKEN_MESSAGES = {
  mfaRequired: MFA_MESSAGES.required,
  invalidMfaToken: MFA_MESSAGES.invalidCode,
  invalidCredentials: 'Invalid email address or password',
  compromised: MESSAGES.compromised,
  tokenExpired: 'Token expired',
  deviceRequired: 'Device identifier required',
  invalidDevice: 'Invalid device',
  refreshMissing: 'Refresh token missing',
} as const

export const deviceRequired = () =>
  badRequest(TOKEN_MESSAGES.deviceRequired, undefined, 'device_identifier_required')

export const refreshMissing = () =>
  badRequest(TOKEN_MESSAGES.refreshMissing, undefined, 'refresh_token_missing')

// The answer to a refused refresh grant.
export function refreshRefused(reason: RefreshFailure): HttpError {
  return reason === 'invalid_device'
    ? badRequest(TOKEN_MESSAGES.invalidDevice, undefined, 'invalid_device')
    : badRequest(TOKEN_MESSAGES.tokenExpired, undefined, 'token_expired')
}

export interface PasswordSignIn {
  session: IssuedSession
  // A recovery code was used: it signed in once and turned MFA off.
  mfaDisabled: boolean
}

// Turns MFA off when the code is the recovery code; true when it did.
async function useRecoveryCode(db: Db, userId: string, token: string, now: Date) {
  if (!isRecoveryCodeShaped(token)) return false
  // A recovery code signs in once and turns MFA off, as the portal warns (docs/states.md#sign-in).
  const used = await consumeRecoveryCode(db, userId, token, now)
  if (used) await disableMfa(db, userId, now)
  return used
}

// The second factor of a user with MFA on; true when the recovery code turned MFA off.
async function checkMfa(
  db: Db,
  user: { id: string; accountKey: string },
  mfaToken: string | undefined,
  clock: Pick<Clock, 'now' | 'wallNow'>,
): Promise<boolean> {
  const secret = await activeMfaSecret(db, user.id)
  if (!secret) return false
  const token = mfaToken?.trim() ?? ''
  if (token === '') throw badRequest(TOKEN_MESSAGES.mfaRequired, undefined, 'mfa_required')
  const now = clock.now()
  const mfaDisabled = await useRecoveryCode(db, user.id, token, now)
  if (!mfaDisabled && !(await acceptTotp(db, user.id, secret, token, clock.wallNow()))) {
    await recordFailure(db, user.accountKey, 'mfa', now)
    throw badRequest(TOKEN_MESSAGES.invalidMfaToken, undefined, 'invalid_mfa_token')
  }
  return mfaDisabled
}

// The password grant: lockout, password, the compromised-password refusal, MFA, then a new session.
export async function signInWithPassword(
  db: Db,
  input: RefreshTokenPayload,
  clock: Pick<Clock, 'now' | 'wallNow'>,
): Promise<PasswordSignIn> {
  const accountKey = accountKeyFor(input.emailAddress)
  await assertNotLocked(db, accountKey, clock.now())

  const [user] = await db
    .select({ id: users.id, passwordHash: users.passwordHash })
    .from(users)
    .where(eq(users.emailAddress, accountKey))
  // Unknown emails still pay for one scrypt so timing does not reveal which addresses exist.
  const passwordOk = await verifyPassword(
    user?.passwordHash ?? (await dummyPasswordHash()),
    input.password,
  )
  if (!user || !passwordOk) {
    await recordFailure(db, accountKey, 'password', clock.now())
    throw badRequest(TOKEN_MESSAGES.invalidCredentials, undefined, 'invalid_credentials')
  }
  if (isCompromisedPassword(input.password)) {
    await clearFailures(db, accountKey)
    throw badRequest(TOKEN_MESSAGES.compromised, undefined, 'password_compromised')
  }

  const mfaDisabled = await checkMfa(db, { id: user.id, accountKey }, input.mfaToken, clock)
  await clearFailures(db, accountKey)
  const session = await startSession(db, {
    userId: user.id,
    deviceIdentifier: input.deviceIdentifier,
    now: clock.now(),
  })
  return { session, mfaDisabled }
}

// The refresh grant: a rotated refresh token and an access token for the attached account, which
// must be one of the user's.
export function refreshSession(
  db: Db,
  opts: { refreshToken: string; deviceIdentifier: string; submerchantId: string | null; now: Date },
): Promise<RefreshResult> {
  const { submerchantId } = opts
  return rotateRefreshToken(db, {
    ...opts,
    authorise: async (userId) => {
      if (submerchantId && !(await findMembership(db, userId, submerchantId))) {
        throw forbidden('Not permitted for this account', 'invalid_attachment')
      }
    },
  })
}

// The user behind whichever session cookie still works (logout must work with an expired access token).
async function sessionUserId(
  db: Db,
  tokens: { access?: string; refresh?: string },
  now: Date,
): Promise<string | null> {
  if (tokens.access) {
    const info = await resolveAccessToken(db, tokens.access, now)
    if (info) return info.userId
  }
  if (tokens.refresh) {
    const row = await findRefreshToken(db, tokens.refresh)
    if (row && !row.revokedAt && row.expiresAt > now) return row.userId
  }
  return null
}

// Signs the session's user out on every device; no working token is a no-op. Their devices' push
// subscriptions go too: a signed-out browser, perhaps shared, must not keep showing their money.
export async function signOutEverywhere(
  db: Db,
  tokens: { access?: string; refresh?: string },
  clock: Pick<Clock, 'now'>,
): Promise<void> {
  const userId = await sessionUserId(db, tokens, clock.now())
  if (!userId) return
  await db.transaction(async (tx) => {
    await revokeAllForUser(tx, userId, clock.now())
    await dropSubscriptionsOfOtherDevices(tx, userId, null)
  })
}
