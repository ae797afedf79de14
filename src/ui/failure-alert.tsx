import { useCallback, useState } from 'react'
import { toApiError, type ApiError } from '@/api/errors'
import { Alert } from '@/ui/alert'

// The in-place half of ui/write-failure (docs/writes.md#where-a-failure-shows), which screens use;
// ConfirmDialog uses it directly, so that the retry dialog of write-failure can be a ConfirmDialog.

// A form's failure: a title where the screen has one, the server message, the field messages no field shows.
export interface FailureSummary {
  title?: string
  message: string
  details: readonly string[]
}

export type FailureText = string | FailureSummary

export const serverMessage = (error: ApiError) => error.message

// A failure shown at the top of the dialog or form that made the call.
export function FailureAlert({
  failure,
  onDismiss,
}: {
  failure: FailureText | null
  onDismiss?: () => void
}) {
  if (!failure) return null
  if (typeof failure === 'string') return <Alert title={failure} onDismiss={onDismiss} />
  const { title, message, details } = failure
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
