import type { Page } from '@playwright/test'

// How many queries the portal's persisted cache (idb-keyval's default store) holds; 0 when gone.
export function persistedQueryCount(page: Page): Promise<number> {
  return page.evaluate(
    () =>
      new Promise<number>((resolve, reject) => {
        const open = indexedDB.open('keyval-store')
        open.onerror = () => reject(open.error)
        open.onsuccess = () => {
          const db = open.result
          if (!db.objectStoreNames.contains('keyval')) return resolve(0)
          const get = db.transaction('keyval').objectStore('keyval').get('portal:local:query-cache')
          get.onerror = () => reject(get.error)
          get.onsuccess = () => {
            const value = get.result as { clientState?: { queries?: unknown[] } } | undefined
            resolve(value?.clientState?.queries?.length ?? 0)
          }
        }
      }),
  )
}
