import type { QueryClient } from '@tanstack/react-query'
import type { Persister } from '@tanstack/react-query-persist-client'
import { isApiError, type ApiError } from '@/api/errors'
import { setPerspective } from '@/api/perspective'
import { apiEnv } from '@/config/api'
import { afterFirstPaint } from '@/lib/after-first-paint'
import { removeDeviceIdentifier } from '@/session/device'
import type { RefreshRecord } from '@/session/refresh-record'
import type { Session } from '@/session/session'
import { endsSessionOnRefresh, endsSessionOnRequest } from '@/session/forced-logout'
import {
  requestAccessToken,
  requestPasswordGrant,
  revokeAllTokens,
  type PasswordGrant,
  type SignInResult,
} from '@/session/tokens'

// The HTTP client (ofetch) loads beside the first paint; its auth hooks are set once it has.
const http = () => import('@/api/http')

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
  const refreshRecord: RefreshRecord = {
    read: () =>
      refreshRecordCode().then(
        ({ idbRefreshRecord }) => idbRefreshRecord().read(),
        () => 0,
      ),
    write: (at) =>
      refreshRecordCode().then(
        ({ idbRefreshRecord }) => idbRefreshRecord().write(at),
        () => undefined,
      ),
  }
  let goToLogin = deps.goToLogin ?? (() => window.location.assign('/login'))
  let expiryTimer: ReturnType<typeof setTimeout> | undefined

  // The cross-tab refresher is needed only once a signed-in call is refused: loaded then, so the
  // sign-in page's code does not carry it.
  let refresher: Promise<(sentAt: number) => Promise<void>> | undefined
  const refreshOnce = async (sentAt: number): Promise<void> => {
    refresher ??= import('@/session/token-refresh').then(({ createTokenRefresher }) =>
      createTokenRefresher({
        record: refreshRecord,
        refresh: async () => {
          await requestAccessToken(session.submerchantId)
        },
      }),
    )
    return (await refresher)(sentAt)
  }

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

  // The server call of a logout made offline runs when the connection returns.
  async function flushPendingLogout(): Promise<void> {
    if (localStorage.getItem(PENDING_LOGOUT_KEY) !== '1') return
    try {
      await revokeAllTokens()
      localStorage.removeItem(PENDING_LOGOUT_KEY)
    } catch (error) {
      // Still offline: keep it for the next 'online' event; any answer from the server ends it.
      if (!isApiError(error) || error.status !== 0) localStorage.removeItem(PENDING_LOGOUT_KEY)
    }
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
    // Another user's data must never show; cleared before the grant so it binds the new device id.
    if (session.loggedIn) clearLocalState()
    const result = await requestPasswordGrant(grant)
    session.signIn(result.expiresAt)
    scheduleExpiry()
    return result
  }

  // docs/api.md#users-and-session: choosing an account gets an access token attached to it.
  async function chooseAccount(submerchantId: string): Promise<void> {
    await requestAccessToken(submerchantId)
    // A new access token: other tabs' requests refused before it only retry.
    await refreshRecord.write(Date.now())
    session.setSubmerchantId(submerchantId)
    setPerspective(submerchantId)
  }

  function leaveAccount(): void {
    session.setSubmerchantId(null)
    setPerspective(null)
  }

  // http.ts calls this on 401/403: refresh once (single-flight across tabs), then retry or log out.
  async function recover(_error: ApiError, sentAt: number): Promise<boolean> {
    if (!session.loggedIn) return false
    try {
      await refreshOnce(sentAt)
      return true
    } catch (refreshError) {
      if (isApiError(refreshError) && endsSessionOnRefresh(refreshError)) {
        await logout()
      }
      return false
    }
  }

  // Wires the HTTP client and the browser events; call once at start-up.
  function start(): () => void {
    setPerspective(session.submerchantId)
    let stopped = false
    // Signed out, on /login: after its first paint. Signed in: now, for the first account call.
    void (session.loggedIn ? Promise.resolve() : afterFirstPaint())
      .then(http)
      .then(({ setAuthFailureHandler }) => {
        if (!stopped) setAuthFailureHandler(recover, handleRequestError)
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
      void http().then(({ setAuthFailureHandler }) => setAuthFailureHandler(null))
      window.removeEventListener('online', onOnline)
      document.removeEventListener('visibilitychange', onVisible)
      unsubscribe()
      clearTimeout(expiryTimer)
    }
  }

  // A retried request still refused as invalid_token ends the session (docs/states.md#forced-logout).
  function handleRequestError(error: ApiError): void {
    if (session.loggedIn && endsSessionOnRequest(error)) {
      void logout()
    }
  }

  return {
    signIn,
    chooseAccount,
    leaveAccount,
    logout,
    start,
    handleRequestError,
    flushPendingLogout,
    setGoToLogin(navigate: () => void) {
      goToLogin = navigate
    },
  }
}
