import { Fragment, useId, useMemo, useState, type ReactNode } from 'react'
import type { ListSort } from '@/api/list-query'
import { Button } from '@/ui/button'
import { Field } from '@/ui/field'
import { foldOrder, splitColumns, useTableFit } from '@/ui/table-fit'
import { useMediaQuery } from '@/ui/use-media-query'
import './data-table.css'

export interface Column<Row> {
  id: string
  header: string
  cell: (row: Row) => ReactNode
  // The server field this column sorts by; omit for unsortable columns.
  sortField?: string
  // Direction of the first click (dates and amounts usually start descending).
  firstDirection?: ListSort['direction']
  align?: 'start' | 'end'
  // Cells stay on one line; free text from people wraps.
  wrap?: boolean
  // When the table is wider than its frame, columns with a priority fold into each row's details
  // (behind its 'More' button), the highest number first, until it fits; 1 folds last. What the
  // row is, its link and its actions have none: they never fold.
  priority?: number
}

/**
 * A phone card of one row. It names the columns it shows itself (smaller, as it likes); the kit
 * lists every other column under 'More' on the card, so a card never drops a column.
 */
export interface CardSpec<Row> {
  shows: readonly string[]
  render: (row: Row) => ReactNode
}

interface DataTableProps<Row> {
  // Accessible name of the table or card list.
  caption: string
  columns: readonly Column<Row>[]
  rows: readonly Row[]
  rowKey: (row: Row) => string
  sort?: ListSort | null
  onSortChange?: (sort: ListSort) => void
  empty?: ReactNode
  busy?: boolean
  // 'auto' is a table from 600 px and cards below.
  layout?: 'auto' | 'table' | 'cards'
  // A compact card of one row for phones; default: every column as a label/value pair.
  card?: CardSpec<Row>
  // Names a row for its 'More' button ('More about payout PO1234'); default: its place.
  rowLabel?: (row: Row) => string
}

export const TABLE_MIN_WIDTH_QUERY = '(min-width: 600px)'

// Clicking the sorted column flips it; another column starts at its first direction.
export function nextSort(current: ListSort | null | undefined, column: Column<unknown>): ListSort {
  const field = column.sortField ?? column.id
  if (current?.field === field) {
    return { field, direction: current.direction === 'asc' ? 'desc' : 'asc' }
  }
  return { field, direction: column.firstDirection ?? 'asc' }
}

function ariaSort(sort: ListSort | null | undefined, column: Column<unknown>) {
  if (!sort || sort.field !== column.sortField) return 'none'
  return sort.direction === 'asc' ? 'ascending' : 'descending'
}

// A server-sorted table; on phones the same rows become a card list.
export function DataTable<Row>(props: DataTableProps<Row>) {
  const wide = useMediaQuery(TABLE_MIN_WIDTH_QUERY)
  const layout = props.layout ?? 'auto'
  const asTable = layout === 'table' || (layout === 'auto' && wide)
  return asTable ? <TableLayout {...props} /> : <CardLayout {...props} />
}

function TableLayout<Row>({
  caption,
  columns,
  rows,
  rowKey,
  sort,
  onSortChange,
  empty = 'Nothing to show.',
  busy,
  rowLabel,
}: DataTableProps<Row>) {
  const ids = columns.map((column) => column.id).join(' ')
  // A new page of rows or other columns: the fit starts again from every column.
  const content = useMemo(() => ({ rows, ids }), [rows, ids])
  const [frame, fit, scroll] = useTableFit(foldOrder(columns).length, content)
  const { shown, folded } = splitColumns(columns, fit)
  const [open, setOpen] = useState<ReadonlySet<string>>(new Set())
  const detailsId = useId()
  const scrolls = scroll !== 'none'
  return (
    <>
      {onSortChange && folded.some((column) => column.sortField) && (
        <SortSelect columns={columns} sort={sort} onSortChange={onSortChange} />
      )}
      <div className="data-table" aria-busy={busy || undefined} data-scroll={scroll}>
        {scrolls && (
          <p className="data-table__cue" aria-hidden="true">
            Scroll sideways for more columns
          </p>
        )}
        {/* Focusable when it scrolls, so keyboard users can scroll it too. */}
        <div
          ref={frame}
          className="data-table__scroll"
          role={scrolls ? 'group' : undefined}
          aria-label={scrolls ? caption : undefined}
          tabIndex={scrolls ? 0 : undefined}
        >
          <table>
            <caption className="visually-hidden">{caption}</caption>
            <thead>
              <tr>
                {shown.map((column) => (
                  <HeaderCell
                    key={column.id}
                    column={column}
                    sort={sort}
                    onSortChange={onSortChange}
                  />
                ))}
                {folded.length > 0 && (
                  <th scope="col" className="data-table__more-cell">
                    <span className="visually-hidden">More</span>
                  </th>
                )}
              </tr>
            </thead>
            <tbody>
              {rows.length === 0 ? (
                <tr>
                  <td className="data-table__empty" colSpan={shown.length}>
                    {empty}
                  </td>
                </tr>
              ) : (
                rows.map((row, index) => {
                  const key = rowKey(row)
                  const expanded = folded.length > 0 && open.has(key)
                  const id = `${detailsId}-${index}`
                  return (
                    <Fragment key={key}>
                      <tr className={expanded ? 'data-table__row--open' : undefined}>
                        {shown.map((column) => (
                          <td key={column.id} className={cellClass(column)}>
                            {column.cell(row)}
                          </td>
                        ))}
                        {folded.length > 0 && (
                          <td className="data-table__more-cell">
                            <Button
                              variant="ghost"
                              size="small"
                              className="data-table__more"
                              aria-expanded={expanded}
                              aria-controls={expanded ? id : undefined}
                              onClick={() => setOpen(toggle(open, key))}
                            >
                              More
                              <span className="visually-hidden">
                                {` about ${rowLabel?.(row) ?? `row ${index + 1}`}`}
                              </span>
                            </Button>
                          </td>
                        )}
                      </tr>
                      {expanded && (
                        <tr id={id} className="data-table__details">
                          <td colSpan={shown.length + 1}>
                            <ColumnFacts columns={folded} row={row} />
                          </td>
                        </tr>
                      )}
                    </Fragment>
                  )
                })
              )}
            </tbody>
          </table>
        </div>
      </div>
    </>
  )
}

