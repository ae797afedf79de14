import { FORGET_AT_ONCE } from '@/api/forget-at-once'
import {
  infiniteQueryOptions,
  keepPreviousData,
  queryOptions,
  useMutation,
  useQueryClient,
} from '@tanstack/react-query'
import { api, apiList, type ListPage } from '@/api/http'
import { developerKeys } from '@/api/query-keys'
import type {
  ApiKey,
  WebhookAttempt,
  WebhookEndpoint,
  WebhookEvent,
  WebhookNotification,
} from '@/api/schema/developer'
import type { ListParams } from '@/lib/list-search'
import { putInList, removeFromList } from '@/lib/list-cache'
import { toListQuery } from '@/lib/list-view'
import { useToast } from '@/ui/toast'

const enc = encodeURIComponent
const schemas = () => import('@/api/schema/developer')

// Attempts are read 5 at a time (Load more attempts, docs/api.md#developer-tools).
export const ATTEMPTS_PAGE_SIZE = 5
// Keys and endpoints are few; one page of the largest size the API gives.
const DEVELOPER_LIST_LIMIT = 100

// Developer data never goes to the device's storage: attempts hold request bodies and headers,
// and nothing here is needed offline (API tokens and signing secrets are never cached at all).
const NOT_PERSISTED = { persist: false } as const

// Keys and endpoints of the account, newest first, in one page.
const newestFirst = (submerchantId: string) => ({
  filters: { submerchantId },
  sort: { field: 'createdAt', direction: 'desc' } as const,
  limit: DEVELOPER_LIST_LIMIT,
})

export const developerQueries = {
  // GET /v1/api-keys.
  apiKeys: (submerchantId: string) =>
    queryOptions({
      queryKey: developerKeys.apiKeys(submerchantId),
      queryFn: async ({ signal }): Promise<ListPage<ApiKey>> =>
        apiList('/v1/api-keys', newestFirst(submerchantId), (await schemas()).ApiKey, { signal }),
      meta: NOT_PERSISTED,
    }),
  // GET /v1/webhook-endpoints.
  endpoints: (submerchantId: string) =>
    queryOptions({
      queryKey: developerKeys.endpoints(submerchantId),
      queryFn: async ({ signal }): Promise<ListPage<WebhookEndpoint>> => {
        const { WebhookEndpoint } = await schemas()
        return apiList('/v1/webhook-endpoints', newestFirst(submerchantId), WebhookEndpoint, {
          signal,
        })
      },
      meta: NOT_PERSISTED,
    }),
  // GET /v1/webhook-endpoints/{id}/notifications: the history table.
  notifications: (submerchantId: string, endpointId: string, params: ListParams) =>
    queryOptions({
      queryKey: developerKeys.notificationList(submerchantId, endpointId, params),
      queryFn: async ({ signal }): Promise<ListPage<WebhookNotification>> => {
        const { WebhookNotification } = await schemas()
        return apiList(
          `/v1/webhook-endpoints/${enc(endpointId)}/notifications`,
          toListQuery({}, params),
          WebhookNotification,
          { signal },
        )
      },
      placeholderData: keepPreviousData,
      meta: NOT_PERSISTED,
    }),
  // GET …/notifications/{notificationId}/attempts with offset, limit=5, sort=createdAt.
  attempts: (submerchantId: string, endpointId: string, notificationId: string) =>
    infiniteQueryOptions({
      queryKey: developerKeys.attempts(submerchantId, endpointId, notificationId),
      queryFn: async ({ signal, pageParam }): Promise<ListPage<WebhookAttempt>> => {
        const { WebhookAttempt } = await schemas()
        return apiList(
          `/v1/webhook-endpoints/${enc(endpointId)}/notifications/${enc(notificationId)}/attempts`,
          {
            sort: { field: 'createdAt', direction: 'asc' },
            limit: ATTEMPTS_PAGE_SIZE,
            offset: pageParam,
          },
          WebhookAttempt,
          { signal },
        )
      },
      initialPageParam: 0,
      getNextPageParam: (last, pages) =>
        last.items.length < ATTEMPTS_PAGE_SIZE ? undefined : pages.length * ATTEMPTS_PAGE_SIZE,
      meta: NOT_PERSISTED,
    }),
}

// One mutation hook per write (docs/writes.md). None is queued offline; once-only fields never
// enter the cache:
const API_KEY_SECRETS = ['token'] as const
const ENDPOINT_SECRETS = ['signingSecret'] as const

export interface ApiKeyDraft {
  name: string | null
  permissions: string[]
}

// POST /v1/api-keys: the answer holds the token, shown once and never cached.
export function useCreateApiKeyMutation(submerchantId: string) {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: async (draft: ApiKeyDraft): Promise<ApiKey> => {
      const { ApiKey } = await schemas()
      return api('/v1/api-keys', {
        method: 'POST',
        body: { submerchantId, name: draft.name, permissions: draft.permissions },
        schema: ApiKey,
      })
    },
    ...FORGET_AT_ONCE,
    onSuccess: (key) =>
      putInList(queryClient, developerKeys.apiKeys(submerchantId), key, API_KEY_SECRETS),
  })
}

