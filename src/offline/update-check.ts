import { onlineManager } from '@tanstack/react-query'

export const UPDATE_CHECK_INTERVAL_MS = 60 * 60 * 1000

/**
 * Asks the server for a newer service worker; skipped while offline or mid-install. The script is
 * fetched first so an unreachable server is a quiet no-op, not an update error.
 */
export async function checkForUpdate(
  swUrl: string,
  registration: Pick<ServiceWorkerRegistration, 'installing' | 'update'>,
  fetchScript: typeof fetch = fetch,
): Promise<boolean> {
  if (registration.installing || !onlineManager.isOnline()) return false
  try {
    const response = await fetchScript(swUrl, {
      cache: 'no-store',
      headers: { 'cache-control': 'no-cache' },
    })
    if (response.status !== 200) return false
    await registration.update()
    return true
  } catch {
    // The connection dropped between the check and the request; the next interval tries again.
    return false
  }
}
