import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query'
import { toApiError } from '@/api/errors'
import { api, apiList } from '@/api/http'
import type { EventType } from '@/api/schema/event-values'
import type { PushSubscription } from '@/api/schema/events'
import {
  currentDeviceSubscription,
  PushDeviceError,
  subscribeDevice,
  unsubscribeDevice,
  type DeviceSubscription,
} from '@/features/notifications-push/device'

const schemas = () => import('@/api/schema/events')

// The person's push subscriptions are theirs, not an account's: the keys start with 'push'.
export const pushKeys = {
  all: () => ['push'] as const,
  vapidKey: () => ['push', 'vapid-public-key'] as const,
  subscriptions: () => ['push', 'subscriptions'] as const,
  // This browser's own subscription (the PushManager's, not the server's).
  device: () => ['push', 'device'] as const,
}

// Push addresses are a device's secret: never kept on the device by the query cache.
const NOT_PERSISTED = { persist: false } as const

export const pushQueries = {
  // GET /v1/push/vapid-public-key: the same for the server's lifetime.
  vapidKey: () =>
    queryOptions({
      queryKey: pushKeys.vapidKey(),
      queryFn: async (): Promise<string> =>
        (await api('/v1/push/vapid-public-key', { schema: (await schemas()).VapidPublicKey }))
          .publicKey,
      staleTime: Infinity,
      meta: NOT_PERSISTED,
    }),
  // GET /v1/push-subscriptions: this and the person's other devices.
  subscriptions: () =>
    queryOptions({
      queryKey: pushKeys.subscriptions(),
      queryFn: async (): Promise<PushSubscription[]> =>
        (await apiList('/v1/push-subscriptions', {}, (await schemas()).PushSubscription)).items,
      meta: NOT_PERSISTED,
    }),
  device: () =>
    queryOptions({
      queryKey: pushKeys.device(),
      queryFn: currentDeviceSubscription,
      networkMode: 'always',
      staleTime: Infinity,
      meta: NOT_PERSISTED,
    }),
}

// This device's subscription on the server, found by its push address.
export function thisDevice(
  device: DeviceSubscription | null | undefined,
  subscriptions: PushSubscription[] | undefined,
): PushSubscription | null {
  if (!device || !subscriptions) return null
  return subscriptions.find((s) => s.endpoint === device.endpoint) ?? null
}

export interface PushChoice {
  submerchantIds: string[]
  eventTypes: EventType[]
}

// What a failed push write says: the browser's own words, or the API's (docs/errors.md).
export function pushErrorMessage(error: unknown): string {
  return error instanceof PushDeviceError ? error.message : toApiError(error).message
}

// The writes need a connection and never wait offline (docs/offline.md#writing): their buttons are
// disabled while offline, and a lost connection fails at once.
function usePushWrite<V, R>(write: (vars: V) => Promise<R>) {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: write,
    networkMode: 'always',
    onSettled: () => queryClient.invalidateQueries({ queryKey: pushKeys.all() }),
  })
}

/**
 * Turns this device on, or saves its choice: asks for permission (so call it from a click),
 * subscribes the browser, then POST /v1/push-subscriptions, which replaces this device's earlier
 * choice on the server.
 */
export function useSavePushMutation() {
  const queryClient = useQueryClient()
  return usePushWrite(async (choice: PushChoice) => {
    const key = await queryClient.fetchQuery(pushQueries.vapidKey())
    const device = await subscribeDevice(key)
    const { PushSubscription } = await schemas()
    return api('/v1/push-subscriptions', {
      method: 'POST',
      body: { ...device, ...choice },
      schema: PushSubscription,
    })
  })
}

// Turns this device off: DELETE /v1/push-subscriptions/{id}, then the browser's subscription.
export function useTurnOffPushMutation() {
  return usePushWrite(async (subscriptionId: string | null) => {
    if (subscriptionId) {
      await api(`/v1/push-subscriptions/${encodeURIComponent(subscriptionId)}`, {
        method: 'DELETE',
      })
    }
    await unsubscribeDevice()
  })
}
