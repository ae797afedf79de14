import { PEER_REFRESH_WAIT_MS } from '@/config/limits'

export const REFRESH_LOCK = 'portal-token-refresh'

interface RefresherOptions {
  refresh: () => Promise<void>
  // Shared by all tabs: when the last refresh finished (ms since epoch).
  lastRefreshKey: string
  storage?: Storage
  locks?: LockManager | undefined
  // Where another tab's write of lastRefreshKey is announced ('storage' events).
  events?: Pick<Window, 'addEventListener' | 'removeEventListener'> | undefined
  now?: () => number
  peerWaitMs?: number
}

/**
 * One refresh at a time across all tabs (Web Locks). A tab that waited for the lock and finds
 * that another tab refreshed after its request was sent only retries, so a spent refresh token
 * is never presented twice and the server's reuse detection stays quiet.
 *
 * The other tab's record of its refresh reaches this tab's storage on a channel of its own, which
 * the lock's hand-over can overtake (Chromium keeps a copy of localStorage per process). So a tab
 * that found the lock held, and does not see the record yet, waits for its 'storage' event (at
 * most peerWaitMs: the other tab's refresh may have failed) before refreshing itself.
 */
export function createTokenRefresher({
  refresh,
  lastRefreshKey,
  storage = localStorage,
  locks = typeof navigator === 'undefined' ? undefined : navigator.locks,
  events = typeof window === 'undefined' ? undefined : window,
  now = Date.now,
  peerWaitMs = PEER_REFRESH_WAIT_MS,
}: RefresherOptions) {
  let inFlight: Promise<void> | null = null

  function lastRefresh(): number {
    try {
      return Number(storage.getItem(lastRefreshKey)) || 0
    } catch {
      return 0
    }
  }

  // Resolves true once another tab's refresh after sentAt is recorded here, false after the wait.
  function refreshedByPeer(sentAt: number): Promise<boolean> {
    if (lastRefresh() >= sentAt) return Promise.resolve(true)
    if (!events) return Promise.resolve(false)
    const target = events
    return new Promise((resolve) => {
      const finish = (refreshed: boolean) => {
        clearTimeout(timer)
        target.removeEventListener('storage', onStorage)
        resolve(refreshed)
      }
      const onStorage = (event: Event) => {
        if ((event as StorageEvent).key === lastRefreshKey && lastRefresh() >= sentAt) finish(true)
      }
      const timer = setTimeout(() => finish(lastRefresh() >= sentAt), peerWaitMs)
      target.addEventListener('storage', onStorage)
    })
  }

  async function refreshUnlessFresh(sentAt: number, lockWasHeld: boolean): Promise<void> {
    if (lockWasHeld ? await refreshedByPeer(sentAt) : lastRefresh() >= sentAt) return
    await refresh()
    try {
      storage.setItem(lastRefreshKey, String(now()))
    } catch {
      // Without storage other tabs simply refresh themselves, still one at a time.
    }
  }

  async function underLock(sentAt: number): Promise<void> {
    if (!locks) return refreshUnlessFresh(sentAt, false)
    const ran: boolean = await locks.request(REFRESH_LOCK, { ifAvailable: true }, async (lock) => {
      if (lock) await refreshUnlessFresh(sentAt, false)
      return lock !== null
    })
    // Another tab holds the lock, so it is refreshing: wait for it, then see what it did.
    if (!ran) await locks.request(REFRESH_LOCK, () => refreshUnlessFresh(sentAt, true))
  }

  // Rejects with the tokens call's error when refreshing failed.
  return function refreshOnce(sentAt: number): Promise<void> {
    const current =
      inFlight ??
      underLock(sentAt).finally(() => {
        inFlight = null
      })
    inFlight = current
    return current
  }
}
