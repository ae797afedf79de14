import type { Context, MiddlewareHandler } from 'hono'
import { findMembership } from '../auth/memberships'
import { touchMember } from '../domain/team-members'
import { PERSPECTIVE_HEADER, type AppEnv } from '../context'
import { forbidden } from '../errors'
import { requireAuth } from './auth'

/**
 * Token-Perspective names the submerchant the call acts for; it must be one of the user's
 * accounts (403 otherwise). Without the header the access token's attachment is used.
 */
export function perspective(): MiddlewareHandler<AppEnv> {
  return async (c, next) => {
    const auth = c.get('auth')
    if (!auth) return next()
    const header = c.req.header(PERSPECTIVE_HEADER)?.trim()
    if (auth.via === 'api_key') {
      // An API key belongs to one submerchant; naming another is refused.
      if (header && header !== auth.submerchantId) {
        throw forbidden('Not permitted for this account', 'invalid_perspective')
      }
      return next()
    }
    const submerchantId = header || auth.submerchantId
    if (!submerchantId) {
      c.set('auth', { ...auth, submerchantId: null, role: null })
      return next()
    }
    // Read with the access token when it asked for this account; otherwise asked now.
    const membership =
      auth.membership?.submerchantId === submerchantId
        ? auth.membership.membership
        : await findMembership(c.get('deps').db.db, auth.userId, submerchantId)
    if (!membership) {
      if (header) throw forbidden('Not permitted for this account', 'invalid_perspective')
      // The attached account was left since the token was issued: carry on with no perspective.
      c.set('auth', { ...auth, submerchantId: null, role: null })
      return next()
    }
    c.set('auth', { ...auth, submerchantId, role: membership.role })
    await next()
    // A refused or malformed call changes nothing, not even when the member was last active.
    if (c.res.status < 400) {
      await touchMember(c.get('deps').db.db, membership.id, c.get('deps').clock.now())
    }
  }
}

// The account a route acts for (Token-Perspective, or an API key's own account): 401 / 403 without one.
export function requirePerspective(c: Context<AppEnv>): string {
  const auth = requireAuth(c)
  if (!auth.submerchantId) {
    throw forbidden(
      'A Token-Perspective header naming one of your accounts is required',
      'perspective_required',
    )
  }
  return auth.submerchantId
}

/**
 * For calls that cannot send headers (an EventSource): `?submerchantId=` names the account when no
 * Token-Perspective header does; it must be one of the person's accounts (403 otherwise), and a
 * header naming another account is refused.
 */
export async function perspectiveFromQuery(c: Context<AppEnv>): Promise<string> {
  const asked = c.req.query('submerchantId')
  const auth = requireAuth(c)
  if (asked === undefined || asked === auth.submerchantId) return requirePerspective(c)
  if (auth.via === 'api_key' || c.req.header(PERSPECTIVE_HEADER)?.trim()) {
    throw forbidden('Not permitted for this account', 'invalid_perspective')
  }
  const membership = await findMembership(c.get('deps').db.db, auth.userId, asked)
  if (!membership) throw forbidden('Not permitted for this account', 'invalid_perspective')
  c.set('auth', { ...auth, submerchantId: asked, role: membership.role })
  return asked
}
