import type { PersistedClient } from '@tanstack/react-query-persist-client'
import { createStore, entries, get, keys, set } from 'idb-keyval'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { CACHE_READ_GLOBAL } from '@/offline/cache-layout'
import {
  CLIENT_KEY,
  createIdbPersister,
  QUERY_CACHE_DB,
  QUERY_KEY_PREFIX,
  QUERY_STORE,
  whenPersisted,
} from '@/offline/idb-persister'

type Query = PersistedClient['clientState']['queries'][number]

const query = (hash: string, data: unknown, dataUpdatedAt = 1): Query =>
  ({
    queryKey: ['sub_x', hash],
    queryHash: hash,
    dehydratedAt: dataUpdatedAt,
    state: {
      data,
      dataUpdatedAt,
      status: 'success',
      isInvalidated: false,
      error: null,
      errorUpdatedAt: 0,
      errorUpdateCount: 0,
      fetchFailureCount: 0,
      fetchFailureReason: null,
      fetchMeta: null,
      fetchStatus: 'idle',
      dataUpdateCount: 1,
    },
  }) as Query

const client = (timestamp: number, queries: Query[] = [], buster = 'b'): PersistedClient => ({
  timestamp,
  buster,
  clientState: { queries, mutations: [] },
})

// The keys each write put, in order (the client record included).
let puts: IDBValidKey[] = []
beforeEach(() => {
  puts = []
  const put = IDBObjectStore.prototype.put
  vi.spyOn(IDBObjectStore.prototype, 'put').mockImplementation(function (
    this: IDBObjectStore,
    value: unknown,
    key?: IDBValidKey,
  ) {
    if (key !== undefined) puts.push(key)
    return put.call(this, value, key)
  })
})
afterEach(() => vi.restoreAllMocks())

const writes = () => puts.filter((key) => key === CLIENT_KEY).length
const queriesPut = () => puts.filter((key) => key !== CLIENT_KEY)
const restoredHashes = async (database: string) =>
  ((await createIdbPersister(database).restoreClient())?.clientState.queries ?? [])
    .map((q) => q.queryHash)
    .sort()

describe('createIdbPersister: the changes of one turn make one write', () => {
  it('saves a burst of changes once, the last one, before the turn ends', async () => {
    const persister = createIdbPersister('burst')
    const saved = [1, 2, 3].map((stamp) => persister.persistClient(client(stamp)))
    expect(writes()).toBe(0)
    // Started by the end of this turn: a render (a later task) never shows unsaved data.
    await Promise.resolve()
    await Promise.all(saved)
    expect(writes()).toBe(1)
    await expect(persister.restoreClient()).resolves.toMatchObject({ timestamp: 3 })
    // The next turn's change is a write of its own.
    await persister.persistClient(client(4))
    expect(writes()).toBe(2)
  })

  it('whenPersisted resolves once the waiting write is saved', async () => {
    const persister = createIdbPersister('flush')
    void persister.persistClient(client(7))
    await whenPersisted()
    await expect(createIdbPersister('flush').restoreClient()).resolves.toMatchObject({
      timestamp: 7,
    })
  })

  it('drops a waiting write when the cache is removed, so a logout stays logged out', async () => {
    const persister = createIdbPersister('logout')
    await persister.persistClient(client(1, [query('a', { n: 1 })]))
    const saved = persister.persistClient(client(2, [query('a', { n: 1 })]))
    await persister.removeClient()
    await saved
    await whenPersisted()
    expect(writes()).toBe(1)
    await expect(createIdbPersister('logout').restoreClient()).resolves.toBeUndefined()
  })
})

describe('createIdbPersister: a write saves what changed, not the whole cache', () => {
  it('puts new and changed queries only, and deletes those gone from the cache', async () => {
    const persister = createIdbPersister('changes')
    const a = query('a', { n: 1 })
    const b = query('b', { n: 2 })
    await persister.persistClient(client(1, [a, b]))
    expect(queriesPut()).toEqual([`${QUERY_KEY_PREFIX}a`, `${QUERY_KEY_PREFIX}b`])

    // The persist client dehydrates anew each time: new objects around the same data.
    puts = []
    const b2 = query('b', { n: 3 }, 2)
    await persister.persistClient(client(2, [{ ...a, state: { ...a.state } }, b2, query('c', [])]))
    expect(queriesPut()).toEqual([`${QUERY_KEY_PREFIX}b`, `${QUERY_KEY_PREFIX}c`])

    puts = []
    await persister.persistClient(client(3, [b2]))
    expect(queriesPut()).toEqual([])
    await expect(restoredHashes('changes')).resolves.toEqual(['b'])
    const restored = await createIdbPersister('changes').restoreClient()
    expect(restored).toMatchObject({ timestamp: 3, buster: 'b' })
    expect(restored?.clientState.queries[0]?.state.data).toEqual({ n: 3 })
  })

  it('writes a query again when its data is replaced within the same millisecond', async () => {
    const persister = createIdbPersister('same-ms')
    await persister.persistClient(client(1, [query('a', { n: 1 }, 5)]))
    puts = []
    await persister.persistClient(client(2, [query('a', { n: 2 }, 5)]))
    expect(queriesPut()).toEqual([`${QUERY_KEY_PREFIX}a`])
  })

  it('does not write restored queries again while they are unchanged', async () => {
    const first = createIdbPersister('restored')
    await first.persistClient(client(1, [query('a', { n: 1 }), query('b', { n: 2 })]))
    const again = createIdbPersister('restored')
    const restored = await again.restoreClient()
    puts = []
    await again.persistClient(client(2, restored?.clientState.queries ?? []))
    expect(queriesPut()).toEqual([])
    expect(writes()).toBe(1)
  })

  it('saves everything anew under a new buster, and restores only the current one', async () => {
    const persister = createIdbPersister('busted')
    await persister.persistClient(client(1, [query('a', 1), query('b', 2)], 'user-1'))
    puts = []
    await persister.persistClient(client(2, [query('b', 2)], 'user-2'))
    expect(queriesPut()).toEqual([`${QUERY_KEY_PREFIX}b`])
    await expect(restoredHashes('busted')).resolves.toEqual(['b'])
  })

  it('leaves out records of another buster, and deletes them with the next write', async () => {
    const persister = createIdbPersister('mixed')
    await persister.persistClient(client(1, [query('mine', 1)], 'user-1'))
    // A record another tab saved for another user.
    const records = createStore('mixed', QUERY_STORE)
    await set(`${QUERY_KEY_PREFIX}theirs`, { buster: 'user-2', query: query('theirs', 1) }, records)
    const again = createIdbPersister('mixed')
    const restored = await again.restoreClient()
    expect(restored?.clientState.queries.map((q) => q.queryHash)).toEqual(['mine'])
    await again.persistClient(client(2, restored?.clientState.queries ?? [], 'user-1'))
    await expect(keys(records)).resolves.toEqual([CLIENT_KEY, `${QUERY_KEY_PREFIX}mine`])
  })
})

