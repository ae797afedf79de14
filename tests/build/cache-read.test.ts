// index.html's loader begins reading the persisted cache before the app's code has arrived
// (scripts/first-paint.ts); the persister's restore takes that read. Its script, run as the loader
// runs it, reads what the persister would read itself, from the database and store the persister
// names (src/offline/cache-layout.ts).
import 'fake-indexeddb/auto'
import { createStore, entries } from 'idb-keyval'
import { afterEach, describe, expect, it } from 'vitest'
import { cacheReadScript } from '../../scripts/first-paint'
import { CACHE_READ_GLOBAL } from '../../src/offline/cache-layout'
import { createIdbPersister, QUERY_CACHE_DB, QUERY_STORE } from '../../src/offline/idb-persister'

const scope = globalThis as { [CACHE_READ_GLOBAL]?: Promise<unknown> }
afterEach(() => {
  delete scope[CACHE_READ_GLOBAL]
})

const client = (timestamp: number, hashes: string[]) => ({
  timestamp,
  buster: 'user-1',
  clientState: {
    mutations: [],
    queries: hashes.map((hash) => ({
      queryKey: ['sub_x', hash],
      queryHash: hash,
      state: { data: { hash }, dataUpdatedAt: 1, status: 'success', isInvalidated: false },
    })),
  },
})

describe("index.html's read of the persisted cache", () => {
  it("reads what index.html's loader script reads: the same records, restored the same", async () => {
    const persister = createIdbPersister()
    await persister.removeClient()
    await persister.persistClient(client(8, ['a', 'b']) as never)
    const own = await createIdbPersister().restoreClient()
    // The loader's own script, as index.html runs it (window is the global scope there).
    const withWindow = globalThis as { window?: unknown }
    withWindow.window = globalThis
    try {
      new Function(
        cacheReadScript({
          database: QUERY_CACHE_DB,
          store: QUERY_STORE,
          global: CACHE_READ_GLOBAL,
        }),
      )()
    } finally {
      delete withWindow.window
    }
    const read = scope[CACHE_READ_GLOBAL]
    await expect(read).resolves.toEqual(await entries(createStore(QUERY_CACHE_DB, QUERY_STORE)))
    await expect(createIdbPersister().restoreClient()).resolves.toEqual(own)
    expect(scope[CACHE_READ_GLOBAL]).toBeUndefined()
  })

  it('makes the store in a database that did not exist, as the persister would', async () => {
    const withWindow = globalThis as { window?: unknown }
    withWindow.window = globalThis
    try {
      new Function(
        cacheReadScript({ database: 'fresh', store: QUERY_STORE, global: CACHE_READ_GLOBAL }),
      )()
    } finally {
      delete withWindow.window
    }
    await expect(scope[CACHE_READ_GLOBAL]).resolves.toEqual([])
    await createIdbPersister('fresh').persistClient(client(1, ['a']) as never)
    await expect(createIdbPersister('fresh').restoreClient()).resolves.toMatchObject({
      timestamp: 1,
    })
  })
})
