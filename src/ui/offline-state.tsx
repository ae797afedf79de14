import { Alert } from '@/ui/alert'
import { Button } from '@/ui/button'

interface PendingQuery {
  isPending: boolean
  refetch: () => unknown
}

/**
 * What a screen shows for data it has never saved on this device while offline: never a
 * spinner that waits forever (docs/offline.md#reading). Renders nothing otherwise.
 */
export function OfflineState({
  what,
  query,
  online,
}: {
  // e.g. 'this sale'
  what: string
  query: PendingQuery
  online: boolean
}) {
  if (online || !query.isPending) return null
  return (
    <Alert
      tone="info"
      title="You are offline"
      actions={
        <Button variant="secondary" size="small" onClick={() => void query.refetch()}>
          Retry
        </Button>
      }
    >
      {`${what.charAt(0).toUpperCase()}${what.slice(1)} has not been saved on this device yet. It will load when you are back online.`}
    </Alert>
  )
}
