import type { Page } from '@playwright/test'

// The keys (as JSON) of the queries the portal's persisted cache (idb-keyval's default store)
// holds; none when it is gone.
export function persistedQueryKeys(page: Page): Promise<string[]> {
  return page.evaluate(
    () =>
      new Promise<string[]>((resolve, reject) => {
        const open = indexedDB.open('keyval-store')
        open.onerror = () => reject(open.error)
        open.onsuccess = () => {
          const db = open.result
          if (!db.objectStoreNames.contains('keyval')) return resolve([])
          const get = db.transaction('keyval').objectStore('keyval').get('portal:local:query-cache')
          get.onerror = () => reject(get.error)
          get.onsuccess = () => {
            const value = get.result as
              { clientState?: { queries?: { queryKey: unknown }[] } } | undefined
            resolve((value?.clientState?.queries ?? []).map((q) => JSON.stringify(q.queryKey)))
          }
        }
      }),
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
