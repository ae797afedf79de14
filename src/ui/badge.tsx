import type { ReactNode } from 'react'
import './badge.css'

export type BadgeTone = 'success' | 'warning' | 'danger' | 'neutral' | 'info'

// A state in words and colour (never colour alone).
export function Badge({
  tone = 'neutral',
  className,
  children,
}: {
  tone?: BadgeTone
  className?: string
  children: ReactNode
}) {
  return (
    <span className={['badge', `badge--${tone}`, className].filter(Boolean).join(' ')}>
      {children}
    </span>
  )
}
