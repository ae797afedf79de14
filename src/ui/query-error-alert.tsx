import { toApiError } from '@/api/errors'
import { Alert } from '@/ui/alert'
import { Button } from '@/ui/button'

interface FailedQuery {
  isError: boolean
  error: unknown
  refetch: () => unknown
}

// A query's 'Failed to load …' message (docs/errors.md#loading-a-screen) with the reason and a Retry; nothing while it is fine.
export function QueryErrorAlert({ title, query }: { title: string; query: FailedQuery }) {
  if (!query.isError) return null
  return (
    <Alert
      title={title}
      actions={
        <Button variant="secondary" size="small" onClick={() => void query.refetch()}>
          Retry
        </Button>
      }
    >
      {toApiError(query.error).message}
    </Alert>
  )
}
