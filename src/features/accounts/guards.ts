import { redirect, type ParsedLocation } from '@tanstack/react-router'
import { isApiError } from '@/api/errors'
import { accountQueries, ensureAccount } from '@/features/accounts/api'
import { LOAD_MESSAGES, withLoadMessage } from '@/features/accounts/load-error'
import type { RouterContext } from '@/session/router-context'
import { requireLogin } from '@/session/require-login'

/**
 * Loads the signed-in user (cached). §4: an empty user while logged in ends the session; a new
 * user id re-keys the persisted cache.
 */
export async function ensureUser({ session, auth, queryClient, restored }: RouterContext) {
  await restored
  try {
    const user = await queryClient.ensureQueryData(accountQueries.currentUser())
    if (!user.id) throw new Error('empty user')
    if (session.userId !== user.id) session.setUserId(user.id)
    return user
  } catch (error) {
    if (!isApiError(error) || error.status === 404) {
      await auth.logout()
      throw redirect({ to: '/login' })
    }
    return withLoadMessage(LOAD_MESSAGES.user, Promise.reject(error))
  }
}

// §2: account pages need a chosen submerchant; the role is loaded on entry if missing.
export async function requireAccount(context: RouterContext, location: ParsedLocation) {
  requireLogin(context.session, location)
  const submerchantId = context.session.submerchantId
  if (!submerchantId) {
    throw redirect({ to: '/select-account', search: { redirect: location.href } })
  }
  await ensureUser(context)
  return ensureAccount(context.queryClient, submerchantId)
}

/**
 * The profile page belongs to the user, not an account: reachable before an account is chosen.
 * With one chosen, its name and the user's role there are loaded as on account pages.
 */
export async function requireUser(context: RouterContext, location: ParsedLocation) {
  requireLogin(context.session, location)
  await ensureUser(context)
  const submerchantId = context.session.submerchantId
  if (!submerchantId) return { submerchant: null, submerchantRole: null }
  const { submerchant, submerchantUser } = await ensureAccount(context.queryClient, submerchantId)
  return { submerchant, submerchantRole: submerchantUser.submerchantRole }
}
