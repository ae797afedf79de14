import type { QueryClient } from '@tanstack/react-query'
import {
  persistQueryClientRestore,
  persistQueryClientSubscribe,
  type PersistedClient,
  type Persister,
} from '@tanstack/react-query-persist-client'
import { replayOutbox, startOutbox } from '@/offline/outbox'
import { persistOptions } from '@/offline/persister'

// Whose cache it is: the session, seen only as much as the persist client needs.
export interface CacheOwner {
  readonly userId: string | null
  subscribe(listener: () => void): () => void
}

export interface PersistenceDeps {
  queryClient: QueryClient
  session: CacheOwner
  persister: Persister
  // The IndexedDB read main.tsx started at boot, in parallel with loading this code.
  persisted: Promise<PersistedClient | undefined>
}

/**
 * The offline cache's life, loaded after the first paint's code: wire the outbox, restore the
 * persisted cache (busted by user and build), then save every change under the signed-in user,
 * and replay what was queued. Resolves once the restore is done; it never rejects, since a cache
 * that cannot be read is discarded and the app starts empty.
 */
export async function startPersistence(deps: PersistenceDeps): Promise<void> {
  const { queryClient, session, persister, persisted } = deps
  // Before the restore: the online flag and the duplicate guard must see restored mutations.
  startOutbox(queryClient)
  const readEarly: Persister = { ...persister, restoreClient: () => persisted }
  try {
    await persistQueryClientRestore({
      queryClient,
      ...persistOptions(persister, session.userId),
      persister: readEarly,
    })
  } catch {
    // Unreadable or corrupt: the restore has already removed it.
  }
  let userId = session.userId
  let stop = persistQueryClientSubscribe({ queryClient, ...persistOptions(persister, userId) })
  session.subscribe(() => {
    if (session.userId === userId) return
    userId = session.userId
    stop()
    stop = persistQueryClientSubscribe({ queryClient, ...persistOptions(persister, userId) })
  })
  // Not awaited: a replay may be slow, and screens need only the restored cache.
  void replayOutbox(queryClient)
}
