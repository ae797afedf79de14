import type { ReactNode } from 'react'
import type { ApiError } from '@/api/errors'
import { Button } from '@/ui/button'
import { Dialog } from '@/ui/dialog'
import { FailureAlert, useWriteAttempt } from '@/ui/failure-alert'

export interface ConfirmDialogProps {
  title: string
  // What the action does, in a sentence or two.
  children?: ReactNode
  // The action button; absent for a dialog that only reports something (its cancel button closes it).
  action?: string
  tone?: 'danger' | 'normal'
  // Runs the write. The dialog is busy until it settles and shows a failure in itself
  // (docs/writes.md#where-a-failure-shows); on success the caller closes or replaces the dialog.
  onConfirm?: () => Promise<unknown>
  // The failure's text from the error (the product's wording); the server message by default.
  failureText?: (error: ApiError) => string
  onClose: () => void
  cancelLabel?: string
  // The cancel button's own step (Back to a form); closing the dialog otherwise.
  onCancel?: () => void
  // Set when the action cannot run now (offline): the button is disabled with this reason.
  unavailable?: string | null
  className?: string
}

// A question with one action, its own pending state, and the action's failure shown in place.
export function ConfirmDialog({
  title,
  children,
  action,
  tone = 'normal',
  onConfirm,
  failureText,
  onClose,
  cancelLabel = 'Cancel',
  onCancel = onClose,
  unavailable = null,
  className,
}: ConfirmDialogProps) {
  const { pending, failure, attempt, dismiss } = useWriteAttempt(failureText)

  return (
    <Dialog
      open
      onClose={onClose}
      dismissible={!pending}
      title={title}
      className={className}
      footer={
        <>
          <Button variant={action ? 'secondary' : 'primary'} disabled={pending} onClick={onCancel}>
            {cancelLabel}
          </Button>
          {action && (
            <Button
              variant={tone === 'danger' ? 'danger' : 'primary'}
              loading={pending}
              disabled={unavailable !== null}
              title={unavailable ?? undefined}
              onClick={() => onConfirm && void attempt(onConfirm)}
            >
              {action}
            </Button>
          )}
        </>
      }
    >
      <FailureAlert failure={failure} onDismiss={dismiss} />
      {children}
      {unavailable && <p className="muted">{unavailable}</p>}
    </Dialog>
  )
}
