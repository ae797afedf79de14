import { useId, useState, type ReactNode } from 'react'
import { Button } from '@/ui/button'

export interface TableColumn {
  label: string
  // Right-aligned numbers.
  numeric?: boolean
}

interface ChartCardProps {
  title: string
  // One line under the title: what the chart compares.
  note?: ReactNode
  columns: readonly TableColumn[]
  rows: readonly (readonly ReactNode[])[]
  // Shown instead of the chart and the table when there is nothing to draw.
  empty?: string
  actions?: ReactNode
  // The period whose numbers the card's drawing shows, for a drawing that is plain DOM (bars, the
  // heat grid, the empty text): in the DOM means drawn. Read by the dashboard bench
  // (tests/bench/dashboard-period.ts) as data-drawn-for; the takings canvas marks itself.
  drawnFor?: string
  // The whole width of the dashboard's chart grid (the takings by day, its main chart).
  wide?: boolean
  children: ReactNode
}

// A chart with its numbers: 'Show as table' swaps the drawing for a table a screen reader reads.
export function ChartCard({
  title,
  note,
  columns,
  rows,
  empty,
  actions,
  drawnFor,
  wide = false,
  children,
}: ChartCardProps) {
  const [asTable, setAsTable] = useState(false)
  const titleId = useId()
  return (
    <section
      className={wide ? 'card chart-card chart-card--wide' : 'card chart-card'}
      aria-labelledby={titleId}
      data-drawn-for={drawnFor}
    >
      <div className="chart-card__header">
        <h3 id={titleId}>{title}</h3>
        {!empty && (
          <div className="chart-card__actions">
            {actions}
            <Button variant="secondary" size="small" onClick={() => setAsTable(!asTable)}>
              {asTable ? 'Show as chart' : 'Show as table'}
            </Button>
          </div>
        )}
      </div>
      {note && <p className="chart-card__note muted">{note}</p>}
      {empty ? (
        <p className="muted">{empty}</p>
      ) : asTable ? (
        <div className="chart-card__table" tabIndex={0} role="group" aria-label={`${title}, table`}>
          <table>
            <caption className="visually-hidden">{title}</caption>
            <thead>
              <tr>
                {columns.map((column) => (
                  <th key={column.label} scope="col" className={column.numeric ? 'num' : undefined}>
                    {column.label}
                  </th>
                ))}
              </tr>
            </thead>
            <tbody>
              {rows.map((row, index) => (
                <tr key={index}>
                  {row.map((cell, cellIndex) =>
                    cellIndex === 0 ? (
                      <th key={cellIndex} scope="row">
                        {cell}
                      </th>
                    ) : (
                      <td
                        key={cellIndex}
                        className={columns[cellIndex]?.numeric ? 'num' : undefined}
                      >
                        {cell}
                      </td>
                    ),
                  )}
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      ) : (
        children
      )}
    </section>
  )
}
