import { type } from 'arktype'
import { useEffect } from 'react'
import { onlineManager, useQueryClient } from '@tanstack/react-query'
import { AccountEvent } from '@/api/schema/events'
import { apiBaseUrl } from '@/config/api'
import { notificationQueries } from '@/features/notifications/api'
import { applyEvent, applyReset } from '@/features/notifications/invalidation'
import { createLiveConnection } from '@/features/notifications/stream'
import { newLiveMemory, startSharedLive } from '@/features/notifications/tabs'
import { resetLiveStatus, setLiveOpen } from '@/lib/live-status'

function parseEvent(data: string): AccountEvent | null {
  try {
    const event = AccountEvent(JSON.parse(data))
    return event instanceof type.errors ? null : event
  } catch {
    return null
  }
}

function streamUrl(submerchantId: string, lastEventId: string | null): string {
  const query = new URLSearchParams({ submerchantId })
  if (lastEventId) query.set('lastEventId', lastEventId)
  return `${apiBaseUrl()}/v1/events/stream?${query}`
}

/**
 * The account's live events while this document is visible (docs/events.md#in-the-portal): one
 * stream shared by the person's tabs on the account, each event applied to this tab's cache once.
 */
export function useLiveStream(submerchantId: string, userId: string): void {
  const queryClient = useQueryClient()
  useEffect(() => {
    // Cookies go to the API host too when it is another origin.
    const withCredentials = apiBaseUrl() !== ''
    let stop: (() => void) | null = null
    // Kept while the tab is hidden: back in front, it resumes after the last event it heard.
    const memory = newLiveMemory()
    const start = () =>
      startSharedLive({
        name: `portal:live:${userId}:${submerchantId}`,
        memory,
        locks: typeof navigator !== 'undefined' ? navigator.locks : undefined,
        createChannel:
          typeof BroadcastChannel === 'undefined'
            ? undefined
            : (name) => new BroadcastChannel(name),
        connect: (handlers) =>
          createLiveConnection({
            ...handlers,
            url: (lastEventId) => streamUrl(submerchantId, lastEventId),
            open: (url) => new EventSource(url, { withCredentials }),
            parse: parseEvent,
            checkSession: () =>
              queryClient.fetchQuery({ ...notificationQueries.feed(submerchantId), staleTime: 0 }),
            isOnline: () => onlineManager.isOnline(),
            subscribeOnline: (listener) => onlineManager.subscribe(listener),
          }),
        onEvent: (event) => applyEvent(queryClient, event, submerchantId),
        onReset: () => applyReset(queryClient, submerchantId),
        onOpenChange: setLiveOpen,
      })
    const sync = () => {
      const visible = document.visibilityState === 'visible'
      if (visible && !stop) stop = start()
      if (!visible && stop) {
        stop()
        stop = null
      }
    }
    sync()
    document.addEventListener('visibilitychange', sync)
    return () => {
      document.removeEventListener('visibilitychange', sync)
      stop?.()
      // Another account or person: nothing heard here applies any more.
      resetLiveStatus()
    }
  }, [queryClient, submerchantId, userId])
}
