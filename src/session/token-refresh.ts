import type { ApiError } from '@/api/errors'

// §4 forced logout: these answers of the tokens call mean the session is over.
export const FORCED_LOGOUT_MESSAGES = [
  'Token expired',
  'Device identifier required',
  'Invalid device',
  'Refresh token missing',
] as const

export function endsSessionOnRefresh(error: ApiError): boolean {
  return (
    (error.status === 400 || error.status === 401) &&
    (FORCED_LOGOUT_MESSAGES as readonly string[]).includes(error.message)
  )
}

// §4 forced logout: a request still refused as invalid_token after refreshing.
export function endsSessionOnRequest(error: ApiError): boolean {
  return error.status === 401 && error.code === 'invalid_token'
}

export const REFRESH_LOCK = 'portal-token-refresh'

interface RefresherOptions {
  refresh: () => Promise<void>
  // Shared by all tabs: when the last refresh finished (ms since epoch).
  lastRefreshKey: string
  storage?: Storage
  locks?: LockManager | undefined
  now?: () => number
}

/**
 * One refresh at a time across all tabs (Web Locks). A tab that waited for the lock and finds
 * that another tab refreshed after its request was sent only retries, so a spent refresh token
 * is never presented twice and the server's reuse detection stays quiet.
 */
export function createTokenRefresher({
  refresh,
  lastRefreshKey,
  storage = localStorage,
  locks = typeof navigator === 'undefined' ? undefined : navigator.locks,
  now = Date.now,
}: RefresherOptions) {
  let inFlight: Promise<void> | null = null

  function lastRefresh(): number {
    try {
      return Number(storage.getItem(lastRefreshKey)) || 0
    } catch {
      return 0
    }
  }

  async function refreshUnlessFresh(sentAt: number): Promise<void> {
    if (lastRefresh() >= sentAt) return
    await refresh()
    try {
      storage.setItem(lastRefreshKey, String(now()))
    } catch {
      // Without storage other tabs simply refresh themselves, still one at a time.
    }
  }

  // Rejects with the tokens call's error when refreshing failed.
  return function refreshOnce(sentAt: number): Promise<void> {
    const run = (): Promise<void> => refreshUnlessFresh(sentAt)
    const current =
      inFlight ??
      (locks ? locks.request(REFRESH_LOCK, run).then(() => undefined) : run()).finally(() => {
        inFlight = null
      })
    inFlight = current
    return current
  }
}
