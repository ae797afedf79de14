import { useCallback, useState } from 'react'
import { toApiError, type ApiError } from '@/api/errors'
import { Alert } from '@/ui/alert'
import { Button } from '@/ui/button'
import { Dialog } from '@/ui/dialog'
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

// A form's failure: a title where the screen has one, the server message, the field messages no field shows.
export interface FailureSummary {
  title?: string
  message: string
  details: readonly string[]
}

export type FailureText = string | FailureSummary

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

const serverMessage = (error: ApiError) => error.message

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
    return (
      <RetryDialog
        title={retry.title}
        message={typeof shown === 'string' ? shown : shown.message}
        run={retry.run}
        onClose={onDismiss ?? (() => undefined)}
      />
    )
  }
  if (typeof shown === 'string') return <Alert title={shown} onDismiss={onDismiss} />
  const { title, message, details } = shown
  return (
    <Alert title={title} onDismiss={onDismiss}>
      {details.length === 0 ? (
        message || undefined
      ) : (
        <>
          {message && <p>{message}</p>}
          <ul>
            {details.map((detail) => (
              <li key={detail}>{detail}</li>
            ))}
          </ul>
        </>
      )}
    </Alert>
  )
}

/**
 * Runs a write from a dialog: busy until it settles, and its failure kept (in the product's words)
 * for the dialog to show in itself with WriteFailure.
 */
export function useWriteAttempt(text: (error: ApiError) => string = serverMessage) {
  const [pending, setPending] = useState(false)
  const [failure, setFailure] = useState<string | null>(null)
  const attempt = useCallback(
    async (run: () => Promise<unknown>) => {
      setPending(true)
      setFailure(null)
      try {
        await run()
      } catch (error) {
        setFailure(text(toApiError(error)))
      } finally {
        setPending(false)
      }
    },
    [text],
  )
  const dismiss = useCallback(() => setFailure(null), [])
  return { pending, failure, attempt, dismiss }
}

// What failed, the server's message, OK and Try again; a failed retry shows in the dialog itself.
function RetryDialog({
  title,
  message,
  run,
  onClose,
}: {
  title: string
  message: string
  run: () => Promise<unknown>
  onClose: () => void
}) {
  const { pending, failure, attempt, dismiss } = useWriteAttempt()
  return (
    <Dialog
      open
      onClose={() => !pending && onClose()}
      dismissible={!pending}
      title={title}
      footer={
        <>
          <Button variant="secondary" disabled={pending} onClick={onClose}>
            OK
          </Button>
          <Button loading={pending} onClick={() => void attempt(() => run().then(onClose))}>
            Try again
          </Button>
        </>
      }
    >
      <WriteFailure failure={failure} onDismiss={dismiss} />
      <p>{message}</p>
    </Dialog>
  )
}

// A failure after its form has gone (docs/writes.md#where-a-failure-shows): a toast, the only one.
export function useWriteFailureToast(): (text: string, options?: ToastOptions) => void {
  const toast = useToast()
  return useCallback((text, options) => toast.show(text, { ...options, tone: 'error' }), [toast])
}
