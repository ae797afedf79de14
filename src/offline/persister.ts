import { del, get, set } from 'idb-keyval'
import type {
  PersistedClient,
  Persister,
  PersistQueryClientOptions,
} from '@tanstack/react-query-persist-client'
import { apiEnv } from '@/config/api'
import { BUILD_VERSION } from '@/config/build'
import { PERSIST_MAX_AGE_MS } from '@/config/limits'

// The documented idb-keyval Persister of TanStack Query's persistQueryClient guide.
export function createIdbPersister(key: IDBValidKey = `portal:${apiEnv}:query-cache`): Persister {
  return {
    persistClient: async (client: PersistedClient) => {
      await set(key, client)
    },
    restoreClient: async () => get<PersistedClient>(key),
    removeClient: async () => {
      await del(key)
    },
  }
}

// A new build or another user discards the persisted cache.
export function persisterBuster(userId: string | null): string {
  return `${userId ?? 'anonymous'}:${BUILD_VERSION}`
}

export function persistOptions(
  persister: Persister,
  userId: string | null,
): Omit<PersistQueryClientOptions, 'queryClient'> {
  return {
    persister,
    maxAge: PERSIST_MAX_AGE_MS,
    buster: persisterBuster(userId),
    dehydrateOptions: {
      // Only successful data is kept; a query can opt out with meta.persist = false (secrets).
      shouldDehydrateQuery: (query) =>
        query.state.status === 'success' && query.meta?.persist !== false,
    },
  }
}
