import { Hono, type Context } from 'hono'
import { getCookie } from 'hono/cookie'
import { AccessTokenPayload, RefreshTokenPayload, TokenPayload } from '@/api/schema/tokens'
import { clearSessionCookies, setSessionCookies } from '../auth/cookies'
import type { AppEnv } from '../context'
import {
  deviceRequired,
  refreshMissing,
  refreshRefused,
  refreshSession,
  signInWithPassword,
  signOutEverywhere,
} from '../domain/sessions'
import { badRequest } from '../errors'
import { ACCESS_COOKIE, REFRESH_COOKIE } from '../middleware/auth'
import { readJsonBody, validate } from '../middleware/validate'

type Body = Record<string, unknown>

function isBlank(value: unknown): boolean {
  return value === undefined || value === null || (typeof value === 'string' && value.trim() === '')
}

async function passwordGrant(c: Context<AppEnv>, body: Body) {
  if (isBlank(body.deviceIdentifier)) throw deviceRequired()
  const input = validate(RefreshTokenPayload, body)
  const { db, clock } = c.get('deps')
  const { session, mfaDisabled } = await signInWithPassword(db.db, input, clock)
  setSessionCookies(c, session)
  // The password grant answers with the refresh token's (session) expiry.
  const expiresAt = session.refresh.expiresAt.toISOString()
  return c.json(mfaDisabled ? { expiresAt, mfaDisabled } : { expiresAt })
}

async function refreshGrant(c: Context<AppEnv>, body: Body) {
  const refreshToken = getCookie(c, REFRESH_COOKIE)
  if (!refreshToken) throw refreshMissing()
  if (isBlank(body.deviceIdentifier)) throw deviceRequired()
  const input = validate(AccessTokenPayload, body)
  const { db, clock } = c.get('deps')
  const result = await refreshSession(db.db, {
    refreshToken,
    deviceIdentifier: input.deviceIdentifier,
    submerchantId: input.attachments?.[0] ?? null,
    now: clock.now(),
  })
  if (!result.ok) {
    // An expired session's cookies go; a wrong device leaves them for the right one.
    if (result.reason !== 'invalid_device') clearSessionCookies(c)
    throw refreshRefused(result.reason)
  }
  setSessionCookies(c, result.session)
  // The refresh grant answers with the new access token's expiry.
  return c.json({ expiresAt: result.session.access.expiresAt.toISOString() })
}

// POST /v1/tokens (the password and refresh grants) and DELETE /v1/tokens/all (docs/auth.md); rules in domain/sessions.ts.
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

  // Logout works with an expired access token: whichever session cookie still works names the user.
  app.delete('/all', async (c) => {
    const tokens = { access: getCookie(c, ACCESS_COOKIE), refresh: getCookie(c, REFRESH_COOKIE) }
    await signOutEverywhere(c.get('deps').db.db, tokens, c.get('deps').clock)
    clearSessionCookies(c)
    return c.body(null, 204)
  })

  return app
}
