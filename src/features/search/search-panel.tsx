import {
  useEffect,
  useId,
  useMemo,
  useRef,
  useState,
  type KeyboardEvent,
  type MouseEvent,
} from 'react'
import { useRouter } from '@tanstack/react-router'
import { ONE_BOX_DEBOUNCE_MS } from '@/config/limits'
import { accessFor } from '@/policy/access'
import { idHit as makeIdHit } from '@/features/search/hits'
import {
  MAX_QUERY_LENGTH,
  readQuery,
  readingSummary,
  withoutPart,
} from '@/features/search/query-reader'
import { useRecentSearches } from '@/features/search/recent'
import { SEARCH_ICON, SEARCH_INPUT, type SearchPanelProps } from '@/features/search/search-entry'
import { resultOptions, SearchResults, type SearchOption } from '@/features/search/search-results'
import type { SearchTargets } from '@/features/search/targets'
import { useMeasureSearch } from '@/features/search/timing'
import { useSearchResults } from '@/features/search/use-search-results'
import { Dialog } from '@/ui/dialog'
import './search.css'

function useSettled(value: string, ms: number): string {
  const [settled, setSettled] = useState(value)
  useEffect(() => {
    const timer = window.setTimeout(() => setSettled(value), ms)
    return () => window.clearTimeout(timer)
  }, [value, ms])
  return settled
}

// Who may open a record typed as an id: the same rules as its list (docs/roles.md#search).
const ID_RULES = {
  payout: 'canViewPayouts',
  terminal: 'canViewTerminals',
  endpoint: 'canUseDeveloperTools',
} as const

