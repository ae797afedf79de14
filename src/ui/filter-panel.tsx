import { useEffect, useEffectEvent, useState, type ReactNode } from 'react'
import { SEARCH_DEBOUNCE_MS } from '@/config/limits'
import {
  amountFromKeyOf,
  amountProblem,
  amountToKeyOf,
  textProblem,
  type AmountFilterSpec,
  type DateRangeFilterSpec,
  type FilterSpec,
  type ListSearch,
  type ListSpec,
  type SelectFilterSpec,
} from '@/lib/list-search'
import { dateRangeChange, dayRangeOf } from '@/lib/list-view'
import { prettify } from '@/lib/prettify'
import { DateRange } from '@/ui/date-range'
import { Field } from '@/ui/field'
import './filter-panel.css'

type Change = (change: Partial<ListSearch>) => void

interface FilterPanelProps {
  spec: ListSpec
  search: ListSearch
  onChange: Change
}

// Every filter of a list's declaration, each by its kind; date ranges first, on their own row.
export function FilterPanel({ spec, search, onChange }: FilterPanelProps) {
  const ranges = spec.filters.filter((filter) => filter.kind === 'dateRange')
  const others = spec.filters.filter((filter) => filter.kind !== 'dateRange')
  return (
    <div className="filter-panel">
      {ranges.map((filter) => (
        <DateRangeFilter key={filter.key} filter={filter} search={search} onChange={onChange} />
      ))}
      {others.length > 0 && (
        <div className="filter-panel__grid">
          {others.map((filter) => (
            <FilterControl key={filter.key} filter={filter} search={search} onChange={onChange} />
          ))}
        </div>
      )}
    </div>
  )
}

function FilterControl({
  filter,
  search,
  onChange,
}: {
  filter: Exclude<FilterSpec, DateRangeFilterSpec>
  search: ListSearch
  onChange: Change
}) {
  const value = search[filter.key]
  const text = value === undefined ? undefined : String(value)
  const apply = (next: string | undefined) => onChange({ [filter.key]: next })
  switch (filter.kind) {
    case 'select':
      return <SelectFilter filter={filter} value={text} onChange={apply} />
    case 'text':
      return (
        <TextFilter
          label={filter.label}
          value={text}
          maxLength={filter.maxLength}
          inputMode={filter.inputMode}
          hint={filter.hint}
          validate={(draft) => textProblem(filter, draft)}
          onApply={apply}
        />
      )
    case 'amount':
      // An amount typed here replaces any range the URL held (the search's 'See all').
      return (
        <AmountFilter
          filter={filter}
          value={text}
          onApply={(next) =>
            onChange({
              [filter.key]: next,
              [amountFromKeyOf(filter)]: undefined,
              [amountToKeyOf(filter)]: undefined,
            })
          }
        />
      )
  }
}

export function DateRangeFilter({
  filter,
  search,
  onChange,
}: {
  filter: DateRangeFilterSpec
  search: ListSearch
  onChange: Change
}) {
  return (
    <DateRange
      legend={filter.label}
      presets={filter.presets}
      value={dayRangeOf(filter, search)}
      onChange={(next) => onChange(dateRangeChange(filter, next))}
    />
  )
}

// A select with 'All' first; an unknown value cannot be chosen.
export function SelectFilter({
  filter,
  value,
  onChange,
}: {
  filter: SelectFilterSpec
  value: string | undefined
  onChange: (value: string | undefined) => void
}) {
  const format = filter.format ?? prettify
  return (
    <Field label={filter.label}>
      {(control) => (
        <select
          {...control}
          className="input"
          value={value ?? ''}
          onChange={(event) =>
            onChange(filter.values.find((allowed) => allowed === event.target.value))
          }
        >
          <option value="">All</option>
          {filter.values.map((option) => (
            <option key={option} value={option}>
              {format(option)}
            </option>
          ))}
        </select>
      )}
    </Field>
  )
}

export function AmountFilter({
  filter,
  value,
  onApply,
}: {
  filter: AmountFilterSpec
  value: string | undefined
  onApply: (value: string | undefined) => void
}) {
  return (
    <TextFilter
      label={filter.label}
      value={value}
      maxLength={12}
      inputMode="decimal"
      hint="In pounds, such as 12.50"
      validate={amountProblem}
      onApply={onApply}
    />
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
  inputMode?: 'numeric' | 'decimal' | 'text'
}

// Search debounce (docs/constants.md#timing): free text is applied after a pause, on Enter, or when the field is left.
export function TextFilter({
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
  // A typed change waits for the debounce; marked on the input so tests can wait for it, not sleep.
  const [waiting, setWaiting] = useState(false)
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
  const commitLater = useEffectEvent(() => {
    setWaiting(false)
    commit()
  })

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
          data-pending={waiting || undefined}
          onChange={(event) => {
            setDraft(event.target.value)
            setShowError(false)
            setWaiting(true)
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
