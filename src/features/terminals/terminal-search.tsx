import { useEffect, useId, useState } from 'react'
import { useQuery } from '@tanstack/react-query'
import { Link } from '@tanstack/react-router'
import { SEARCH_DEBOUNCE_MS } from '@/config/limits'
import { prettify } from '@/lib/prettify'
import { terminalQueries } from '@/features/terminals/api'
import { TERMINAL_ROUTE } from '@/features/terminals/terminals-columns'

// Search (docs/constants.md#timing): 500 ms after the last key, up to 10 suggestions, each opening its terminal.
export function TerminalSearch({ submerchantId }: { submerchantId: string }) {
  const [text, setText] = useState('')
  const [q, setQ] = useState('')
  const id = useId()
  useEffect(() => {
    const timer = window.setTimeout(() => setQ(text.trim()), SEARCH_DEBOUNCE_MS)
    return () => window.clearTimeout(timer)
  }, [text])
  const query = useQuery(terminalQueries.search(submerchantId, q))
  const pending = text.trim() !== q
  const items = q ? (query.data?.items ?? []) : []
  return (
    <div className="terminal-search" role="search">
      <label htmlFor={id} className="field__label">
        Search terminals
      </label>
      <input
        id={id}
        className="input"
        type="search"
        value={text}
        maxLength={100}
        placeholder="Serial number, name or reference"
        aria-describedby={`${id}-status`}
        data-pending={pending || query.isFetching ? 'true' : undefined}
        onChange={(event) => setText(event.target.value)}
      />
      <p id={`${id}-status`} className="visually-hidden" aria-live="polite">
        {q && !pending && query.isSuccess ? `${items.length} suggestions` : ''}
      </p>
      {q && !pending && query.isSuccess && (
        <ul className="terminal-search__list" aria-label="Suggestions">
          {items.length === 0 && <li className="muted">No terminals match “{q}”</li>}
          {items.map((t) => (
            <li key={t.id}>
              <Link to={TERMINAL_ROUTE} params={{ terminalId: t.id }}>
                {t.name ?? t.serialNumber}
                <span className="muted">
                  {' '}
                  {t.serialNumber}
                  {t.customReference ? ` · ${t.customReference}` : ''} · {prettify(t.model)}
                </span>
              </Link>
            </li>
          ))}
        </ul>
      )}
      {query.isError && <p className="muted">Search failed; try again.</p>}
    </div>
  )
}
