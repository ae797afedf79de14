import { parseSearchWith, stringifySearchWith } from '@tanstack/react-router'
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

// A list URL's values as text and numbers, before its list's spec checks them.
export type PlainSearch = Record<string, string | number | undefined>

/**
 * A list route's validateSearch: plain values only. The router reads each value as JSON, so
 * `?hasSucceeded=true` typed by hand arrives as a boolean (and `null` as null): each is kept as
 * the text typed. The screen checks the values against its list's spec (lib/use-list-search),
 * whose code loads with the screen, not at boot.
 */
export function plainSearch(raw: Record<string, unknown>): PlainSearch {
  const search: PlainSearch = {}
  for (const [key, value] of Object.entries(raw)) {
    if (typeof value === 'number') {
      if (Number.isFinite(value)) search[key] = value
    } else if (typeof value === 'boolean' || value === null) {
      search[key] = String(value)
    } else {
      const text = optionalString(value)
      if (text !== undefined) search[key] = text
    }
  }
  return search
}

// The router reads each URL value as JSON, except a number JSON would rewrite: `?amount=12.50` or
// `?reference=1e3` typed by hand stays the text typed (and is written back unquoted).
function readUrlValue(text: string): unknown {
  const value: unknown = JSON.parse(text)
  if (typeof value === 'number' && String(value) !== text) throw new Error('kept as text')
  return value
}

export const parseSearch = parseSearchWith(readUrlValue)
export const stringifySearch = stringifySearchWith(JSON.stringify, readUrlValue)
