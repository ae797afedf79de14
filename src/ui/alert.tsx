import type { ReactNode } from 'react'
import { Button } from '@/ui/button'
import './alert.css'

interface AlertProps {
  tone?: 'error' | 'info' | 'success' | 'warning'
  title?: ReactNode
  children?: ReactNode
  actions?: ReactNode
  // Adds a Dismiss button (refund errors are dismissible, docs/errors.md#sales-refunds-receipts-terminals).
  onDismiss?: () => void
}

// An inline message box; errors are announced at once, the rest politely.
export function Alert({ tone = 'error', title, children, actions, onDismiss }: AlertProps) {
  return (
    <div
      className={`alert alert--${tone}`}
      role={tone === 'error' ? 'alert' : 'status'}
      aria-live={tone === 'error' ? undefined : 'polite'}
    >
      {title && <p className="alert__title">{title}</p>}
      {children && <div className="alert__body">{children}</div>}
      {(actions || onDismiss) && (
        <div className="alert__actions">
          {actions}
          {onDismiss && (
            <Button variant="secondary" size="small" onClick={onDismiss}>
              Dismiss
            </Button>
          )}
        </div>
      )}
    </div>
  )
}
