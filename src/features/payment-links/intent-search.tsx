import { useEffect, useId, useState } from 'react'
import { useQuery } from '@tanstack/react-query'
import { Link } from '@tanstack/react-router'
import { SEARCH_DEBOUNCE_MS } from '@/config/limits'
import { intentQueries } from '@/features/payment-links/api'
import { INTENT_ROUTE } from '@/features/payment-links/payment-links-columns'
import { StatusBadge } from '@/features/payment-links/status-badge'
import { formatMoney } from '@/lib/money'

// The text settles for SEARCH_DEBOUNCE_MS before it is searched.
function useDebounced(value: string, ms: number): string {
  const [settled, setSettled] = useState(value)
  useEffect(() => {
    const timer = setTimeout(() => setSettled(value), ms)
    return () => clearTimeout(timer)
  }, [value, ms])
  return settled
}

// Search (docs/api.md#payment-links, docs/constants.md#timing): GET /v1/intents?q&limit=10 after a 500 ms pause in typing.
export function IntentSearch({ submerchantId }: { submerchantId: string }) {
  const [text, setText] = useState('')
  const q = useDebounced(text.trim(), SEARCH_DEBOUNCE_MS)
  const results = useQuery(intentQueries.search(submerchantId, q))
  const id = useId()
  const waiting = text.trim() !== q
  const items = q ? (results.data?.items ?? []) : []
  return (
    <div className="intent-search" role="search">
      <label className="field__label" htmlFor={id}>
        Search payment links
      </label>
      <input
        id={id}
        className="input"
        type="search"
        value={text}
        maxLength={100}
        placeholder="Reference, customer, email or phone"
        aria-busy={waiting || results.isFetching ? true : undefined}
        onChange={(event) => setText(event.target.value)}
      />
      {q && !waiting && results.isSuccess && (
        <>
          <p className="muted" role="status">
            {items.length === 0 ? 'No payment links match.' : `${items.length} shown`}
          </p>
          {items.length > 0 && (
            <ul className="intent-search__results" aria-label="Search results">
              {items.map((intent) => (
                <li key={intent.id}>
                  <Link to={INTENT_ROUTE} params={{ intentId: intent.id }}>
                    <strong>{formatMoney(intent.amount, intent.currency)}</strong>
                    <span>{intent.reference ?? intent.id}</span>
                    <span>{intent.customerName ?? ''}</span>
                    <StatusBadge status={intent.status} />
                  </Link>
                </li>
              ))}
            </ul>
          )}
        </>
      )}
    </div>
  )
}
