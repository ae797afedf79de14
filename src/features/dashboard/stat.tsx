import type { ReactNode } from 'react'

interface StatProps {
  label: string
  value: ReactNode
  // A smaller value: a date, a time, a reference.
  small?: boolean
  // The whole row of its grid: a value that reads as one word (a payout reference) is never
  // broken in the middle in a half-width box.
  wide?: boolean
}

// One figure of a dashboard card, in the card's description list.
export function Stat({ label, value, small = false, wide = false }: StatProps) {
  return (
    <div className={wide ? 'stat stat--wide' : 'stat'}>
      <dt className="stat__label">{label}</dt>
      <dd className={small ? 'stat__value stat__value--small' : 'stat__value'}>{value}</dd>
    </div>
  )
}
