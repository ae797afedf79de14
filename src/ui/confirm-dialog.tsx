import { useState, type ReactNode } from 'react'
import { toApiError, type ApiError } from '@/api/errors'
import { Alert } from '@/ui/alert'
import { Button } from '@/ui/button'
import { Dialog } from '@/ui/dialog'

export interface ConfirmDialogProps {
  title: string
  // What the action does, in a sentence or two.
  children?: ReactNode
  // The action button; absent for a dialog that only reports something (its cancel button closes it).
  action?: string
  tone?: 'danger' | 'normal'
  // Runs the write. The dialog is busy until it settles and shows a failure in itself
  // (docs/writes.md); on success the caller closes or replaces the dialog.
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
  failureText = (error) => error.message,
  onClose,
  cancelLabel = 'Cancel',
  onCancel = onClose,
  unavailable = null,
  className,
}: ConfirmDialogProps) {
  const [pending, setPending] = useState(false)
  const [failure, setFailure] = useState<string | null>(null)

  async function confirm() {
    if (!onConfirm) return
    setPending(true)
    setFailure(null)
    try {
      await onConfirm()
    } catch (error) {
      setFailure(failureText(toApiError(error)))
    } finally {
      setPending(false)
    }
  }

  return (
    <Dialog
      open
      onClose={() => !pending && onClose()}
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
              onClick={() => void confirm()}
            >
              {action}
            </Button>
          )}
        </>
      }
    >
      {failure && <Alert title={failure} onDismiss={() => setFailure(null)} />}
      {children}
      {unavailable && <p className="muted">{unavailable}</p>}
    </Dialog>
  )
}

/**
 * The failure of a write started by a single button, with no dialog or form of its own to hold
 * it (a toggle, a resend): a dialog that says what failed and can try again.
 */
export function FailureDialog({
  title,
  message,
  onRetry,
  onClose,
}: {
  title: string
  message: string
  onRetry: () => Promise<unknown>
  onClose: () => void
}) {
  return (
    <ConfirmDialog
      title={title}
      action="Try again"
      cancelLabel="OK"
      onConfirm={() => onRetry().then(onClose)}
      onClose={onClose}
    >
      <p>{message}</p>
    </ConfirmDialog>
  )
}
