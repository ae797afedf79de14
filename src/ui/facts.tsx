import type { ReactNode } from 'react'
import './facts.css'

// A detail screen's label/value pairs: one <dl> of facts, optionally in a titled card.

export function Fact({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div className="fact">
      <dt>{label}</dt>
      <dd>{children}</dd>
    </div>
  )
}

export function FactList({ children }: { children: ReactNode }) {
  return <dl className="facts">{children}</dl>
}

interface FactCardProps {
  title: string
  children: ReactNode
  // Shown before the facts (a picture) or after them (a link, an action).
  aside?: ReactNode
  footer?: ReactNode
  className?: string
}

export function FactCard({ title, children, aside, footer, className }: FactCardProps) {
  const id = `facts-${title.toLowerCase().replace(/\W+/g, '-')}`
  return (
    <section
      className={['card', 'fact-card', aside ? 'fact-card--aside' : '', className ?? '']
        .filter(Boolean)
        .join(' ')}
      aria-labelledby={id}
    >
      {aside}
      <div className="fact-card__body">
        <h2 id={id}>{title}</h2>
        <FactList>{children}</FactList>
        {footer}
      </div>
    </section>
  )
}
