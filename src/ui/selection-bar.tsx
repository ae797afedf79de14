import type { ReactNode } from 'react'
import { Button } from '@/ui/button'
import { Choice } from '@/ui/choice'
import type { RowSelection } from '@/ui/use-row-selection'
import './selection-bar.css'

const number = new Intl.NumberFormat('en-GB')

// One row's checkbox, in its table cell or beside its card; the whole touch target toggles it.
export function RowCheck({
  checked,
  onChange,
  label,
}: {
  checked: boolean
  onChange: (on: boolean) => void
  label: string
}) {
  return (
    <label className="row-check">
      <input
        type="checkbox"
        checked={checked}
        onChange={(event) => onChange(event.target.checked)}
        aria-label={label}
      />
    </label>
  )
}

interface SelectionBarProps<Row extends { id: string }> {
  // The region's name ('Bulk actions').
  label: string
  selection: RowSelection<Row>
  // The rows of the page shown; null while it loads.
  pageRows: readonly Row[] | null
  // Offered once the whole page is ticked and the query has more: 'Select all N matching'.
  matching?: { total: number; max: number; noun: string } | null
  // What can be done with the selection; shown only once a row is selected.
  actions: ReactNode
  // Notes and alerts under the bar.
  children?: ReactNode
}

/**
 * The selection of a list, in the kit's toolbar slot: a 'Select all on this page' box (clear,
 * mixed or ticked) and, only once a row is selected, a contextual bar with the count, Clear and
 * the actions, as mail apps do, so an untouched list opens on its rows.
 */
export function SelectionBar<Row extends { id: string }>({
  label,
  selection,
  pageRows,
  matching,
  actions,
  children,
}: SelectionBarProps<Row>) {
  const page = pageRows ?? []
  const pageState = selection.pageState(page)
  const onPage = page.filter((row) => selection.has(row.id)).length
  const count = selection.matching && matching ? matching.total : selection.rows.size
  const elsewhere = selection.matching ? 0 : count - onPage
  const active = count > 0
  const canMatch =
    matching && !selection.matching && pageState === 'all' && matching.total > page.length

  return (
    <section
      className={active ? 'selection-bar selection-bar--active' : 'selection-bar'}
      aria-label={label}
    >
      <div className="selection-bar__selection">
        <Choice
          type="checkbox"
          label="Select all on this page"
          checked={pageState === 'all'}
          indeterminate={pageState === 'some'}
          disabled={page.length === 0}
          onChange={(on) => selection.set(page, on)}
        />
        {active && (
          <>
            <p className="selection-bar__count" role="status">
              <strong>{number.format(count)} selected</strong>
              {elsewhere > 0 && (
                <span className="muted">{` (${number.format(elsewhere)} on other pages)`}</span>
              )}
              {selection.matching && matching && (
                <span className="muted">{` (all ${matching.noun} matching the filters)`}</span>
              )}
            </p>
            <Button variant="ghost" size="small" onClick={selection.clear}>
              Clear selection
            </Button>
          </>
        )}
      </div>
      {canMatch &&
        (matching.total <= matching.max ? (
          <Button
            variant="ghost"
            size="small"
            className="selection-bar__matching"
            onClick={() => selection.selectMatching(page)}
          >
            {`Select all ${number.format(matching.total)} matching`}
          </Button>
        ) : (
          <p className="muted selection-bar__note">
            {`${number.format(matching.total)} ${matching.noun} match; up to ${number.format(matching.max)} can be selected at once. Narrow the filters to select them all.`}
          </p>
        ))}
      {active && <div className="selection-bar__actions">{actions}</div>}
      {children}
    </section>
  )
}
