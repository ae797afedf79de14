import type { ReactNode } from 'react'
import './alert.css'

interface AlertProps {
  tone?: 'error' | 'info' | 'success' | 'warning'
  title?: ReactNode
  children?: ReactNode
  actions?: ReactNode
}

// An inline message box; errors are announced at once, the rest politely.
export function Alert({ tone = 'error', title, children, actions }: AlertProps) {
  return (
    <div
      className={`alert alert--${tone}`}
      role={tone === 'error' ? 'alert' : 'status'}
      aria-live={tone === 'error' ? undefined : 'polite'}
    >
      {title && <p className="alert__title">{title}</p>}
      {children && <div className="alert__body">{children}</div>}
      {actions && <div className="alert__actions">{actions}</div>}
    </div>
  )
}
