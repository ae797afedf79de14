import { queryOptions, useMutation, useQueryClient, type QueryClient } from '@tanstack/react-query'
import { api } from '@/api/http'
import { notificationKeys } from '@/api/query-keys'
import type { NotificationFeed } from '@/api/schema/events'

const enc = encodeURIComponent
const schemas = () => import('@/api/schema/events')

export const notificationQueries = {
  // GET /v1/notifications?submerchantId={id}: the bell, the latest 50 with the unread count.
  feed: (submerchantId: string) =>
    queryOptions({
      queryKey: notificationKeys.feed(submerchantId),
      queryFn: ({ signal }): Promise<NotificationFeed> =>
        api('/v1/notifications', {
          query: { submerchantId },
          schema: schemas().then((schema) => schema.NotificationFeed),
          bypassCache: true,
          signal,
        }),
    }),
}

// The feed as the person now sees it, changed in place until the server's next answer.
function updateFeed(
  queryClient: QueryClient,
  submerchantId: string,
  change: (feed: NotificationFeed) => NotificationFeed,
): void {
  queryClient.setQueryData(
    notificationKeys.feed(submerchantId),
    (feed: NotificationFeed | undefined) => (feed ? change(feed) : feed),
  )
}

// One notification read at `readAt`, the count kept in step.
export function markOneRead(feed: NotificationFeed, eventId: string, readAt: string) {
  const target = feed.notifications.find((n) => n.id === eventId)
  if (!target || target.readAt) return feed
  return {
    unreadCount: Math.max(0, feed.unreadCount - 1),
    notifications: feed.notifications.map((n) => (n.id === eventId ? { ...n, readAt } : n)),
  }
}

// Everything shown read at `readAt`, with the count the server gave (older ones past the 50 included).
export function markAllRead(feed: NotificationFeed, readAt: string, unreadCount = 0) {
  return {
    unreadCount,
    notifications: feed.notifications.map((n) => (n.readAt ? n : { ...n, readAt })),
  }
}

// PUT /v1/notifications/{eventId}/read: shown read at once; a failure brings the server's state back.
export function useMarkReadMutation(submerchantId: string) {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: async (eventId: string) => {
      const { Notification } = await schemas()
      return api(`/v1/notifications/${enc(eventId)}/read`, {
        method: 'PUT',
        query: { submerchantId },
        schema: Notification,
      })
    },
    networkMode: 'always',
    onMutate: (eventId) =>
      updateFeed(queryClient, submerchantId, (feed) =>
        markOneRead(feed, eventId, new Date().toISOString()),
      ),
    onError: () =>
      queryClient.invalidateQueries({ queryKey: notificationKeys.feed(submerchantId) }),
  })
}

// PUT /v1/notifications/read with the newest id: everything up to it is read.
export function useMarkAllReadMutation(submerchantId: string) {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: async (upTo: string) => {
      const { NotificationFeed } = await schemas()
      return api('/v1/notifications/read', {
        method: 'PUT',
        query: { submerchantId },
        body: { upTo },
        schema: NotificationFeed.pick('unreadCount'),
      })
    },
    networkMode: 'always',
    onSuccess: ({ unreadCount }) =>
      updateFeed(queryClient, submerchantId, (feed) =>
        markAllRead(feed, new Date().toISOString(), unreadCount),
      ),
  })
}
