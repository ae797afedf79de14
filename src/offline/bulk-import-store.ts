import { clear, createStore, del, get, getMany, keys, set, setMany } from 'idb-keyval'

/**
 * A bulk import in progress, kept in IndexedDB so that a closed tab, a reload or a lost connection
 * can resume it (issue 16): the import's id (the Idempotency-Key prefix, docs/constants.md#sizes-and-limits) and each row's state.
 * One import per user and account. Rows are stored one key each, so a row's change is one small
 * write. Cleared when the person starts over, and at logout with the rest of the account's data.
 */

export type BulkRowState = 'pending' | 'working' | 'success' | 'error' | 'cancelled'

export interface StoredImportMeta {
  id: string
  userId: string
  submerchantId: string
  fileName: string
  createdAt: string
  // Row numbers (1…total), one per valid row, in file order.
  total: number
}

export interface StoredImportRow<Payload = unknown> {
  n: number
  // The row's line in the file (the header is line 1).
  line: number
  values: Record<string, string>
  payload: Payload
  state: BulkRowState
  intentId?: string
  link?: string
  status?: string
  error?: string
}

let store: ReturnType<typeof createStore> | null = null
const db = () => (store ??= createStore('portal-bulk-imports', 'imports'))

const metaKey = (userId: string, submerchantId: string) => `meta:${userId}:${submerchantId}`
const rowKey = (importId: string, n: number) => `row:${importId}:${n}`

export async function saveImport<P>(
  meta: StoredImportMeta,
  rows: StoredImportRow<P>[],
): Promise<void> {
  await setMany(
    rows.map((row) => [rowKey(meta.id, row.n), row] as [IDBValidKey, unknown]),
    db(),
  )
  // The meta last: an import is only found once all its rows are there.
  await set(metaKey(meta.userId, meta.submerchantId), meta, db())
}

export function saveRow<P>(importId: string, row: StoredImportRow<P>): Promise<void> {
  return set(rowKey(importId, row.n), row, db())
}

export async function loadImport<P>(
  userId: string,
  submerchantId: string,
): Promise<{ meta: StoredImportMeta; rows: StoredImportRow<P>[] } | null> {
  const meta = await get<StoredImportMeta>(metaKey(userId, submerchantId), db())
  if (!meta) return null
  const numbers = Array.from({ length: meta.total }, (_, i) => i + 1)
  const rows = await getMany<StoredImportRow<P> | undefined>(
    numbers.map((n) => rowKey(meta.id, n)),
    db(),
  )
  if (rows.some((row) => row === undefined)) return null
  return { meta, rows: rows as StoredImportRow<P>[] }
}

export async function clearImport(userId: string, submerchantId: string): Promise<void> {
  const meta = await get<StoredImportMeta>(metaKey(userId, submerchantId), db())
  await del(metaKey(userId, submerchantId), db())
  if (!meta) return
  const prefix = `row:${meta.id}:`
  const stale = (await keys(db())).filter((key) => String(key).startsWith(prefix))
  await Promise.all(stale.map((key) => del(key, db())))
}

// Logout: nothing of an import stays on the device.
export function clearBulkImports(): Promise<void> {
  return clear(db())
}
