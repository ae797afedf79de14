import type { ListSearch } from '@/lib/list-search'
import { safeRedirect } from '@/lib/safe-redirect'

// Search-param readers for validateSearch: anything unexpected becomes undefined, never a crash.
export function optionalString(value: unknown, maxLength = 2000): string | undefined {
  if (typeof value === 'number') return String(value)
  return typeof value === 'string' && value !== '' && value.length <= maxLength ? value : undefined
}

// A `redirect` target, kept only when it is a same-origin path.
export function optionalRedirect(value: unknown): string | undefined {
  return value === undefined || value === '' ? undefined : safeRedirect(value)
}

export function optionalFlag(value: unknown): true | undefined {
  return value === true || value === 'true' ? true : undefined
}

/**
 * A list route's validateSearch: plain values only (text and numbers). The screen checks them
 * against its list's spec (lib/use-list-search), whose code loads with the screen, not at boot.
 */
export function plainSearch(raw: Record<string, unknown>): ListSearch {
  const search: ListSearch = {}
  for (const [key, value] of Object.entries(raw)) {
    if (typeof value === 'number' ? Number.isFinite(value) : optionalString(value) !== undefined) {
      search[key] = value as string | number
    }
  }
  return search
}
