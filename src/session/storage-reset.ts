// docs/states.md#session: local storage is cleared once if it was last cleared before this date.
export const STORAGE_RESET_DATE = '2023-06-01T00:00:00.000Z'
export const STORAGE_RESET_KEY = 'portal:storage-cleared-at'

// Returns true when it cleared; runs before anything reads localStorage.
export function clearStaleStorage(
  storage: Storage = localStorage,
  now: Date = new Date(),
): boolean {
  try {
    const last = Date.parse(storage.getItem(STORAGE_RESET_KEY) ?? '')
    if (Number.isFinite(last) && last >= Date.parse(STORAGE_RESET_DATE)) return false
    storage.clear()
    storage.setItem(STORAGE_RESET_KEY, now.toISOString())
    return true
  } catch {
    // Blocked storage holds nothing stale.
    return false
  }
}
