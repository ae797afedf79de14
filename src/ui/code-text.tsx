import { Fragment } from 'react'
import { CopyButton } from '@/ui/copy-button'
import './code-text.css'

// 'pay_3963b1c8e2f04a7d9c1e0645' → 'pay_3963…0645': the start that names the kind, the end that tells
// two apart.
export function shortenMiddle(value: string, head: number, tail: number): string {
  return value.length > head + tail + 1 ? `${value.slice(0, head)}…${value.slice(-tail)}` : value
}

interface CodeTextProps {
  value: string
  // Characters kept before and after the '…' (the whole value when it is that short).
  head?: number
  tail?: number
  // A Copy button beside it (ids people paste elsewhere).
  copy?: boolean
}

/**
 * An id or reference code: one unbreakable token, shortened in the middle when long. The whole
 * value is its title (on hover) and what screen readers read; Copy copies the whole value.
 */
export function CodeText({ value, head = 8, tail = 4, copy }: CodeTextProps) {
  const short = shortenMiddle(value, head, tail)
  const text =
    short === value ? (
      <code className="code-text__value">{value}</code>
    ) : (
      <code className="code-text__value" title={value}>
        <span aria-hidden="true">{short}</span>
        <span className="visually-hidden">{value}</span>
      </code>
    )
  if (!copy) return text
  return (
    <span className="code-text">
      {text}
      <CopyButton value={value} variant="ghost" className="code-text__copy">
        Copy<span className="visually-hidden">{` ${value}`}</span>
      </CopyButton>
    </span>
  )
}

/**
 * A reference code people typed or were given (a payout's or a payment link's reference): shown
 * whole, and where it must wrap, at its spaces and after its hyphens; inside a part only when that
 * part alone is wider than the line (code-text.css).
 */
export function RefText({ value }: { value: string }) {
  const parts = value.split(/(?<=-)/)
  return (
    <span className="ref-text">
      {parts.map((part, index) => (
        <Fragment key={index}>
          {index > 0 && <wbr />}
          {part}
        </Fragment>
      ))}
    </span>
  )
}
