import { del, get, set } from 'idb-keyval'
import type { DehydratedState } from '@tanstack/react-query'
import type { PersistedClient, Persister } from '@tanstack/react-query-persist-client'
import { apiEnv } from '@/config/api'

// Kept apart from the persist policy (persister.ts): main.tsx starts the IndexedDB read with
// this module alone, before the router or the persist client have loaded.
type DehydratedMutation = DehydratedState['mutations'][number]

export const QUERY_CACHE_KEY = `portal:${apiEnv}:query-cache`

// The buster each persister stamps on what it saves: the latest one persistOptions was given.
const currentBusters = new WeakMap<Persister, string>()

export function stampBuster(persister: Persister, buster: string): void {
  currentBusters.set(persister, buster)
}

// The latest write to IndexedDB; writes to one store commit in the order they were made.
let lastWrite: Promise<unknown> = Promise.resolve()

/**
 * Resolves once the persisted copy holds every cache change made so far (docs/writes.md): a write
 * awaits it before its screen moves on, so a reload at once never restores the state before it.
 * A change's write is queued as a microtask when the change is made, so it is started (and is
 * lastWrite) before this function's first await returns.
 */
export async function whenPersisted(): Promise<void> {
  let seen: Promise<unknown> | null = null
  while (seen !== lastWrite) {
    seen = lastWrite
    await seen.catch(() => undefined)
  }
}

/**
 * The documented idb-keyval Persister of TanStack Query's persistQueryClient guide, with the
 * writes of one turn of the event loop coalesced. The persist client saves on every cache change,
 * and one answer or one screen's start makes several at once (each query added, each fetch, each
 * observer): a dashboard period change made 18 writes, each a clone of the whole persisted cache
 * on the main thread. The changes of one turn now make one write, of the latest state, started in
 * a microtask: before the turn ends, so before any render can show what it saves.
 */
export function createIdbPersister(key: IDBValidKey = QUERY_CACHE_KEY): Persister {
  // The latest state not yet written, and the write of this turn that will take it.
  let pending: PersistedClient | null = null
  let turnWrite: Promise<void> | null = null

  const save = (client: PersistedClient) => {
    // The provider keeps the options of its first render, so a user who signs in later
    // would be saved under the old buster and lose the cache on the next start.
    const write = set(key, {
      ...client,
      buster: currentBusters.get(persister) ?? client.buster,
      clientState: {
        ...client.clientState,
        mutations: client.clientState.mutations.map(asResumable),
      },
    })
    lastWrite = write
    return write
  }

  const persister: Persister = {
    persistClient: (client: PersistedClient) => {
      pending = client
      turnWrite ??= Promise.resolve().then(() => {
        const latest = pending
        pending = null
        turnWrite = null
        // Nothing when the cache was removed in the same turn.
        return latest ? save(latest) : undefined
      })
      return turnWrite
    },
    restoreClient: async () => get<PersistedClient>(key),
    removeClient: async () => {
      // A write still waiting may not put the cache back after it is removed (a logout clears it).
      pending = null
      await del(key)
    },
  }
  return persister
}

/**
 * A send still in flight when the page goes away is saved as paused, so the restored copy is
 * resumed like any queued one (its Idempotency-Key makes the second attempt safe) instead of
 * hanging as "pending" with nothing running it.
 */
function asResumable(mutation: DehydratedMutation): DehydratedMutation {
  if (mutation.state.status !== 'pending' || mutation.state.isPaused) return mutation
  return { ...mutation, state: { ...mutation.state, isPaused: true } }
}
