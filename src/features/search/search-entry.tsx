import { useCallback, useLayoutEffect, useRef, useState, type ComponentType } from 'react'
import { loadModule } from '@/lib/lazy-load'
import type { AccessSubject } from '@/policy/access'
import { Icon } from '@/ui/icons'
import { ModuleUnavailable } from '@/ui/module-unavailable'
import './search-entry.css'

// Where the box lives in the top bar (docs/screens.md#search). This part is light: the reader,
// the results and chrono-node load on first use (focus, the button or a shortcut).

export interface SearchPanelProps {
  mode: 'bar' | 'sheet'
  initialText: string
  submerchantId: string
  userId: string
  subject: AccessSubject
  // Take focus when shown (the sheet, or the bar's field the person is in).
  autoFocus: boolean
  // The sheet closed, or a result was opened.
  onClose: () => void
}

export interface SearchModule {
  SearchPanel: ComponentType<SearchPanelProps>
}

interface SearchEntryProps {
  // Tablets and wider: a field in the bar; phones: a button opening a full-screen sheet.
  wide: boolean
  submerchantId: string
  userId: string
  subject: AccessSubject
  load: () => Promise<SearchModule>
}

// What the field is, before and after the search code loads: the same combobox to a person.
export const SEARCH_INPUT = {
  role: 'combobox',
  'aria-label': 'Search',
  'aria-autocomplete': 'list',
  'aria-keyshortcuts': 'Control+K Meta+K /',
  className: 'search__input',
  type: 'text',
  autoComplete: 'off',
  spellCheck: false,
  placeholder: 'Card, amount, reference, date…',
} as const

export const SEARCH_ICON = (
  <span className="search__icon">
    <Icon name="search" />
  </span>
)

// A key typed into a field is the field's: '/' opens the box only from elsewhere.
function typingIn(target: EventTarget | null): boolean {
  return (
    target instanceof HTMLElement &&
    (target.isContentEditable || ['INPUT', 'TEXTAREA', 'SELECT'].includes(target.tagName))
  )
}

export function SearchEntry({ wide, load, ...context }: SearchEntryProps) {
  const [module, setModule] = useState<SearchModule | null>(null)
  const [failed, setFailed] = useState(false)
  const [text, setText] = useState('')
  const [sheetOpen, setSheetOpen] = useState(false)
  const [barKey, setBarKey] = useState(0)
  const placeholder = useRef<HTMLInputElement>(null)
  const loading = useRef(false)

  const start = useCallback(() => {
    if (loading.current) return
    loading.current = true
    setFailed(false)
    loadModule(load).then(setModule, () => {
      loading.current = false
      setFailed(true)
    })
  }, [load])

  const openBox = useCallback(() => {
    start()
    if (wide) {
      placeholder.current?.focus()
      document.querySelector<HTMLInputElement>('.search--bar .search__input')?.focus()
    } else setSheetOpen(true)
  }, [start, wide])

  // Listening from the commit that shows the field, not from the passive effects that may run after
  // the first paint: a shortcut pressed on a page that is already on screen is never lost.
  useLayoutEffect(() => {
    const onKey = (event: KeyboardEvent) => {
      const modK = event.key.toLowerCase() === 'k' && (event.ctrlKey || event.metaKey)
      const slash = event.key === '/' && !event.ctrlKey && !event.metaKey && !event.altKey
      if (!modK && !(slash && !typingIn(event.target))) return
      if (document.querySelector('dialog[open]:not(.search-sheet)')) return
      event.preventDefault()
      openBox()
    }
    window.addEventListener('keydown', onKey)
    return () => window.removeEventListener('keydown', onKey)
  }, [openBox])

  const failure = failed && (
    <div className="search-entry__failure">
      <ModuleUnavailable onRetry={start} />
    </div>
  )

  if (wide) {
    return (
      <div className="search-entry search-entry--bar">
        {module ? (
          <module.SearchPanel
            key={barKey}
            mode="bar"
            initialText={text}
            autoFocus={barKey === 0}
            {...context}
            onClose={() => {
              setText('')
              setBarKey((n) => n + 1)
            }}
          />
        ) : (
          <div className="search search--bar">
            <div className="search__field">
              {SEARCH_ICON}
              <input
                ref={placeholder}
                {...SEARCH_INPUT}
                aria-expanded="false"
                value={text}
                onChange={(event) => setText(event.target.value)}
                onFocus={start}
              />
            </div>
          </div>
        )}
        {failure}
      </div>
    )
  }
  return (
    <div className="search-entry search-entry--button">
      <button
        type="button"
        className="search-entry__open"
        aria-label="Search"
        aria-keyshortcuts="Control+K Meta+K /"
        onClick={openBox}
      >
        <Icon name="search" />
      </button>
      {sheetOpen && module && (
        <module.SearchPanel
          mode="sheet"
          initialText=""
          autoFocus
          {...context}
          onClose={() => setSheetOpen(false)}
        />
      )}
      {sheetOpen && failure}
    </div>
  )
}
