import type { Context } from 'hono'
import { deleteCookie, setCookie } from 'hono/cookie'
import type { AppEnv } from '../context'
import { ACCESS_COOKIE, REFRESH_COOKIE } from '../middleware/auth'
import type { IssuedSession, IssuedToken } from './tokens'

function cookieOptions(c: Context<AppEnv>) {
  return {
    httpOnly: true,
    sameSite: 'Strict' as const,
    path: '/',
    secure: !c.get('deps').config.insecureCookies,
  }
}

function setTokenCookie(c: Context<AppEnv>, name: string, issued: IssuedToken): void {
  const maxAge = Math.max(
    0,
    Math.floor((issued.expiresAt.getTime() - c.get('deps').clock.now().getTime()) / 1000),
  )
  setCookie(c, name, issued.token, { ...cookieOptions(c), maxAge })
}

export function setSessionCookies(c: Context<AppEnv>, session: IssuedSession): void {
  setTokenCookie(c, REFRESH_COOKIE, session.refresh)
  setTokenCookie(c, ACCESS_COOKIE, session.access)
}

export function clearSessionCookies(c: Context<AppEnv>): void {
  deleteCookie(c, ACCESS_COOKIE, cookieOptions(c))
  deleteCookie(c, REFRESH_COOKIE, cookieOptions(c))
}
