import { redirect, type ParsedLocation } from '@tanstack/react-router'
import { isApiError } from '@/api/errors'
import { accountQueries, ensureAccount } from '@/features/accounts/api'
import { LOAD_MESSAGES, withLoadMessage } from '@/features/accounts/load-error'
import type { RouterContext } from '@/session/router-context'
import { requireLogin } from '@/session/require-login'

/**
 * Loads the signed-in user (cached). docs/states.md#session: an empty user while logged in ends the session; a new
 * user id re-keys the persisted cache. Returns the query client for the routes below.
 */
export async function ensureUser({ session, auth, loadQueryClient, restored }: RouterContext) {
  await restored
  const queryClient = await loadQueryClient()
  try {
    const user = await queryClient.ensureQueryData(accountQueries.currentUser())
    if (!user.id) throw new Error('empty user')
    if (session.userId !== user.id) session.setUserId(user.id)
    return queryClient
  } catch (error) {
    if (!isApiError(error) || error.status === 404) {
      await auth.logout()
      throw redirect({ to: '/login' })
    }
    return withLoadMessage(LOAD_MESSAGES.user, Promise.reject(error))
  }
}

// docs/screens.md#routing-rules: account pages need a chosen submerchant; the role is loaded on entry if missing.
export async function requireAccount(context: RouterContext, location: ParsedLocation) {
  requireLogin(context.session, location)
  const submerchantId = context.session.submerchantId
  if (!submerchantId) {
    throw redirect({ to: '/select-account', search: { redirect: location.href } })
  }
  const queryClient = await ensureUser(context)
  return { queryClient, ...(await ensureAccount(queryClient, submerchantId)) }
}

/**
 * The profile page belongs to the user, not an account: reachable before an account is chosen.
 * With one chosen, its name and the user's role there are loaded as on account pages.
 */
export async function requireUser(context: RouterContext, location: ParsedLocation) {
  requireLogin(context.session, location)
  const queryClient = await ensureUser(context)
  const submerchantId = context.session.submerchantId
  if (!submerchantId) return { queryClient, submerchant: null, submerchantRole: null }
  const { submerchant, submerchantUser } = await ensureAccount(queryClient, submerchantId)
  return { queryClient, submerchant, submerchantRole: submerchantUser.submerchantRole }
}
