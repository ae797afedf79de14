import { createStore, del, entries, promisifyRequest, type UseStore } from 'idb-keyval'
import type { DehydratedState } from '@tanstack/react-query'
import type { PersistedClient, Persister } from '@tanstack/react-query-persist-client'
import { apiEnv } from '@/config/api'
import {
  CACHE_READ_GLOBAL,
  CLIENT_KEY,
  QUERY_KEY_PREFIX,
  QUERY_STORE,
  queryCacheDatabase,
} from '@/offline/cache-layout'

// Kept apart from the persist policy (persister.ts): main.tsx starts the IndexedDB read with
// this module alone, before the router or the persist client have loaded.
type DehydratedQuery = DehydratedState['queries'][number]
type DehydratedMutation = DehydratedState['mutations'][number]

export { CLIENT_KEY, QUERY_KEY_PREFIX, QUERY_STORE }

// The IndexedDB database of the persisted cache (one object store, QUERY_STORE); its layout is
// cache-layout.ts, which index.html's loader reads too.
export const QUERY_CACHE_DB = queryCacheDatabase(apiEnv)

interface ClientRecord {
  buster: string
  timestamp: number
  mutations: DehydratedMutation[]
}
interface QueryRecord {
  buster: string
  query: DehydratedQuery
}

// Where earlier builds kept the whole cache as one value, in idb-keyval's default store.
const LEGACY_KEY = QUERY_CACHE_DB

type CacheRecords = [IDBValidKey, ClientRecord | QueryRecord][]

/**
 * The read index.html's loader started for the default database, taken once: the first restore
 * uses it, and any later one reads anew (what the loader read is stale once the app has written).
 */
function takeLoaderRead(database: string): Promise<CacheRecords | undefined> | undefined {
  if (database !== QUERY_CACHE_DB) return undefined
  const scope = globalThis as { [CACHE_READ_GLOBAL]?: Promise<CacheRecords | undefined> }
  const read = scope[CACHE_READ_GLOBAL]
  delete scope[CACHE_READ_GLOBAL]
  return read
}

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

// What a saved query's record was written from: a query whose state still matches is not written again.
interface Saved {
  data: unknown
  dataUpdatedAt: number
  status: string
  isInvalidated: boolean
}

const savedFrom = ({ state }: DehydratedQuery): Saved => ({
  data: state.data,
  dataUpdatedAt: state.dataUpdatedAt,
  status: state.status,
  isInvalidated: state.isInvalidated,
})

const isSaved = (query: DehydratedQuery, saved: Saved | undefined) =>
  saved !== undefined &&
  saved.data === query.state.data &&
  saved.dataUpdatedAt === query.state.dataUpdatedAt &&
  saved.status === query.state.status &&
  saved.isInvalidated === query.state.isInvalidated

/**
 * An IndexedDB Persister for TanStack Query's persist client that writes what changed, not the
 * whole cache. The persist client hands over the whole dehydrated cache on every change; saving it
 * as one value cloned every query on the main thread, so the cost of each answer grew with all the
 * data the device had seen (a dashboard period change spent over 100 ms in those clones). Each
 * query is a record of its own: a write puts the queries whose state changed, deletes those gone
 * from the cache, and updates the client record (buster, time, outbox), in one transaction.
 *
 * The changes of one turn of the event loop make one write, of the latest state, started in a
 * microtask: before the turn ends, so before any render can show what it saves.
 */
export function createIdbPersister(database: string = QUERY_CACHE_DB): Persister {
  let store: UseStore | null = null
  const records = () => (store ??= createStore(database, QUERY_STORE))
  // The records the store holds, by query hash, and the buster they were saved under.
  let saved = new Map<string, Saved>()
  let savedBuster: string | null = null
  // Records of another buster found by the restore, deleted by the next write.
  let stale: IDBValidKey[] = []
  // The latest state not yet written, and the write of this turn that will take it.
  let pending: PersistedClient | null = null
  let turnWrite: Promise<void> | null = null
  // The single value of earlier builds is deleted by the first write, off the start's critical path.
  let legacyDeleted = false

  const save = (client: PersistedClient) => {
    if (!legacyDeleted) {
      legacyDeleted = true
      void del(LEGACY_KEY).catch(() => undefined)
    }
    const buster = currentBusters.get(persister) ?? client.buster
    // A new buster (another user) makes every record anew.
    const fresh = buster !== savedBuster
    const previous = fresh ? new Map<string, Saved>() : saved
    const next = new Map<string, Saved>()
    const changed: QueryRecord[] = []
    for (const query of client.clientState.queries) {
      const before = previous.get(query.queryHash)
      next.set(query.queryHash, isSaved(query, before) ? (before as Saved) : savedFrom(query))
      if (!isSaved(query, before)) changed.push({ buster, query })
    }
    const gone = [...previous.keys()].filter((hash) => !next.has(hash))
    const deletes = [...stale, ...gone.map((hash) => QUERY_KEY_PREFIX + hash)]
    const record: ClientRecord = {
      buster,
      timestamp: client.timestamp,
      mutations: client.clientState.mutations.map(asResumable),
    }
    saved = next
    savedBuster = buster
    stale = []
    const write = records()('readwrite', (objects) => {
      if (fresh) objects.clear()
      for (const key of deletes) objects.delete(key)
      for (const entry of changed) objects.put(entry, QUERY_KEY_PREFIX + entry.query.queryHash)
      objects.put(record, CLIENT_KEY)
      return promisifyRequest(objects.transaction)
    })
    // A failed write (storage full, the database deleted) saves everything again next time.
    write.catch(() => {
      saved = new Map()
      savedBuster = null
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
    restoreClient: async () => {
      // Begun by index.html's loader when it could (same store, same records); else read now.
      const early = await takeLoaderRead(database)?.catch(() => undefined)
      const all = early ?? (await entries<IDBValidKey, ClientRecord | QueryRecord>(records()))
      const client = all.find(([key]) => key === CLIENT_KEY)?.[1] as ClientRecord | undefined
      if (!client) return undefined
      const queries: DehydratedQuery[] = []
      stale = []
      for (const [key, value] of all) {
        if (key === CLIENT_KEY) continue
        if ((value as QueryRecord).buster === client.buster)
          queries.push((value as QueryRecord).query)
        else stale.push(key)
      }
      // Restored queries keep their data objects, so they are not written again unchanged.
      saved = new Map(queries.map((query) => [query.queryHash, savedFrom(query)]))
      savedBuster = client.buster
      return {
        buster: client.buster,
        timestamp: client.timestamp,
        clientState: { queries, mutations: client.mutations },
      }
    },
    removeClient: async () => {
      // A write still waiting may not put the cache back after it is removed (a logout clears it).
      pending = null
      // Nor may a restore still to come use what the loader read before.
      void takeLoaderRead(database)?.catch(() => undefined)
      saved = new Map()
      savedBuster = null
      stale = []
      await Promise.all([
        records()('readwrite', (objects) => {
          objects.clear()
          return promisifyRequest(objects.transaction)
        }),
        del(LEGACY_KEY),
      ])
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
