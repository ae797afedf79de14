import { useCallback, useLayoutEffect, useRef, useState, type ReactNode } from 'react'
import { flushSync } from 'react-dom'
import type { ListSort } from '@/api/list-query'
import { Field } from '@/ui/field'
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
}: DataTableProps<Row>) {
  const [scrollRef, scrollState] = useSideScroll()
  return (
    <div className="data-table" aria-busy={busy || undefined} data-scroll={scrollState}>
      {scrollState !== 'none' && (
        <p className="data-table__cue" aria-hidden="true">
          Scroll sideways for more columns
        </p>
      )}
      {/* Focusable when it scrolls, so keyboard users can scroll it too. */}
      <div
        ref={scrollRef}
        className="data-table__scroll"
        role={scrollState === 'none' ? undefined : 'group'}
        aria-label={scrollState === 'none' ? undefined : caption}
        tabIndex={scrollState === 'none' ? undefined : 0}
      >
        <table>
          <caption className="visually-hidden">{caption}</caption>
          <thead>
            <tr>
              {columns.map((column) => {
                const sortable = Boolean(column.sortField && onSortChange)
                const align = column.align === 'end' ? 'align-end' : undefined
                if (!sortable) {
                  return (
                    <th key={column.id} scope="col" className={align}>
                      {column.header}
                    </th>
                  )
                }
                const state = ariaSort(sort, column as Column<unknown>)
                return (
                  <th key={column.id} scope="col" className={align} aria-sort={state} data-sortable>
                    <button
                      type="button"
                      className="data-table__sort"
                      onClick={() => onSortChange?.(nextSort(sort, column as Column<unknown>))}
                    >
                      {column.header}
                      <span className="data-table__sort-icon" aria-hidden="true">
                        {state === 'ascending' ? '▲' : state === 'descending' ? '▼' : '↕'}
                      </span>
                    </button>
                  </th>
                )
              })}
            </tr>
          </thead>
          <tbody>
            {rows.length === 0 ? (
              <tr>
                <td className="data-table__empty" colSpan={columns.length}>
                  {empty}
                </td>
              </tr>
            ) : (
              rows.map((row) => (
                <tr key={rowKey(row)}>
                  {columns.map((column) => (
                    <td
                      key={column.id}
                      className={
                        [column.align === 'end' && 'align-end', column.wrap && 'wraps']
                          .filter(Boolean)
                          .join(' ') || undefined
                      }
                    >
                      {column.cell(row)}
                    </td>
                  ))}
                </tr>
              ))
            )}
          </tbody>
        </table>
      </div>
    </div>
  )
}

type SideScroll = 'none' | 'start' | 'middle' | 'end'

// Whether the table is wider than its frame, and which way there is more to see.
function useSideScroll() {
  const ref = useRef<HTMLDivElement>(null)
  const [state, setState] = useState<SideScroll>('none')
  const observer = useRef<ResizeObserver | null>(null)
  const observed = useRef<Element | null>(null)

  const update = useCallback(() => {
    const element = ref.current
    if (!element) return
    const { scrollLeft, scrollWidth, clientWidth } = element
    const left = Math.abs(scrollLeft)
    if (scrollWidth - clientWidth < 2) setState('none')
    else if (left < 2) setState('start')
    else if (left >= scrollWidth - clientWidth - 2) setState('end')
    else setState('middle')
  }, [])

  // A layout effect, declared first: the observer exists before the effect below first looks for
  // the table, so the first table is watched too (a passive effect came after it, and a table that
  // widened before the next render went unseen: a scrolling region without its tab stop).
  useLayoutEffect(() => {
    const element = ref.current
    if (!element) return
    element.addEventListener('scroll', update, { passive: true })
    // Without ResizeObserver (jsdom) the measure after each render stands.
    if (typeof ResizeObserver !== 'undefined') {
      // Committed at once, in the frame whose layout changed: a region that starts to scroll is
      // focusable (and named) before anything, assistive technology included, looks at it.
      observer.current = new ResizeObserver(() => flushSync(update))
      observer.current.observe(element)
    }
    return () => {
      observer.current?.disconnect()
      observer.current = null
      observed.current = null
      element.removeEventListener('scroll', update)
    }
  }, [update])

  // After every render: measure again, and watch the table itself, which a render may replace
  // (an empty list's message becomes a table), so a wider table is never missed.
  useLayoutEffect(() => {
    update()
    const table = ref.current?.firstElementChild ?? null
    if (table !== observed.current && observer.current) {
      if (observed.current) observer.current.unobserve(observed.current)
      if (table) observer.current.observe(table)
      observed.current = table
    }
  })
  return [ref, state] as const
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
  const sortable = onSortChange ? columns.filter((column) => column.sortField) : []
  const sortValue = sort ? `${sort.field}:${sort.direction}` : ''
  const more = card ? columns.filter((column) => !card.shows.includes(column.id)) : []
  return (
    <div className="data-cards" aria-busy={busy || undefined}>
      {sortable.length > 0 && (
        <Field label="Sort by" className="data-cards__sort">
          {(control) => (
            <select
              {...control}
              className="input"
              value={sortValue}
              onChange={(event) => {
                const [field = '', direction] = event.target.value.split(':')
                onSortChange?.({ field, direction: direction === 'desc' ? 'desc' : 'asc' })
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
