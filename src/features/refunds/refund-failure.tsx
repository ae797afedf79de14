import { Alert } from '@/ui/alert'
import { Button } from '@/ui/button'

// §8: refund errors show in a dismissible alert.
export function RefundFailure({ message, onDismiss }: { message: string; onDismiss: () => void }) {
  return (
    <Alert
      actions={
        <Button variant="secondary" size="small" onClick={onDismiss}>
          Dismiss
        </Button>
      }
    >
      {message}
    </Alert>
  )
}
