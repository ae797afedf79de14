import type { Context, MiddlewareHandler } from 'hono'
import { getCookie } from 'hono/cookie'
import { resolveApiKey } from '../auth/api-keys'
import { deviceOfAccessToken, resolveAccessToken } from '../auth/tokens'
import { PERSPECTIVE_HEADER, type AppEnv, type AuthContext } from '../context'
import { getUser, type UserRow } from '../domain/users'
import { forbidden, unauthorized } from '../errors'
import { assertApiKeyMayCall } from './api-key-permissions'

export const ACCESS_COOKIE = 'access_token'
export const REFRESH_COOKIE = 'refresh_token'

// Routes reachable without an access token (sign-in, refresh, logout, password reset, registration).
const PUBLIC_ROUTES: { method: string; pattern: RegExp }[] = [
  { method: 'POST', pattern: /^\/v1\/tokens\/?$/ },
  { method: 'DELETE', pattern: /^\/v1\/tokens\/all\/?$/ },
  { method: 'POST', pattern: /^\/v1\/password-reset-tickets\/?$/ },
  { method: 'PUT', pattern: /^\/v1\/password-reset-tickets\/[^/]+\/completion\/?$/ },
  { method: 'POST', pattern: /^\/v1\/registrations\/?$/ },
  // What an invitation link offers, before the invitee signs in or registers.
  { method: 'GET', pattern: /^\/v1\/invitations\/[^/]+\/?$/ },
]

export function isPublicRoute(method: string, path: string): boolean {
  return PUBLIC_ROUTES.some((route) => route.method === method && route.pattern.test(path))
}

export const invalidToken = () => unauthorized('Invalid or expired access token', 'invalid_token')

function bearerToken(header: string | undefined): string | null {
  const match = /^Bearer\s+(\S+)\s*$/i.exec(header ?? '')
  return match?.[1] ?? null
}

/**
 * Resolves the caller into c.var.auth: an API key (Authorization: Bearer, fixed to its
 * submerchant and permissions) or the access-token cookie. A bad or expired one is 401 invalid_token.
 */
export function authenticate(): MiddlewareHandler<AppEnv> {
  return async (c, next) => {
    if (c.req.method === 'OPTIONS' || isPublicRoute(c.req.method, c.req.path)) return next()
    const { db, clock } = c.get('deps')
    const authorization = c.req.header('authorization')
    if (authorization !== undefined) {
      const apiKeyToken = bearerToken(authorization)
      const key = apiKeyToken ? await resolveApiKey(db.db, apiKeyToken, clock.now()) : null
      if (!key) throw unauthorized('Invalid API key', 'invalid_token')
      if (key === 'disabled') throw unauthorized('API key is disabled', 'api_key_disabled')
      if (key === 'orphaned') {
        throw unauthorized(
          'API key is no longer valid: its creator is not a member of the account',
          'api_key_creator_left',
        )
      }
      assertApiKeyMayCall(c.req.method, c.req.path, key.permissions)
      c.set('auth', {
        userId: key.createdBy,
        submerchantId: key.submerchantId,
        role: null,
        via: 'api_key',
        apiKeyId: key.id,
        apiKeyPermissions: key.permissions,
      })
      return next()
    }
    const token = getCookie(c, ACCESS_COOKIE)
    if (!token) throw unauthorized('Authentication required', 'unauthenticated')
    const asked = c.req.header(PERSPECTIVE_HEADER)?.trim() || undefined
    const info = await resolveAccessToken(db.db, token, clock.now(), asked)
    if (!info) throw invalidToken()
    c.set('auth', {
      userId: info.userId,
      // The attachment is the default perspective; the perspective middleware checks it.
      submerchantId: info.submerchantId,
      role: null,
      via: 'session',
      membership: info.membership,
    })
    await next()
  }
}

// For handlers: the caller, or 401 if the route was reached without authentication.
export function requireAuth(c: Context<AppEnv>): AuthContext {
  const auth = c.get('auth')
  if (!auth) throw unauthorized('Authentication required', 'unauthenticated')
  return auth
}

// The signed-in device of this request's session (devices.id); null for an API key or no cookie.
export async function callerDeviceId(c: Context<AppEnv>): Promise<string | null> {
  const token = getCookie(c, ACCESS_COOKIE)
  return token ? deviceOfAccessToken(c.get('deps').db.db, token) : null
}

// Who a created record names as its maker: the API key that called, else the signed-in person.
export function creatorId(auth: AuthContext): string {
  return auth.via === 'api_key' && auth.apiKeyId ? auth.apiKeyId : auth.userId
}

/**
 * `/v1/users/{id}` writes are for the signed-in person only (a session, not an API key); any other
 * id, existing or not, is the same 403 so user ids cannot be probed.
 */
export async function requireSelf(c: Context<AppEnv>, userId: string): Promise<UserRow> {
  const auth = requireAuth(c)
  if (auth.via !== 'session' || auth.userId !== userId) {
    throw forbidden('You can only change your own user', 'not_own_user')
  }
  return getUser(c.get('deps').db.db, userId)
}
