import { eq } from 'drizzle-orm'
import { Hono, type Context } from 'hono'
import { getCookie } from 'hono/cookie'
import { AccessTokenPayload, RefreshTokenPayload, TokenPayload } from '@/api/schema/tokens'
import { clearSessionCookies, setSessionCookies } from '../auth/cookies'
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
} from '../auth/tokens'
import type { AppEnv } from '../context'
import { users } from '../db/schema/core'
import { badRequest, forbidden } from '../errors'
import { ACCESS_COOKIE, REFRESH_COOKIE } from '../middleware/auth'
import { readJsonBody, validate } from '../middleware/validate'

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

type Body = Record<string, unknown>

function isBlank(value: unknown): boolean {
  return value === undefined || value === null || (typeof value === 'string' && value.trim() === '')
}

async function passwordGrant(c: Context<AppEnv>, body: Body) {
  if (isBlank(body.deviceIdentifier)) {
    throw badRequest(TOKEN_MESSAGES.deviceRequired, undefined, 'device_identifier_required')
  }
  const input = validate(RefreshTokenPayload, body)
  const { db: database, clock } = c.get('deps')
  const db = database.db
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

  let mfaDisabled = false
  const secret = await activeMfaSecret(db, user.id)
  if (secret) {
    const token = input.mfaToken?.trim() ?? ''
    if (token === '') throw badRequest(TOKEN_MESSAGES.mfaRequired, undefined, 'mfa_required')
    const now = clock.now()
    if (isRecoveryCodeShaped(token)) {
      // A recovery code signs in once and turns MFA off, as the portal warns (docs/states.md#sign-in).
      mfaDisabled = await consumeRecoveryCode(db, user.id, token, now)
      if (mfaDisabled) await disableMfa(db, user.id, now)
    }
    if (!mfaDisabled && !(await acceptTotp(db, user.id, secret, token, now))) {
      await recordFailure(db, accountKey, 'mfa', now)
      throw badRequest(TOKEN_MESSAGES.invalidMfaToken, undefined, 'invalid_mfa_token')
    }
  }

  await clearFailures(db, accountKey)
  const session = await startSession(db, {
    userId: user.id,
    deviceIdentifier: input.deviceIdentifier,
    now: clock.now(),
  })
  setSessionCookies(c, session)
  // The password grant answers with the refresh token's (session) expiry.
  const expiresAt = session.refresh.expiresAt.toISOString()
  return c.json(mfaDisabled ? { expiresAt, mfaDisabled } : { expiresAt })
}

async function refreshGrant(c: Context<AppEnv>, body: Body) {
  const refreshToken = getCookie(c, REFRESH_COOKIE)
  if (!refreshToken) {
    throw badRequest(TOKEN_MESSAGES.refreshMissing, undefined, 'refresh_token_missing')
  }
  if (isBlank(body.deviceIdentifier)) {
    throw badRequest(TOKEN_MESSAGES.deviceRequired, undefined, 'device_identifier_required')
  }
  const input = validate(AccessTokenPayload, body)
  const { db: database, clock } = c.get('deps')
  const db = database.db
  const submerchantId = input.attachments?.[0] ?? null
  const result = await rotateRefreshToken(db, {
    refreshToken,
    deviceIdentifier: input.deviceIdentifier,
    submerchantId,
    now: clock.now(),
    authorise: async (userId) => {
      if (submerchantId && !(await findMembership(db, userId, submerchantId))) {
        throw forbidden('Not permitted for this account', 'invalid_attachment')
      }
    },
  })
  if (!result.ok) {
    if (result.reason === 'invalid_device') {
      throw badRequest(TOKEN_MESSAGES.invalidDevice, undefined, 'invalid_device')
    }
    clearSessionCookies(c)
    throw badRequest(TOKEN_MESSAGES.tokenExpired, undefined, 'token_expired')
  }
  setSessionCookies(c, result.session)
  // The refresh grant answers with the new access token's expiry.
  return c.json({ expiresAt: result.session.access.expiresAt.toISOString() })
}

// The user behind whichever session cookie still works (logout must work with an expired access token).
async function sessionUserId(c: Context<AppEnv>): Promise<string | null> {
  const { db: database, clock } = c.get('deps')
  const now = clock.now()
  const access = getCookie(c, ACCESS_COOKIE)
  if (access) {
    const info = await resolveAccessToken(database.db, access, now)
    if (info) return info.userId
  }
  const refresh = getCookie(c, REFRESH_COOKIE)
  if (refresh) {
    const row = await findRefreshToken(database.db, refresh)
    if (row && !row.revokedAt && row.expiresAt > now) return row.userId
  }
  return null
}

export function tokenRoutes(): Hono<AppEnv> {
  const app = new Hono<AppEnv>()

  app.post('/', async (c) => {
    const body = await readJsonBody(c)
    if (typeof body !== 'object' || body === null || Array.isArray(body)) {
      throw badRequest('Request body must be a JSON object', undefined, 'invalid_request')
    }
    const record = body as Body
    if (record.type === 'refresh' && record.grantType === 'password') {
      return passwordGrant(c, record)
    }
    if (record.type === 'access' && record.grantType === 'refresh_token') {
      return refreshGrant(c, record)
    }
    // Neither grant: report what the union schema expects.
    validate(TokenPayload, record)
    throw badRequest('Unsupported grant', undefined, 'unsupported_grant_type')
  })

  app.delete('/all', async (c) => {
    const userId = await sessionUserId(c)
    if (userId) await revokeAllForUser(c.get('deps').db.db, userId, c.get('deps').clock.now())
    clearSessionCookies(c)
    return c.body(null, 204)
  })

  return app
}
