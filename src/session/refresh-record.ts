import { del, get, set } from 'idb-keyval'
import { apiEnv } from '@/config/api'

/**
 * When any tab last got a new access token (ms since epoch). Kept in IndexedDB, not
 * localStorage: a tab reads it under the refresh lock and sees every write made before the lock
 * was released, whereas Chromium hands localStorage writes to other tabs later, on a channel the
 * lock's hand-over can overtake.
 */
export const LAST_REFRESH_KEY = `portal:${apiEnv}:last-refresh`

export interface RefreshRecord {
  read(): Promise<number>
  write(at: number): Promise<void>
}

export function idbRefreshRecord(key: IDBValidKey = LAST_REFRESH_KEY): RefreshRecord {
  return {
    async read() {
      try {
        return Number(await get<number>(key)) || 0
      } catch {
        // No IndexedDB (private mode of old browsers): every tab then refreshes for itself.
        return 0
      }
    },
    async write(at) {
      try {
        await set(key, at)
      } catch {
        // As above: the record is only there to spare other tabs a refresh.
      }
    },
  }
}

export async function clearRefreshRecord(key: IDBValidKey = LAST_REFRESH_KEY): Promise<void> {
  try {
    await del(key)
  } catch {
    // Nothing stored.
  }
}
