// The persisted cache's IndexedDB layout, in one place for the persister (idb-persister.ts) and
// index.html's loader, which starts reading it before the app's code has arrived
// (scripts/first-paint.ts, given these names by vite.config.ts). No imports: the Vite config
// loads this file in Node.

// The database, one per API environment, and its one object store.
export const queryCacheDatabase = (apiEnv: string): string => `portal:${apiEnv}:query-cache`
export const QUERY_STORE = 'entries'
// The cache's own record: whose it is, when it was saved, and the outbox.
export const CLIENT_KEY = 'client'
// Each saved query is a record of its own, under this prefix and its query hash.
export const QUERY_KEY_PREFIX = 'query:'

// Where the loader leaves its read: every record of the store, as [key, value] pairs, or
// undefined when it could not read them.
export const CACHE_READ_GLOBAL = '__portalCacheRead'