describe('createIdbPersister: removing the cache', () => {
  it('removes every record, and the single value earlier builds saved', async () => {
    await set(QUERY_CACHE_DB, client(1, [query('legacy', 1)]))
    const persister = createIdbPersister('removed')
    await persister.persistClient(client(1, [query('a', 1)]))
    await persister.removeClient()
    await expect(persister.restoreClient()).resolves.toBeUndefined()
    await expect(get(QUERY_CACHE_DB)).resolves.toBeUndefined()
  })

  it('deletes the single value of earlier builds with its first write, not at the start', async () => {
    await set(QUERY_CACHE_DB, client(1, [query('legacy', 1)]))
    const persister = createIdbPersister('upgraded')
    await persister.restoreClient()
    await expect(get(QUERY_CACHE_DB)).resolves.toBeDefined()
    await persister.persistClient(client(2))
    await expect.poll(() => get(QUERY_CACHE_DB)).toBeUndefined()
  })
})

describe("createIdbPersister: the read index.html's loader began", () => {
  const scope = globalThis as { [CACHE_READ_GLOBAL]?: Promise<unknown> }
  afterEach(() => {
    delete scope[CACHE_READ_GLOBAL]
  })

  it('restores from the records the loader read, once, by the same rules', async () => {
    const records = createStore(QUERY_CACHE_DB, QUERY_STORE)
    await createIdbPersister().removeClient()
    // What the loader read: this user's query, and one another tab saved for another user.
    scope[CACHE_READ_GLOBAL] = Promise.resolve([
      [CLIENT_KEY, { buster: 'user-1', timestamp: 5, mutations: [] }],
      [`${QUERY_KEY_PREFIX}mine`, { buster: 'user-1', query: query('mine', 1) }],
      [`${QUERY_KEY_PREFIX}theirs`, { buster: 'user-2', query: query('theirs', 1) }],
    ])
    const persister = createIdbPersister()
    const restored = await persister.restoreClient()
    expect(restored).toMatchObject({ timestamp: 5, buster: 'user-1' })
    expect(restored?.clientState.queries.map((q) => q.queryHash)).toEqual(['mine'])
    expect(scope[CACHE_READ_GLOBAL]).toBeUndefined()
    // The other buster's record is deleted by the next write, as with a read of its own.
    await set(`${QUERY_KEY_PREFIX}theirs`, { buster: 'user-2', query: query('theirs', 1) }, records)
    await persister.persistClient(client(6, restored?.clientState.queries ?? [], 'user-1'))
    await expect(keys(records)).resolves.toEqual([CLIENT_KEY])
    // Any later restore reads the store itself.
    await expect(persister.restoreClient()).resolves.toMatchObject({ timestamp: 6 })
  })

  it('reads the store itself when the loader could not', async () => {
    await createIdbPersister().persistClient(client(7, [query('a', 1)]))
    const stored = await entries(createStore(QUERY_CACHE_DB, QUERY_STORE))
    expect(stored.length).toBe(2)
    scope[CACHE_READ_GLOBAL] = Promise.resolve(undefined)
    await expect(restoredHashes(QUERY_CACHE_DB)).resolves.toEqual(['a'])
    scope[CACHE_READ_GLOBAL] = Promise.reject(new Error('blocked'))
    await expect(restoredHashes(QUERY_CACHE_DB)).resolves.toEqual(['a'])
  })

  it('is dropped by a removal before the restore: a logout restores nothing it read', async () => {
    scope[CACHE_READ_GLOBAL] = Promise.resolve([
      [CLIENT_KEY, { buster: 'b', timestamp: 1, mutations: [] }],
    ])
    const persister = createIdbPersister()
    await persister.removeClient()
    await expect(persister.restoreClient()).resolves.toBeUndefined()
  })

  it('is left for the default database only', async () => {
    scope[CACHE_READ_GLOBAL] = Promise.resolve([
      [CLIENT_KEY, { buster: 'b', timestamp: 1, mutations: [] }],
    ])
    await expect(createIdbPersister('elsewhere').restoreClient()).resolves.toBeUndefined()
    expect(scope[CACHE_READ_GLOBAL]).toBeDefined()
  })
})
