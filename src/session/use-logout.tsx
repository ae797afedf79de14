import { useState, type ReactNode } from 'react'
import { useQueryClient, type QueryClient } from '@tanstack/react-query'
import { replayOutbox, retryOutboxEntry, unsentOutboxEntries } from '@/offline/outbox'
import { useOnline } from '@/offline/use-online'
import { useAuth } from '@/session/use-auth'
import { Button } from '@/ui/button'
import { Dialog } from '@/ui/dialog'

function unsentCount(queryClient: QueryClient): number {
  return unsentOutboxEntries(queryClient.getMutationCache()).length
}

// Failed entries are sent again (same Idempotency-Key), then everything queued replays in order.
async function sendOutbox(queryClient: QueryClient): Promise<void> {
  for (const entry of unsentOutboxEntries(queryClient.getMutationCache())) {
    if (entry.status === 'failed') retryOutboxEntry(queryClient, entry.mutationId)
  }
  await replayOutbox(queryClient)
}

/**
 * Logout for any screen: with actions still queued it first asks whether to send or discard them.
 * Render `dialog` next to the control that calls `requestLogout`.
 */
export function useLogout(): { requestLogout: () => void; dialog: ReactNode } {
  const auth = useAuth()
  const queryClient = useQueryClient()
  const [asking, setAsking] = useState(false)
  const [sending, setSending] = useState(false)
  const online = useOnline()

  function requestLogout() {
    if (unsentCount(queryClient) > 0) setAsking(true)
    else void auth.logout()
  }

  async function sendThenLogout() {
    setSending(true)
    try {
      await sendOutbox(queryClient)
    } finally {
      setSending(false)
      setAsking(false)
      void auth.logout()
    }
  }

  const count = asking ? unsentCount(queryClient) : 0
  const dialog = (
    <Dialog
      open={asking}
      onClose={() => setAsking(false)}
      title="Send queued actions?"
      description={`${count} ${count === 1 ? 'action is' : 'actions are'} waiting to be sent. Send ${count === 1 ? 'it' : 'them'} before you log out, or discard ${count === 1 ? 'it' : 'them'}.`}
      footer={
        <>
          <Button variant="secondary" onClick={() => setAsking(false)}>
            Cancel
          </Button>
          <Button variant="danger" onClick={() => void auth.logout()}>
            Discard and log out
          </Button>
          <Button
            loading={sending}
            disabled={!online}
            title={online ? undefined : 'Needs a connection'}
            onClick={() => void sendThenLogout()}
          >
            Send and log out
          </Button>
        </>
      }
    />
  )
  return { requestLogout, dialog }
}
