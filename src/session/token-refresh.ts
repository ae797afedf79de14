import type { RefreshRecord } from '@/session/refresh-record'

export const REFRESH_LOCK = 'portal-token-refresh'

interface RefresherOptions {
  refresh: () => Promise<void>
  // Shared by all tabs: when the last refresh finished (ms since epoch).
  record: RefreshRecord
  locks?: LockManager | undefined
  now?: () => number
}

/**
 * One refresh at a time across all tabs (Web Locks). Under the lock, a tab whose request was sent
 * before the last recorded refresh only retries, so a spent refresh token is never presented
 * twice and the server's reuse detection stays quiet. The record is written before the lock is
 * released and read after it is taken, so the next tab always sees it.
 */
export function createTokenRefresher({
  refresh,
  record,
  locks = typeof navigator === 'undefined' ? undefined : navigator.locks,
  now = Date.now,
}: RefresherOptions) {
  let inFlight: Promise<void> | null = null

  async function refreshUnlessFresh(sentAt: number): Promise<void> {
    if ((await record.read()) >= sentAt) return
    await refresh()
    await record.write(now())
  }

  async function underLock(sentAt: number): Promise<void> {
    if (!locks) return refreshUnlessFresh(sentAt)
    await locks.request(REFRESH_LOCK, () => refreshUnlessFresh(sentAt))
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
