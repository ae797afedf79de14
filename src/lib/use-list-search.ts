import { useCallback, useEffect, useMemo, useRef } from 'react'
import { parseListSearch, sameSearch, type ListSearch, type ListSpec } from '@/lib/list-search'

type Go = (search: ListSearch, replace: boolean) => void

/**
 * A list route's view, read from its URL against the list's spec. The route itself only keeps
 * plain values (lib/search's plainSearch), so the specs stay out of the first paint's bundle; here,
 * in the screen's chunk, anything the list does not understand is dropped, from the URL as well
 * (replacing the entry, so Back does not return to it). Returns the view and its setter.
 */
export function useListSearch(
  spec: ListSpec,
  raw: ListSearch,
  go: Go,
): [ListSearch, (search: ListSearch) => void] {
  const search = useMemo(() => parseListSearch(spec, raw), [spec, raw])
  const clean = sameSearch(search, raw)
  const goRef = useRef(go)
  useEffect(() => {
    goRef.current = go
  })
  useEffect(() => {
    if (!clean) goRef.current(search, true)
  }, [clean, search])
  const change = useCallback((next: ListSearch) => goRef.current(next, false), [])
  return [search, change]
}
