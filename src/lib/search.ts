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
