import { useCallback } from 'react'
import { toApiError, type ApiError } from '@/api/errors'
import { ConfirmDialog } from '@/ui/confirm-dialog'
import { FailureAlert, serverMessage, type FailureText } from '@/ui/failure-alert'
import { useToast, type ToastOptions } from '@/ui/toast'

/**
 * The one way a failed write is shown (docs/writes.md#where-a-failure-shows), in the place where
 * the action was:
 * - in the dialog or form that made the call: `<WriteFailure failure />` or `error` at its top;
 * - a single button with no dialog of its own: `<WriteFailure … retry={{ title, run }} />` opens a
 *   dialog titled with what failed, with OK and Try again;
 * - a form that has already gone (a send that may wait offline): `useWriteFailureToast()`.
 * The texts are the product's (docs/errors.md); this module only places them.
 */

interface WriteFailureProps {
  // What to show: a text or a form's summary; or, instead, the write's error put in words by `text`.
  failure?: FailureText | null
  error?: unknown
  // The product's wording for this write's failure (docs/errors.md); the server message by default.
  text?: (error: ApiError) => string
  onDismiss?: () => void
  // The failure of a write started by a single button, with no dialog or form to hold it.
  retry?: { title: string; run: () => Promise<unknown> }
}

export function WriteFailure({
  failure,
  error,
  text = serverMessage,
  onDismiss,
  retry,
}: WriteFailureProps) {
  const shown = failure ?? (error ? text(toApiError(error)) : null)
  if (!shown) return null
  if (retry) {
    // What failed, the server's message, OK and Try again; a failed retry shows in the dialog itself.
    return (
      <ConfirmDialog
        title={retry.title}
        action="Try again"
        cancelLabel="OK"
        onConfirm={() => retry.run().then(onDismiss)}
        onClose={onDismiss ?? (() => undefined)}
      >
        <p>{typeof shown === 'string' ? shown : shown.message}</p>
      </ConfirmDialog>
    )
  }
  return <FailureAlert failure={shown} onDismiss={onDismiss} />
}

// A failure after its form has gone (docs/writes.md#where-a-failure-shows): a toast, the only one.
export function useWriteFailureToast(): (text: string, options?: ToastOptions) => void {
  const toast = useToast()
  return useCallback((text, options) => toast.show(text, { ...options, tone: 'error' }), [toast])
}