export interface Toggle {
  id: string
  isEnabled: boolean
}

// PATCH /v1/api-keys/{id} with isEnabled.
export function useSetApiKeyEnabledMutation(submerchantId: string) {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: async ({ id, isEnabled }: Toggle): Promise<ApiKey> => {
      const { ApiKey } = await schemas()
      return api(`/v1/api-keys/${enc(id)}`, {
        method: 'PATCH',
        body: { isEnabled },
        schema: ApiKey,
      })
    },
    networkMode: 'always',
    onSuccess: (key) =>
      putInList(queryClient, developerKeys.apiKeys(submerchantId), key, API_KEY_SECRETS),
  })
}

export interface EndpointDraft {
  name: string | null
  url: string
  events: WebhookEvent[]
}

// POST /v1/webhook-endpoints: the answer holds the signing secret, shown once.
export function useCreateEndpointMutation(submerchantId: string) {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: async (draft: EndpointDraft): Promise<WebhookEndpoint> => {
      const { WebhookEndpoint } = await schemas()
      return api('/v1/webhook-endpoints', {
        method: 'POST',
        body: {
          submerchantId,
          name: draft.name,
          url: draft.url,
          events: draft.events,
          isEnabled: true,
        },
        schema: WebhookEndpoint,
      })
    },
    ...FORGET_AT_ONCE,
    onSuccess: (endpoint) =>
      putInList(queryClient, developerKeys.endpoints(submerchantId), endpoint, ENDPOINT_SECRETS),
  })
}

// PATCH /v1/webhook-endpoints/{id} with isEnabled.
export function useSetEndpointEnabledMutation(submerchantId: string) {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: async ({ id, isEnabled }: Toggle): Promise<WebhookEndpoint> => {
      const { WebhookEndpoint } = await schemas()
      return api(`/v1/webhook-endpoints/${enc(id)}`, {
        method: 'PATCH',
        body: { isEnabled },
        schema: WebhookEndpoint,
      })
    },
    networkMode: 'always',
    onSuccess: (endpoint) =>
      putInList(queryClient, developerKeys.endpoints(submerchantId), endpoint, ENDPOINT_SECRETS),
  })
}

// DELETE /v1/webhook-endpoints/{id}.
export function useDeleteEndpointMutation(submerchantId: string) {
  const queryClient = useQueryClient()
  const toast = useToast()
  return useMutation({
    mutationFn: (id: string): Promise<void> =>
      api(`/v1/webhook-endpoints/${enc(id)}`, { method: 'DELETE' }),
    networkMode: 'always',
    onSuccess: (_, id) => {
      removeFromList(queryClient, developerKeys.endpoints(submerchantId), id)
      toast.notice('Endpoint deleted', 'success')
    },
  })
}

// Beyond the calls of docs/api.md: a new signing secret; the old one keeps signing beside it for 24 h.
export function useRotateSigningSecretMutation(submerchantId: string) {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: async (id: string): Promise<WebhookEndpoint> => {
      const { WebhookEndpoint } = await schemas()
      return api(`/v1/webhook-endpoints/${enc(id)}/signing-secret-rotations`, {
        method: 'POST',
        schema: WebhookEndpoint,
      })
    },
    ...FORGET_AT_ONCE,
    onSuccess: (endpoint) =>
      putInList(queryClient, developerKeys.endpoints(submerchantId), endpoint, ENDPOINT_SECRETS),
  })
}

// POST /v1/webhook-endpoints/{id}/test-notifications with event and saleId.
export function useSendTestNotificationMutation(submerchantId: string, endpointId: string) {
  const queryClient = useQueryClient()
  const toast = useToast()
  return useMutation({
    mutationFn: async (input: {
      event: WebhookEvent
      saleId: string
    }): Promise<WebhookNotification> => {
      const { WebhookNotification } = await schemas()
      return api(`/v1/webhook-endpoints/${enc(endpointId)}/test-notifications`, {
        method: 'POST',
        body: input,
        schema: WebhookNotification,
      })
    },
    networkMode: 'always',
    onSuccess: () => {
      toast.notice('Test notification sent', 'success')
      void queryClient.invalidateQueries({
        queryKey: developerKeys.notifications(submerchantId, endpointId),
      })
    },
  })
}

// Beyond the calls of docs/api.md#developer-tools: resend one or many notifications (they become due again).
export function useResendNotificationsMutation(submerchantId: string, endpointId: string) {
  const queryClient = useQueryClient()
  const toast = useToast()
  return useMutation({
    mutationFn: async (notificationIds: string[]): Promise<WebhookNotification[]> => {
      const { WebhookNotification } = await schemas()
      return api(`/v1/webhook-endpoints/${enc(endpointId)}/notifications/resends`, {
        method: 'POST',
        body: { notificationIds },
        schema: WebhookNotification.array(),
      })
    },
    networkMode: 'always',
    onSuccess: async (_, ids) => {
      toast.notice(
        ids.length === 1
          ? 'Notification queued to resend'
          : `${ids.length} notifications queued to resend`,
        'success',
      )
      await queryClient.invalidateQueries({
        queryKey: developerKeys.notifications(submerchantId, endpointId),
      })
    },
  })
}
