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
 * Writes are coalesced within a turn of the event loop. The persist client saves on every cache
 * change, and one answer or one screen's start makes several at once (each query added, each
 * fetch, each observer): a dashboard period change made 18 writes, and each cloned the whole
 * persisted cache into IndexedDB on the main thread. The changes of one turn now make one write,
 * started before the turn ends, so before any render can show what it saves.
 */
const waitingWrites = new Set<() => Promise<void>>()

/**
 * Resolves once the persisted copy holds every cache change made so far (docs/writes.md): a write
 * awaits it before its screen moves on, so a reload at once never restores the state before it.
 */
export async function whenPersisted(): Promise<void> {
  await Promise.all([...waitingWrites].map((write) => write().catch(() => undefined)))
  let seen: Promise<unknown> | null = null
  while (seen !== lastWrite) {
    seen = lastWrite
    await seen.catch(() => undefined)
  }
}

interface Waiting {
  client: PersistedClient
  written: Promise<void>
  settle: (error?: unknown) => void
}

// The documented idb-keyval Persister of TanStack Query's persistQueryClient guide, with the
// writes of one turn coalesced.
export function createIdbPersister(key: IDBValidKey = QUERY_CACHE_KEY): Persister {
  let waiting: Waiting | null = null

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

  // Writes the latest waiting client; settles every caller that was waiting for it.
  const writeWaiting = async (): Promise<void> => {
    const current = waiting
    if (!current) return
    waiting = null
    waitingWrites.delete(writeWaiting)
    try {
      await save(current.client)
      current.settle()
    } catch (error) {
      current.settle(error)
    }
  }

  const persister: Persister = {
    persistClient: async (client: PersistedClient) => {
      if (waiting) {
        waiting.client = client
      } else {
        let settle: Waiting['settle'] = () => undefined
        const written = new Promise<void>((resolve, reject) => {
          settle = (error) => (error === undefined ? resolve() : reject(error))
        })
        waiting = { client, written, settle }
        waitingWrites.add(writeWaiting)
        queueMicrotask(() => void writeWaiting())
      }
      await waiting.written
    },
    restoreClient: async () => get<PersistedClient>(key),
    removeClient: async () => {
      // Nothing waiting may write the cache back after it is removed (signing out clears it).
      if (waiting) {
        waitingWrites.delete(writeWaiting)
        waiting.settle()
        waiting = null
      }
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
