import { useCallback, useState } from 'react'
import { MAX_QUERY_LENGTH } from '@/features/search/query-reader'

// Recent searches (docs/screens.md#search): the query texts a person opened a result from, per
// person and account, in this browser only. A query holds no more than the person typed.

export const MAX_RECENT = 5

export function recentSearchesKey(userId: string, submerchantId: string): string {
  return `portal:recent-searches:${userId}:${submerchantId}`
}

export function parseRecent(stored: string | null): string[] {
  try {
    const value: unknown = JSON.parse(stored ?? '[]')
    if (!Array.isArray(value)) return []
    return value
      .filter((item): item is string => typeof item === 'string' && item.trim() !== '')
      .map((item) => item.slice(0, MAX_QUERY_LENGTH))
      .slice(0, MAX_RECENT)
  } catch {
    return []
  }
}

export function withRecent(list: readonly string[], query: string): string[] {
  const text = query.trim().replace(/\s+/g, ' ').slice(0, MAX_QUERY_LENGTH)
  if (!text) return [...list]
  return [text, ...list.filter((item) => item.toLowerCase() !== text.toLowerCase())].slice(
    0,
    MAX_RECENT,
  )
}

function read(key: string): string[] {
  try {
    return parseRecent(localStorage.getItem(key))
  } catch {
    return []
  }
}

function write(key: string, list: readonly string[]): void {
  try {
    if (list.length === 0) localStorage.removeItem(key)
    else localStorage.setItem(key, JSON.stringify(list))
  } catch {
    // Blocked or full storage: recent searches are a convenience.
  }
}

export function useRecentSearches(userId: string, submerchantId: string) {
  const key = recentSearchesKey(userId, submerchantId)
  const [state, setState] = useState(() => ({ key, list: read(key) }))
  const list = state.key === key ? state.list : read(key)
  const remember = useCallback(
    (query: string) => {
      const next = withRecent(read(key), query)
      write(key, next)
      setState({ key, list: next })
    },
    [key],
  )
  const clear = useCallback(() => {
    write(key, [])
    setState({ key, list: [] })
  }, [key])
  return { recent: list, remember, clear }
}
