import { formatMoney } from '@/lib/money'

export const WEEKDAYS = [
  'Monday',
  'Tuesday',
  'Wednesday',
  'Thursday',
  'Friday',
  'Saturday',
  'Sunday',
]

// Weekday rows by hour columns, shaded by takings (the table view carries the numbers).
export function HeatGrid({ grid }: { grid: readonly (readonly number[])[] }) {
  const max = Math.max(1, ...grid.flat())
  return (
    <div className="heat-grid" aria-hidden="true">
      <span />
      {Array.from({ length: 24 }, (_, hour) => (
        <span key={hour} className="heat-grid__hour">
          {hour % 3 === 0 ? String(hour).padStart(2, '0') : ''}
        </span>
      ))}
      {grid.map((row, day) => (
        <div key={day} className="heat-grid__row">
          <span className="heat-grid__day">{WEEKDAYS[day]?.slice(0, 3)}</span>
          {row.map((amount, hour) => (
            <span
              key={hour}
              className="heat-grid__cell"
              title={`${WEEKDAYS[day]} ${String(hour).padStart(2, '0')}:00 ${formatMoney(amount)}`}
              style={{ '--heat': (amount / max).toFixed(3) } as React.CSSProperties}
            />
          ))}
        </div>
      ))}
    </div>
  )
}
