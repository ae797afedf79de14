import type { Page } from '@playwright/test'

// The e2e build's persisted cache: its database and object store (src/offline/idb-persister.ts).
export const PERSISTED_CACHE_DB = 'portal:local:query-cache'
export const PERSISTED_CACHE_STORE = 'entries'

// The keys (as JSON) of the queries the portal's persisted cache holds (a record each in its own
// IndexedDB database, src/offline/idb-persister.ts); none when it is gone.
export function persistedQueryKeys(page: Page): Promise<string[]> {
  return page.evaluate(
    async ({ database, store }) => {
      // Opening a database that does not exist would make an empty one the portal cannot use.
      const known = await indexedDB.databases()
      if (!known.some((info) => info.name === database)) return []
      return new Promise<string[]>((resolve, reject) => {
        const open = indexedDB.open(database)
        open.onerror = () => reject(open.error)
        open.onsuccess = () => {
          const db = open.result
          if (!db.objectStoreNames.contains(store)) return resolve([])
          const all = db.transaction(store).objectStore(store).getAll()
          all.onerror = () => reject(all.error)
          all.onsuccess = () => {
            db.close()
            const records = all.result as { query?: { queryKey: unknown } }[]
            resolve(
              records.flatMap((record) =>
                record.query ? [JSON.stringify(record.query.queryKey)] : [],
              ),
            )
          }
        }
      })
    },
    { database: PERSISTED_CACHE_DB, store: PERSISTED_CACHE_STORE },
  )
}

// How many queries the portal's persisted cache holds; 0 when gone.
export async function persistedQueryCount(page: Page): Promise<number> {
  return (await persistedQueryKeys(page)).length
}

/**
 * Of these ids, those no persisted query key names yet. A test waits for none before it leaves a
 * page: leaving a document aborts its unfinished IndexedDB writes.
 */
export async function unsavedIds(page: Page, ids: readonly string[]): Promise<string[]> {
  const keys = await persistedQueryKeys(page)
  return ids.filter((id) => !keys.some((key) => key.includes(id)))
}
