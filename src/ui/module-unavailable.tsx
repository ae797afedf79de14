import { NEEDS_CONNECTION } from '@/config/app'
import { MODULE_UNAVAILABLE } from '@/lib/module-errors'
import { Alert } from '@/ui/alert'
import { Button } from '@/ui/button'

// Where a person's action needed code this device has not saved: it needs a connection.
export function ModuleUnavailable({ onRetry }: { onRetry?: () => void }) {
  return (
    <Alert
      tone="warning"
      title={NEEDS_CONNECTION}
      actions={
        onRetry && (
          <Button variant="secondary" size="small" onClick={onRetry}>
            Try again
          </Button>
        )
      }
    >
      {MODULE_UNAVAILABLE}
    </Alert>
  )
}
