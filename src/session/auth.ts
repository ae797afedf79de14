import type { QueryClient } from '@tanstack/react-query'
import type { Persister } from '@tanstack/react-query-persist-client'
import { setPerspective } from '@/api/perspective'
import { apiEnv } from '@/config/api'
import { afterFirstPaint } from '@/lib/after-first-paint'
import { onDemand } from '@/lib/on-demand'
import type { AuthRequests } from '@/session/auth-requests'
import { removeDeviceIdentifier } from '@/session/device'
import type { Session } from '@/session/session'
import type { PasswordGrant, SignInResult } from '@/session/tokens'

// setTimeout cannot wait longer than 2^31 − 1 ms (24.8 days); longer waits are chained.
const MAX_TIMER_MS = 2 ** 31 - 1

export const PENDING_LOGOUT_KEY = `portal:${apiEnv}:pending-logout`

export interface AuthDeps {
  session: Session
  // The query client if its code has loaded yet (main.tsx); before that it holds nothing.
  loadedQueryClient: () => QueryClient | undefined
  // Only to remove the saved cache at logout.
  persister: Pick<Persister, 'removeClient'>
  // Set once the router exists: where forced logouts and expiry send the user.
  goToLogin?: () => void
}

export type Auth = ReturnType<typeof createAuth>

/** Sign-in, token refresh, expiry timer and logout (docs/states.md#session), shared by every screen. */
export function createAuth(deps: AuthDeps) {
  const { session, loadedQueryClient, persister } = deps
  // Its IndexedDB record (and idb-keyval) loads at its first use, not with /login's first paint.
  const refreshRecordCode = () => import('@/session/refresh-record')
  let goToLogin = deps.goToLogin ?? (() => window.location.assign('/login'))
  let expiryTimer: ReturnType<typeof setTimeout> | undefined

  function scheduleExpiry(): void {
    clearTimeout(expiryTimer)
    if (!session.loggedIn || !session.expiresAt) return
    const remaining = Date.parse(session.expiresAt) - Date.now()
    if (!Number.isFinite(remaining) || remaining <= 0) {
      void logout()
      return
    }
    expiryTimer = setTimeout(scheduleExpiry, Math.min(remaining, MAX_TIMER_MS))
  }

  // Queued actions go too: replayed later they would run as whoever is signed in then.
  function forgetAccountData(): void {
    const queryClient = loadedQueryClient()
    queryClient?.getMutationCache().clear()
    queryClient?.clear()
    void persister.removeClient()
    // Bulk imports kept for resuming (loaded on demand: not part of the sign-in bundle).
    void import('@/offline/bulk-import-store').then((store) => store.clearBulkImports())
  }

  function clearLocalState(): void {
    clearTimeout(expiryTimer)
    session.clear()
    setPerspective(null)
    removeDeviceIdentifier()
    void refreshRecordCode().then(
      ({ clearRefreshRecord }) => clearRefreshRecord(),
      () => undefined,
    )
    forgetAccountData()
  }

  // The server half (sign-in, the account choice, the token refresh, a logout's server call):
  // loaded with the HTTP client, not with /login's first paint (session/auth-requests.ts).
  const requests = onDemand<AuthRequests>(() =>
    import('@/session/auth-requests').then(({ createAuthRequests }) =>
      createAuthRequests({
        session,
        clearLocalState,
        scheduleExpiry,
        logout,
        pendingLogoutKey: PENDING_LOGOUT_KEY,
      }),
    ),
  )

  // The server call of a logout made offline runs when the connection returns (and, if its code
  // could not load, stays pending like a call that got no answer).
  async function flushPendingLogout(): Promise<void> {
    if (localStorage.getItem(PENDING_LOGOUT_KEY) !== '1') return
    const server = await requests.load().catch(() => null)
    await server?.revokePendingLogout()
  }

  /** Logout (docs/states.md#session): local state first (works offline), then every token on the server. */
  async function logout(): Promise<void> {
    clearLocalState()
    try {
      localStorage.setItem(PENDING_LOGOUT_KEY, '1')
    } catch {
      // Without storage the call is still tried now.
    }
    goToLogin()
    await flushPendingLogout()
  }

  async function signIn(grant: PasswordGrant): Promise<SignInResult> {
    await flushPendingLogout()
    return (await requests.load()).signIn(grant)
  }

  async function chooseAccount(submerchantId: string): Promise<void> {
    return (await requests.load()).chooseAccount(submerchantId)
  }

  function leaveAccount(): void {
    session.setSubmerchantId(null)
    setPerspective(null)
  }

  // Wires the HTTP client and the browser events; call once at start-up.
  function start(): () => void {
    setPerspective(session.submerchantId)
    let stopped = false
    // The HTTP client (ofetch) and the server half load beside the first paint, and the refused
    // requests come here once they have: signed out, on /login, after its first paint; signed in,
    // now, for the first account call.
    void (session.loggedIn ? Promise.resolve() : afterFirstPaint())
      .then(requests.load)
      .then((server) => {
        if (!stopped) server.handleRefusals(true)
      })
    const onOnline = () => void flushPendingLogout()
    // A sleeping laptop delays timers; re-check the expiry when the page is seen again.
    const onVisible = () => {
      if (document.visibilityState === 'visible') scheduleExpiry()
    }
    window.addEventListener('online', onOnline)
    document.addEventListener('visibilitychange', onVisible)
    // Another tab logged out or in: follow it.
    let wasLoggedIn = session.loggedIn
    // Whose data the caches hold; another user (signed in here or in another tab) never sees it.
    let dataOwner = session.userId
    const unsubscribe = session.subscribe(() => {
      setPerspective(session.submerchantId)
      scheduleExpiry()
      const userId = session.userId
      if (wasLoggedIn && !session.loggedIn) {
        forgetAccountData()
        dataOwner = null
        goToLogin()
      } else if (userId && dataOwner && userId !== dataOwner) {
        forgetAccountData()
      }
      wasLoggedIn = session.loggedIn
      if (userId) dataOwner = userId
    })
    scheduleExpiry()
    void flushPendingLogout()
    return () => {
      stopped = true
      void requests.load().then((server) => server.handleRefusals(false))
      window.removeEventListener('online', onOnline)
      document.removeEventListener('visibilitychange', onVisible)
      unsubscribe()
      clearTimeout(expiryTimer)
    }
  }

  return {
    signIn,
    chooseAccount,
    leaveAccount,
    logout,
    start,
    setGoToLogin(navigate: () => void) {
      goToLogin = navigate
    },
  }
}
