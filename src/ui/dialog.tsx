import { useEffect, useId, useRef, type ReactNode } from 'react'
import { Button } from '@/ui/button'
import { ToastOutlet } from '@/ui/toast'
import './dialog.css'

interface DialogProps {
  open: boolean
  onClose: () => void
  // The dialog's accessible name.
  title: ReactNode
  // No header: the title only names the dialog, and its content has its own Close (a full-screen sheet).
  bare?: boolean
  description?: ReactNode
  children?: ReactNode
  footer?: ReactNode
  // false for dialogs that must be answered (no Escape, no backdrop click, no close button).
  dismissible?: boolean
  className?: string
}

const FOCUSABLE =
  '[autofocus], button:not(:disabled), [href], input:not(:disabled), select:not(:disabled), textarea:not(:disabled), [tabindex]:not([tabindex="-1"])'

// A modal on the native <dialog>: the browser traps focus and makes the rest inert.
export function Dialog({
  open,
  onClose,
  title,
  description,
  children,
  footer,
  dismissible = true,
  bare = false,
  className,
}: DialogProps) {
  const ref = useRef<HTMLDialogElement>(null)
  const titleId = useId()
  const descriptionId = useId()

  useEffect(() => {
    const dialog = ref.current
    if (!dialog || !open) return
    const opener = document.activeElement instanceof HTMLElement ? document.activeElement : null
    if (!dialog.open) {
      if (typeof dialog.showModal === 'function') dialog.showModal()
      else dialog.setAttribute('open', '')
    }
    const body = dialog.querySelector<HTMLElement>('.dialog__body, .dialog__footer')
    const target =
      dialog.querySelector<HTMLElement>('[autofocus]') ??
      body?.querySelector<HTMLElement>(FOCUSABLE) ??
      dialog.querySelector<HTMLElement>(FOCUSABLE)
    target?.focus()
    return () => {
      if (dialog.open) {
        if (typeof dialog.close === 'function') dialog.close()
        else dialog.removeAttribute('open')
      }
      // Focus goes back to whatever opened the dialog.
      if (opener?.isConnected) opener.focus()
    }
  }, [open])

  if (!open) return null

  return (
    <dialog
      ref={ref}
      className={['dialog', className].filter(Boolean).join(' ')}
      aria-labelledby={bare ? undefined : titleId}
      aria-label={bare && typeof title === 'string' ? title : undefined}
      aria-describedby={description ? descriptionId : undefined}
      onCancel={(event) => {
        event.preventDefault()
        if (dismissible) onClose()
      }}
      onClick={(event) => {
        // A click on the element itself (not its content) is a click on the backdrop.
        if (dismissible && event.target === event.currentTarget) onClose()
      }}
    >
      <div className="dialog__inner">
        {!bare && (
          <div className="dialog__header">
            <h2 className="dialog__title" id={titleId}>
              {title}
            </h2>
            {dismissible && (
              <Button
                variant="ghost"
                className="dialog__close"
                aria-label="Close"
                onClick={onClose}
              >
                <span aria-hidden="true">×</span>
              </Button>
            )}
          </div>
        )}
        {description && <p id={descriptionId}>{description}</p>}
        {children && <div className="dialog__body">{children}</div>}
        <ToastOutlet />
        {footer && <div className="dialog__footer">{footer}</div>}
      </div>
    </dialog>
  )
}
