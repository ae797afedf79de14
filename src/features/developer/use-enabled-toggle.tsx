import { useQueryClient } from '@tanstack/react-query'
import { useState } from 'react'
import { toApiError } from '@/api/errors'
import { putInList } from '@/features/developer/api'
import { Button } from '@/ui/button'
import { Dialog } from '@/ui/dialog'

interface Toggleable {
  id: string
  isEnabled: boolean
}

interface ToggleFailure {
  title: string
  message: string
}

/**
 * §4 enable/disable of an API key or endpoint: a spinner on the item's button while it runs, the
 * item replaced by the server's answer, and on failure §8's dialog ('Error disabling API key' …).
 */
export function useEnabledToggle<T extends Toggleable>({
  queryKey,
  noun,
  send,
}: {
  queryKey: readonly unknown[]
  // 'API key' or 'endpoint', as the §8 titles say.
  noun: string
  send: (id: string, isEnabled: boolean) => Promise<T>
}) {
  const queryClient = useQueryClient()
  const [pendingId, setPendingId] = useState<string | null>(null)
  const [failure, setFailure] = useState<ToggleFailure | null>(null)

  async function toggle(item: T) {
    const enabling = !item.isEnabled
    setPendingId(item.id)
    try {
      putInList(queryClient, queryKey, await send(item.id, enabling), 'token')
    } catch (error) {
      setFailure({
        title: `Error ${enabling ? 'enabling' : 'disabling'} ${noun}`,
        message: toApiError(error).message,
      })
    } finally {
      setPendingId(null)
    }
  }

  const failureDialog = (
    <Dialog
      open={failure !== null}
      onClose={() => setFailure(null)}
      title={failure?.title ?? ''}
      footer={<Button onClick={() => setFailure(null)}>OK</Button>}
    >
      <p>{failure?.message}</p>
    </Dialog>
  )

  return { pendingId, toggle, failureDialog }
}