function cellClass(column: Column<never>): string | undefined {
  const names = [column.align === 'end' && 'align-end', column.wrap && 'wraps']
  return names.filter(Boolean).join(' ') || undefined
}

function toggle(set: ReadonlySet<string>, key: string): ReadonlySet<string> {
  const next = new Set(set)
  if (!next.delete(key)) next.add(key)
  return next
}

function HeaderCell<Row>({
  column,
  sort,
  onSortChange,
}: {
  column: Column<Row>
  sort: ListSort | null | undefined
  onSortChange: ((sort: ListSort) => void) | undefined
}) {
  const align = column.align === 'end' ? 'align-end' : undefined
  if (!column.sortField || !onSortChange) {
    return (
      <th scope="col" className={align}>
        {column.header}
      </th>
    )
  }
  const state = ariaSort(sort, column as Column<unknown>)
  return (
    <th scope="col" className={align} aria-sort={state} data-sortable>
      <button
        type="button"
        className="data-table__sort"
        onClick={() => onSortChange(nextSort(sort, column as Column<unknown>))}
      >
        {column.header}
        <span className="data-table__sort-icon" aria-hidden="true">
          {state === 'ascending' ? '▲' : state === 'descending' ? '▼' : '↕'}
        </span>
      </button>
    </th>
  )
}

// Sorting by any sortable column: the cards' control, and the table's while a column it sorts by
// is folded into the rows' details.
function SortSelect<Row>({
  columns,
  sort,
  onSortChange,
}: {
  columns: readonly Column<Row>[]
  sort: ListSort | null | undefined
  onSortChange: (sort: ListSort) => void
}) {
  const sortable = columns.filter((column) => column.sortField)
  return (
    <Field label="Sort by" className="data-cards__sort">
      {(control) => (
        <select
          {...control}
          className="input"
          value={sort ? `${sort.field}:${sort.direction}` : ''}
          onChange={(event) => {
            const [field = '', direction] = event.target.value.split(':')
            onSortChange({ field, direction: direction === 'desc' ? 'desc' : 'asc' })
          }}
        >
          {!sort && <option value="">Default order</option>}
          {sortable.flatMap((column) => [
            <option key={`${column.id}:asc`} value={`${column.sortField}:asc`}>
              {column.header} (ascending)
            </option>,
            <option key={`${column.id}:desc`} value={`${column.sortField}:desc`}>
              {column.header} (descending)
            </option>,
          ])}
        </select>
      )}
    </Field>
  )
}

function CardLayout<Row>({
  caption,
  columns,
  rows,
  rowKey,
  sort,
  onSortChange,
  empty = 'Nothing to show.',
  busy,
  card,
}: DataTableProps<Row>) {
  const more = card ? columns.filter((column) => !card.shows.includes(column.id)) : []
  return (
    <div className="data-cards" aria-busy={busy || undefined}>
      {onSortChange && columns.some((column) => column.sortField) && (
        <SortSelect columns={columns} sort={sort} onSortChange={onSortChange} />
      )}
      {rows.length === 0 ? (
        <p className="data-card data-table__empty">{empty}</p>
      ) : (
        <ul className="data-cards__list" aria-label={caption}>
          {rows.map((row) => (
            <li key={rowKey(row)} className="data-card">
              {card ? (
                <>
                  {card.render(row)}
                  {more.length > 0 && (
                    <details className="data-card__more">
                      <summary>More</summary>
                      <ColumnFacts columns={more} row={row} />
                    </details>
                  )}
                </>
              ) : (
                <ColumnFacts columns={columns} row={row} />
              )}
            </li>
          ))}
        </ul>
      )}
    </div>
  )
}

// Columns as label/value pairs: the default card, a card's 'More' and a table row's details.
function ColumnFacts<Row>({ columns, row }: { columns: readonly Column<Row>[]; row: Row }) {
  return (
    <dl className="column-facts">
      {columns.map((column) => (
        <div key={column.id} className="column-facts__row">
          <dt>{column.header}</dt>
          <dd>{column.cell(row)}</dd>
        </div>
      ))}
    </dl>
  )
}
