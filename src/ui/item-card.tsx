import type { ReactNode } from 'react'
import './item-card.css'

export interface ItemFact {
  label: string
  value: ReactNode
  // Spans the card's width (long values, lists).
  wide?: boolean
}

// An item's label/value facts, in as many columns as fit (one on phones).
export function ItemFacts({ facts }: { facts: readonly ItemFact[] }) {
  return (
    <dl className="item-card__facts">
      {facts.map((fact) => (
        <div key={fact.label} className={fact.wide ? 'item-card__wide' : undefined}>
          <dt>{fact.label}</dt>
          <dd>{fact.value}</dd>
        </div>
      ))}
    </dl>
  )
}