/** The box itself (docs/screens.md#search): a combobox over grouped results. */
export function SearchPanel(props: SearchPanelProps & { targets: SearchTargets }) {
  const { targets, mode, initialText, submerchantId, userId, subject, autoFocus, onClose } = props
  const router = useRouter()
  const [text, setText] = useState(initialText)
  const [expanded, setExpanded] = useState(true)
  // The active option belongs to one set of results: new results start with none.
  const [picked, setPicked] = useState({ key: '', index: -1 })
  const settled = useSettled(text.trim(), ONE_BOX_DEBOUNCE_MS)
  const reading = useMemo(() => readQuery(settled), [settled])
  const { recent, remember, clear } = useRecentSearches(userId, submerchantId)
  const { groups, online } = useSearchResults({
    targets,
    submerchantId,
    subject,
    criteria: reading.criteria,
    enabled: settled !== '',
  })
  const id = reading.criteria.id
  const allowed =
    id && (!(id.kind in ID_RULES) || accessFor(subject)[ID_RULES[id.kind as keyof typeof ID_RULES]])
  const idHit = id && allowed ? makeIdHit(id.kind, id.id) : null
  const showRecent = text.trim() === '' && recent.length > 0
  const options: SearchOption[] = showRecent
    ? recent.map((query, i) => ({ id: `recent-${i}`, query }))
    : resultOptions(groups, idHit)
  const resultKey = `${settled}|${showRecent}|${options.length}`
  const active = picked.key === resultKey ? picked.index : -1
  const setActive = (next: (current: number) => number) =>
    setPicked({ key: resultKey, index: next(active) })
  const baseId = useId()
  const listId = `${baseId}-list`
  const optionId = (key: string) => `${baseId}-${key.replace(/[^A-Za-z0-9_-]/g, '_')}`
  const activeOption = options[active]
  const activeId = activeOption ? optionId(activeOption.id) : null
  const inputRef = useRef<HTMLInputElement>(null)

  useEffect(() => {
    if (activeId) document.getElementById(activeId)?.scrollIntoView({ block: 'nearest' })
  }, [activeId])
  useEffect(() => {
    if (autoFocus) inputRef.current?.focus()
  }, [autoFocus])

  const finish = () => {
    setExpanded(false)
    onClose()
  }
  const open = (href: string) => {
    if (settled) remember(settled)
    finish()
    void router.navigate({ href })
  }
  const onOpen = (event: MouseEvent<HTMLAnchorElement>, href: string) => {
    // Let the browser open new tabs and windows itself.
    if (event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey)
      return
    event.preventDefault()
    open(href)
  }
  const choose = (option: SearchOption | undefined) => {
    if (option?.href) open(option.href)
    else if (option?.query !== undefined) setText(option.query)
  }

  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    const last = options.length - 1
    if (event.key === 'ArrowDown' || event.key === 'ArrowUp') {
      event.preventDefault()
      setExpanded(true)
      if (last < 0) return
      const step = event.key === 'ArrowDown' ? 1 : -1
      setActive((current) =>
        current + step > last ? 0 : current + step < 0 ? last : current + step,
      )
    } else if (event.key === 'Enter') {
      event.preventDefault()
      choose(activeOption ?? (idHit ? options[0] : undefined))
    } else if (event.key === 'Escape') {
      event.preventDefault()
      if (mode === 'sheet' || !expanded) finish()
      else setExpanded(false)
    }
  }

  const pending = text.trim() !== settled || groups.some((group) => group.state === 'pending')
  useMeasureSearch(settled, !pending)
  const total = groups.reduce((sum, group) => sum + group.total, 0) + (idHit ? 1 : 0)
  const status = !settled
    ? ''
    : pending
      ? 'Searching…'
      : total === 0
        ? reading.problems.length > 0
          ? reading.problems.join('; ')
          : `Nothing found for ${readingSummary(reading) || settled}${online ? '' : ' on this device'}`
        : `${readingSummary(reading)}: ${total.toLocaleString('en-GB')} found${online ? '' : ' on this device'}`

  const box = (
    <div
      className={`search search--${mode}`}
      onBlur={(event) => {
        if (mode === 'bar' && !event.currentTarget.contains(event.relatedTarget as Node | null)) {
          setExpanded(false)
        }
      }}
    >
      <div className="search__field">
        {SEARCH_ICON}
        <input
          ref={inputRef}
          {...SEARCH_INPUT}
          aria-expanded={expanded && (options.length > 0 || !!settled)}
          aria-controls={listId}
          aria-activedescendant={activeId ?? undefined}
          inputMode="search"
          enterKeyHint="search"
          maxLength={MAX_QUERY_LENGTH}
          value={text}
          onChange={(event) => {
            setText(event.target.value)
            setExpanded(true)
          }}
          onFocus={() => setExpanded(true)}
          onKeyDown={onKeyDown}
        />
        {mode === 'sheet' && (
          <button type="button" className="search__close" onClick={finish}>
            Close
          </button>
        )}
      </div>
      {expanded && (
        <div className="search__popup">
          {reading.parts.length > 0 && settled === text.trim() && (
            <ul className="search__reading" aria-label="Read as">
              {reading.parts.map((part) => (
                <li
                  key={`${part.key}-${part.label}`}
                  className={`search__part search__part--${part.key}`}
                >
                  <span>{part.label}</span>
                  <button
                    type="button"
                    className="search__part-remove"
                    aria-label={`Remove ${part.label}`}
                    onClick={() => {
                      setText(withoutPart(text, part))
                      inputRef.current?.focus()
                    }}
                  >
                    ×
                  </button>
                </li>
              ))}
            </ul>
          )}
          <p className="search__status" role="status">
            {status}
          </p>
          {showRecent && <p className="search__recent-title">Recent searches</p>}
          {showRecent ? (
            <div
              role="listbox"
              id={listId}
              aria-label="Recent searches"
              className="search__listbox"
            >
              {recent.map((query, i) => (
                <div
                  key={query}
                  id={optionId(`recent-${i}`)}
                  role="option"
                  aria-selected={activeId === optionId(`recent-${i}`)}
                  className="search__option"
                  onMouseDown={(event) => event.preventDefault()}
                  onClick={() => setText(query)}
                >
                  {query}
                </div>
              ))}
            </div>
          ) : (
            <SearchResults
              listId={listId}
              groups={settled ? groups : []}
              idHit={settled ? idHit : null}
              criteria={reading.criteria}
              optionId={optionId}
              activeId={activeId}
              onOpen={onOpen}
            />
          )}
          {showRecent && (
            <button type="button" className="search__clear" onClick={clear}>
              Clear recent searches
            </button>
          )}
        </div>
      )}
    </div>
  )

  if (mode === 'bar') return box
  return (
    <Dialog open bare title="Search" className="search-sheet" onClose={finish}>
      {box}
    </Dialog>
  )
}
