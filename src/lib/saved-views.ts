import { parseListSearch, viewOf, type ListSearch, type ListSpec } from '@/lib/list-search'

// A named view of a list: only the URL's filters and sort, nothing read from the account.
export interface SavedView {
  name: string
  search: ListSearch
}

export const MAX_VIEW_NAME_LENGTH = 40
export const MAX_SAVED_VIEWS = 20
export const VIEW_NAME_MESSAGES = {
  required: 'Name required',
  tooLong: `Use at most ${MAX_VIEW_NAME_LENGTH} characters`,
} as const

// Per list, user and account: two lists' views never mix, nor two people's on a shared tablet.
export function savedViewsKey(listId: string, userId: string, submerchantId: string): string {
  return `portal:saved-views:${listId}:${userId}:${submerchantId}`
}

// Before lists had ids, the sales list's views were kept under the user and account alone.
function legacyKey(listId: string, userId: string, submerchantId: string): string | null {
  return listId === 'sales' ? `portal:saved-views:${userId}:${submerchantId}` : null
}

export function validateViewName(name: string): string | null {
  const trimmed = name.trim()
  if (!trimmed) return VIEW_NAME_MESSAGES.required
  if (trimmed.length > MAX_VIEW_NAME_LENGTH) return VIEW_NAME_MESSAGES.tooLong
  return null
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value)
}

// Whatever is stored is re-validated; a corrupt entry (or corrupt JSON) is dropped, never trusted.
export function parseSavedViews(spec: ListSpec, stored: string | null): SavedView[] {
  if (!stored) return []
  let value: unknown
  try {
    value = JSON.parse(stored)
  } catch {
    return []
  }
  if (!Array.isArray(value)) return []
  const views: SavedView[] = []
  for (const item of value) {
    if (!isRecord(item) || typeof item.name !== 'string' || !isRecord(item.search)) continue
    if (validateViewName(item.name) !== null) continue
    const name = item.name.trim()
    if (views.some((view) => view.name === name)) continue
    views.push({ name, search: viewOf(parseListSearch(spec, item.search)) })
  }
  return views.slice(0, MAX_SAVED_VIEWS)
}

// Saving under an existing name replaces that view; the newest view comes first.
export function upsertView(views: readonly SavedView[], name: string, search: ListSearch) {
  const view: SavedView = { name: name.trim(), search: viewOf(search) }
  return [view, ...views.filter((existing) => existing.name !== view.name)].slice(
    0,
    MAX_SAVED_VIEWS,
  )
}

export function removeView(views: readonly SavedView[], name: string): SavedView[] {
  return views.filter((view) => view.name !== name)
}

export interface SavedViewStore {
  read(): SavedView[]
  // false when the browser refused to store them (private mode, quota).
  write(views: readonly SavedView[]): boolean
}

// Storage can be missing, full or corrupt: reading then gives no views, writing reports false.
export function savedViewStore(
  spec: ListSpec,
  owner: { userId: string; submerchantId: string },
  storage: Storage | null = safeLocalStorage(),
): SavedViewStore {
  const key = savedViewsKey(spec.id, owner.userId, owner.submerchantId)
  const legacy = legacyKey(spec.id, owner.userId, owner.submerchantId)
  return {
    read(): SavedView[] {
      try {
        const stored = storage?.getItem(key) ?? null
        if (stored !== null || !legacy) return parseSavedViews(spec, stored)
        // Moved once to the list's own key; the old key then goes.
        const views = parseSavedViews(spec, storage?.getItem(legacy) ?? null)
        if (views.length > 0) storage?.setItem(key, JSON.stringify(views))
        storage?.removeItem(legacy)
        return views
      } catch {
        return []
      }
    },
    write(views: readonly SavedView[]): boolean {
      if (!storage) return false
      try {
        if (views.length === 0) storage.removeItem(key)
        else storage.setItem(key, JSON.stringify(views))
        return true
      } catch {
        return false
      }
    },
  }
}

function safeLocalStorage(): Storage | null {
  try {
    return typeof localStorage === 'undefined' ? null : localStorage
  } catch {
    return null
  }
}
