import { isApiError, type ApiError } from '@/api/errors'
import { setAuthFailureHandler } from '@/api/http'
import { setPerspective } from '@/api/perspective'
import { onDemand } from '@/lib/on-demand'
import { endsSessionOnRefresh, endsSessionOnRequest } from '@/session/forced-logout'
import type { RefreshRecord } from '@/session/refresh-record'
import type { Session } from '@/session/session'
import {
  requestAccessToken,
  requestPasswordGrant,
  revokeAllTokens,
  type PasswordGrant,
  type SignInResult,
} from '@/session/tokens'

/**
 * The half of auth (session/auth.ts) that talks to the server: sign-in, the account choice, the
 * token refresh and the logout's server call. It travels with the HTTP client (vite.config.ts),
 * which /login loads after its first paint and a signed-in start at once; the half that works
 * without a connection (the session, its expiry, the local part of a logout) stays in auth.ts.
 */

// What these requests need of the local half.
export interface LocalAuth {
  session: Session
  // Another user's data must never show: the session, the caches and the device id go.
  clearLocalState: () => void
  scheduleExpiry: () => void
  logout: () => Promise<void>
  // Set while a logout's server call is still to be sent (docs/states.md#session).
  pendingLogoutKey: string
}

export type AuthRequests = ReturnType<typeof createAuthRequests>

export function createAuthRequests(local: LocalAuth) {
  const { session, pendingLogoutKey } = local
  // Its IndexedDB record (and idb-keyval) loads at its first use.
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

  // The cross-tab refresher is needed only once a signed-in call is refused: loaded then.
  const refresher = onDemand(() =>
    import('@/session/token-refresh').then(({ createTokenRefresher }) =>
      createTokenRefresher({
        record: refreshRecord,
        refresh: async () => {
          await requestAccessToken(session.submerchantId)
        },
      }),
    ),
  )
  const refreshOnce = async (sentAt: number): Promise<void> => (await refresher.load())(sentAt)

  // The server call of a logout made offline, sent when the connection returns.
  async function revokePendingLogout(): Promise<void> {
    try {
      await revokeAllTokens()
      localStorage.removeItem(pendingLogoutKey)
    } catch (error) {
      // Still offline: keep it for the next 'online' event; any answer from the server ends it.
      if (!isApiError(error) || error.status !== 0) localStorage.removeItem(pendingLogoutKey)
    }
  }

  async function signIn(grant: PasswordGrant): Promise<SignInResult> {
    // Another user's data must never show; cleared before the grant so it binds the new device id.
    if (session.loggedIn) local.clearLocalState()
    const result = await requestPasswordGrant(grant)
    session.signIn(result.expiresAt)
    local.scheduleExpiry()
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

  // http.ts calls this on 401/403: refresh once (single-flight across tabs), then retry or log out.
  async function recover(_error: ApiError, sentAt: number): Promise<boolean> {
    if (!session.loggedIn) return false
    try {
      await refreshOnce(sentAt)
      return true
    } catch (refreshError) {
      if (isApiError(refreshError) && endsSessionOnRefresh(refreshError)) {
        await local.logout()
      }
      return false
    }
  }

  // A retried request still refused as invalid_token ends the session (docs/states.md#forced-logout).
  function handleRequestError(error: ApiError): void {
    if (session.loggedIn && endsSessionOnRequest(error)) {
      void local.logout()
    }
  }

  // Whether the API client sends its refused requests here (false when auth stops).
  function handleRefusals(on: boolean): void {
    if (on) setAuthFailureHandler(recover, handleRequestError)
    else setAuthFailureHandler(null)
  }

  return { revokePendingLogout, signIn, chooseAccount, handleRefusals }
}
