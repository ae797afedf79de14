import type { FormSummary } from '@/lib/use-form'
import { Alert } from '@/ui/alert'

// The summary of a failed form (useForm, docs/errors.md): a title where the screen has one, the server message, then
// the field messages no field shows.
export function FormSummaryAlert({
  summary,
  onDismiss,
}: {
  summary: FormSummary | null
  onDismiss?: () => void
}) {
  if (!summary) return null
  const { title, message, details } = summary
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
