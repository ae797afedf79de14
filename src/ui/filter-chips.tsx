import { Button } from '@/ui/button'
import './filter-chips.css'

export interface FilterChip {
  id: string
  // e.g. 'Card scheme'
  label: string
  // e.g. 'Visa'
  value: string
  onRemove: () => void
}

// The active filters of a list, each removable, plus 'Clear all' (sales and payouts lists, docs/screens.md#payouts).
export function FilterChips({
  chips,
  onClearAll,
  label = 'Active filters',
}: {
  chips: readonly FilterChip[]
  onClearAll: () => void
  label?: string
}) {
  if (chips.length === 0) return null
  return (
    <div className="filter-chips" role="group" aria-label={label}>
      <ul className="filter-chips__list">
        {chips.map((chip) => (
          <li key={chip.id}>
            <button
              type="button"
              className="filter-chip"
              aria-label={`Remove filter ${chip.label}: ${chip.value}`}
              onClick={chip.onRemove}
            >
              <span className="filter-chip__label">{chip.label}:</span> {chip.value}
              <span className="filter-chip__remove" aria-hidden="true">
                ×
              </span>
            </button>
          </li>
        ))}
      </ul>
      <Button variant="ghost" size="small" onClick={onClearAll}>
        Clear all
      </Button>
    </div>
  )
}
