import type { QueryClient } from '@tanstack/react-query'
import {
  persistQueryClientRestore,
  persistQueryClientSave,
  type PersistedClient,
  type PersistQueryClientOptions,
  type Persister,
} from '@tanstack/react-query-persist-client'
import { replayOutbox, startOutbox } from '@/offline/outbox'
import { markPersistedAnswers, persistOptions } from '@/offline/persister'

// The cache events that change what is saved (as TanStack's own subscription reads them).
const SAVED_EVENTS: readonly string[] = ['added', 'removed', 'updated']

/**
 * Saves the cache after every change, once per turn of the event loop. TanStack's
 * persistQueryClientSubscribe dehydrates the whole cache (every query, and the card-number check of
 * each new answer) at every cache event; a screen's first render adds each of its queries in turn,
 * and each add dehydrated a cache of a hundred queries again, inside the render. Here the changes
 * of one turn make one dehydration, in a microtask: still before the turn ends, so before any
 * render can show what it saves.
 */
function saveEveryChange(
  options: Omit<PersistQueryClientOptions, 'queryClient'> & { queryClient: QueryClient },
): () => void {
  let queued = false
  let stopped = false
  const save = () => {
    queued = false
    if (!stopped) void persistQueryClientSave(options).catch(() => undefined)
  }
  const changed = (type: string) => {
    if (queued || !SAVED_EVENTS.includes(type)) return
    queued = true
    queueMicrotask(save)
  }
  const stopQueries = options.queryClient.getQueryCache().subscribe((event) => changed(event.type))
  const stopMutations = options.queryClient
    .getMutationCache()
    .subscribe((event) => changed(event.type))
  return () => {
    stopped = true
    stopQueries()
    stopMutations()
  }
}

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
  const readEarly: Persister = {
    ...persister,
    restoreClient: () =>
      persisted.then((client) => {
        markPersistedAnswers(client)
        return client
      }),
  }
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
  let stop = saveEveryChange({ queryClient, ...persistOptions(persister, userId) })
  session.subscribe(() => {
    if (session.userId === userId) return
    userId = session.userId
    stop()
    stop = saveEveryChange({ queryClient, ...persistOptions(persister, userId) })
  })
  // Not awaited: a replay may be slow, and screens need only the restored cache.
  void replayOutbox(queryClient)
}
