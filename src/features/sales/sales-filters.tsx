import { useEffect, useEffectEvent, useState, type ReactNode } from 'react'
import { CARD_SCHEMES, CARD_TYPES, SALE_METHODS } from '@/api/schema/sale-values'
import { prettify } from '@/lib/prettify'
import {
  DEFAULT_PERIOD,
  MAX_SERIAL_LENGTH,
  PAN_LAST_FOUR_MESSAGE,
  PAN_LAST_FOUR_PATTERN,
  type SalesSearch,
} from '@/features/sales/search-params'
import { salesDayRange } from '@/features/sales/search'
import { DateRange, type DateRangeValue } from '@/ui/date-range'
import { Field } from '@/ui/field'

// §9 search debounce: free text is applied after a pause, on Enter, or when the field is left.
const SEARCH_DEBOUNCE_MS = 500

// §9 filter values, each a select with 'All'.
const SELECTS = [
  { key: 'cardScheme', label: 'Card scheme', values: CARD_SCHEMES },
  { key: 'method', label: 'Method', values: SALE_METHODS },
  { key: 'cardType', label: 'Card type', values: CARD_TYPES },
] as const

interface SalesFiltersProps {
  search: SalesSearch
  onChange: (change: Partial<SalesSearch>) => void
}

export function SalesFilters({ search, onChange }: SalesFiltersProps) {
  const range: DateRangeValue = {
    preset: search.period ?? DEFAULT_PERIOD,
    ...salesDayRange(search),
  }
  return (
    <div className="sales-filters">
      <DateRange
        legend="Captured at"
        value={range}
        onChange={(next) =>
          onChange({
            period: next.preset,
            start: next.preset === 'custom' ? (next.start ?? undefined) : undefined,
            end: next.preset === 'custom' ? (next.end ?? undefined) : undefined,
          })
        }
      />
      <div className="sales-filters__grid">
        {SELECTS.map(({ key, label, values }) => (
          <SelectFilter
            key={key}
            label={label}
            values={values}
            value={search[key]}
            onChange={(value) => onChange({ [key]: value })}
          />
        ))}
        <TextFilter
          label="Terminal serial number"
          value={search.terminalSerialNumber}
          maxLength={MAX_SERIAL_LENGTH}
          onApply={(terminalSerialNumber) => onChange({ terminalSerialNumber })}
        />
        <TextFilter
          label="PAN last four"
          value={search.panLastFour}
          maxLength={4}
          inputMode="numeric"
          hint="The last 4 digits of the card"
          validate={(text) => (PAN_LAST_FOUR_PATTERN.test(text) ? null : PAN_LAST_FOUR_MESSAGE)}
          onApply={(panLastFour) => onChange({ panLastFour })}
        />
      </div>
    </div>
  )
}

function SelectFilter<T extends string>({
  label,
  values,
  value,
  onChange,
}: {
  label: string
  values: readonly T[]
  value: T | undefined
  onChange: (value: T | undefined) => void
}) {
  return (
    <Field label={label}>
      {(control) => (
        <select
          {...control}
          className="input"
          value={value ?? ''}
          onChange={(event) => onChange(values.find((allowed) => allowed === event.target.value))}
        >
          <option value="">All</option>
          {values.map((option) => (
            <option key={option} value={option}>
              {prettify(option)}
            </option>
          ))}
        </select>
      )}
    </Field>
  )
}

interface TextFilterProps {
  label: string
  value: string | undefined
  onApply: (value: string | undefined) => void
  // A message when the text cannot be sent; nothing is applied while it is invalid.
  validate?: (text: string) => string | null
  hint?: ReactNode
  maxLength?: number
  inputMode?: 'numeric' | 'text'
}

function TextFilter({
  label,
  value,
  onApply,
  validate,
  hint,
  maxLength,
  inputMode,
}: TextFilterProps) {
  const [draft, setDraft] = useState(value ?? '')
  const [applied, setApplied] = useState(value)
  const [showError, setShowError] = useState(false)
  // The URL changed under us (chip removed, view applied): show what it now says.
  if (applied !== value) {
    setApplied(value)
    setDraft(value ?? '')
    setShowError(false)
  }
  const text = draft.trim()
  const error = text && validate ? validate(text) : null

  function commit() {
    if (error) {
      setShowError(true)
      return
    }
    const next = text || undefined
    if (next !== value) onApply(next)
  }
  const commitLater = useEffectEvent(commit)

  useEffect(() => {
    const timer = setTimeout(commitLater, SEARCH_DEBOUNCE_MS)
    return () => clearTimeout(timer)
  }, [draft])

  return (
    <Field label={label} hint={hint} error={showError ? error : null}>
      {(control) => (
        <input
          {...control}
          type="search"
          className="input"
          value={draft}
          maxLength={maxLength}
          inputMode={inputMode}
          autoComplete="off"
          enterKeyHint="search"
          onChange={(event) => {
            setDraft(event.target.value)
            setShowError(false)
          }}
          onBlur={commit}
          onKeyDown={(event) => {
            if (event.key === 'Enter') {
              event.preventDefault()
              commit()
            }
          }}
        />
      )}
    </Field>
  )
}
