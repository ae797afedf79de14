import type { ReactNode } from 'react'
import { changeText, type Totals } from '@/features/dashboard/insights'
import { formatMoney } from '@/lib/money'

interface FigureSpec {
  label: string
  value: (t: Totals) => number | null
  format: (n: number) => string
  // A second line under the value (the tip rate beside the tips).
  extra?: (t: Totals) => ReactNode
}

const count = (n: number) => n.toLocaleString('en-GB')
const money = (n: number) => formatMoney(n)

const FIGURES: readonly FigureSpec[] = [
  { label: 'Takings', value: (t) => t.takings, format: money },
  { label: 'Sales', value: (t) => t.sales, format: count },
  { label: 'Average fare', value: (t) => t.averageFare, format: money },
  {
    label: 'Tips',
    value: (t) => t.tips,
    format: money,
    extra: (t) => (t.tipRate === null ? null : `${(t.tipRate * 100).toFixed(1)}% tip rate`),
  },
  {
    label: 'Refunds',
    value: (t) => t.refunds,
    format: money,
    extra: (t) => `${count(t.refundCount)} ${t.refundCount === 1 ? 'refund' : 'refunds'}`,
  },
  { label: 'Fees', value: (t) => t.fees, format: money },
  { label: 'Net', value: (t) => t.net, format: money },
]

interface FiguresProps {
  current: Totals
  previous: Totals | undefined
  comparedWith: string
}

// The period's headline figures, each with its change against the previous period.
export function Figures({ current, previous, comparedWith }: FiguresProps) {
  return (
    <dl className="stats figures">
      {FIGURES.map((figure) => {
        const value = figure.value(current)
        const before = previous ? figure.value(previous) : null
        return (
          <div className="stat" key={figure.label}>
            <dt className="stat__label">{figure.label}</dt>
            <dd className="stat__value">{value === null ? '–' : figure.format(value)}</dd>
            {figure.extra && <dd className="stat__extra muted">{figure.extra(current)}</dd>}
            {value !== null && before !== null && (
              <dd className="stat__change">{changeText(value, before, comparedWith)}</dd>
            )}
          </div>
        )
      })}
    </dl>
  )
}
