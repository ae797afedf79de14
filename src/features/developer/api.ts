import { infiniteQueryOptions, keepPreviousData, queryOptions } from '@tanstack/react-query'
import type { QueryClient } from '@tanstack/react-query'
import { api, apiList, type ListPage } from '@/api/http'
import type {
  ApiKey,
  WebhookAttempt,
  WebhookEndpoint,
  WebhookEvent,
  WebhookNotification,
} from '@/api/schema/developer'
import type { ListParams } from '@/lib/list-search'
import { toListQuery } from '@/lib/list-view'

const enc = encodeURIComponent
const schemas = () => import('@/api/schema/developer')

// §7 attempts are read 5 at a time (Load more attempts).
export const ATTEMPTS_PAGE_SIZE = 5
// Keys and endpoints are few; one page of the largest size the API gives.
const DEVELOPER_LIST_LIMIT = 100

export const developerKeys = {
  all: (submerchantId: string) => [submerchantId, 'developer'] as const,
  apiKeys: (submerchantId: string) => [submerchantId, 'developer', 'api-keys'] as const,
  endpoints: (submerchantId: string) => [submerchantId, 'developer', 'endpoints'] as const,
  notifications: (submerchantId: string, endpointId: string) =>
    [submerchantId, 'developer', 'endpoints', endpointId, 'notifications'] as const,
}

// Developer data never goes to the device's storage: attempts hold request bodies and headers,
// and nothing here is needed offline (API tokens and signing secrets are never cached at all).
const NOT_PERSISTED = { persist: false } as const

export const developerQueries = {
  // §7 GET /v1/api-keys.
  apiKeys: (submerchantId: string) =>
    queryOptions({
      queryKey: developerKeys.apiKeys(submerchantId),
      queryFn: async ({ signal }): Promise<ListPage<ApiKey>> => {
        const { ApiKey } = await schemas()
        return apiList(
          '/v1/api-keys',
          {
            filters: { submerchantId },
            sort: { field: 'createdAt', direction: 'desc' },
            limit: DEVELOPER_LIST_LIMIT,
          },
          ApiKey,
          { signal },
        )
      },
      meta: NOT_PERSISTED,
    }),
  // §7 GET /v1/webhook-endpoints.
  endpoints: (submerchantId: string) =>
    queryOptions({
      queryKey: developerKeys.endpoints(submerchantId),
      queryFn: async ({ signal }): Promise<ListPage<WebhookEndpoint>> => {
        const { WebhookEndpoint } = await schemas()
        return apiList(
          '/v1/webhook-endpoints',
          {
            filters: { submerchantId },
            sort: { field: 'createdAt', direction: 'desc' },
            limit: DEVELOPER_LIST_LIMIT,
          },
          WebhookEndpoint,
          { signal },
        )
      },
      meta: NOT_PERSISTED,
    }),
  // §7 GET /v1/webhook-endpoints/{id}/notifications: the history table.
  notifications: (submerchantId: string, endpointId: string, params: ListParams) =>
    queryOptions({
      queryKey: [...developerKeys.notifications(submerchantId, endpointId), params] as const,
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
  // §7 GET …/notifications/{notificationId}/attempts with offset, limit=5, sort=createdAt.
  attempts: (submerchantId: string, endpointId: string, notificationId: string) =>
    infiniteQueryOptions({
      queryKey: [
        ...developerKeys.notifications(submerchantId, endpointId),
        'attempts',
        notificationId,
      ] as const,
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

// The calls that change things. Their answers replace the item in the cached list (§4), without
// the once-only secret.

export interface ApiKeyDraft {
  name: string | null
  permissions: string[]
}

// §7 POST /v1/api-keys: the answer holds the token, shown once and never cached.
export async function createApiKey(submerchantId: string, draft: ApiKeyDraft): Promise<ApiKey> {
  const { ApiKey } = await schemas()
  return api('/v1/api-keys', {
    method: 'POST',
    body: { submerchantId, name: draft.name, permissions: draft.permissions },
    schema: ApiKey,
  })
}

// §7 PATCH /v1/api-keys/{id} with isEnabled.
export async function setApiKeyEnabled(id: string, isEnabled: boolean): Promise<ApiKey> {
  const { ApiKey } = await schemas()
  return api(`/v1/api-keys/${enc(id)}`, { method: 'PATCH', body: { isEnabled }, schema: ApiKey })
}

export interface EndpointDraft {
  name: string | null
  url: string
  events: WebhookEvent[]
}

// §7 POST /v1/webhook-endpoints: the answer holds the signing secret, shown once.
export async function createEndpoint(
  submerchantId: string,
  draft: EndpointDraft,
): Promise<WebhookEndpoint> {
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
}

// §7 PATCH /v1/webhook-endpoints/{id} with isEnabled.
export async function setEndpointEnabled(id: string, isEnabled: boolean): Promise<WebhookEndpoint> {
  const { WebhookEndpoint } = await schemas()
  return api(`/v1/webhook-endpoints/${enc(id)}`, {
    method: 'PATCH',
    body: { isEnabled },
    schema: WebhookEndpoint,
  })
}

// §7 DELETE /v1/webhook-endpoints/{id}.
export function deleteEndpoint(id: string): Promise<void> {
  return api(`/v1/webhook-endpoints/${enc(id)}`, { method: 'DELETE' })
}

// Beyond §7: a new signing secret; the old one keeps signing beside it for 24 h.
export async function rotateSigningSecret(id: string): Promise<WebhookEndpoint> {
  const { WebhookEndpoint } = await schemas()
  return api(`/v1/webhook-endpoints/${enc(id)}/signing-secret-rotations`, {
    method: 'POST',
    schema: WebhookEndpoint,
  })
}

// §7 POST /v1/webhook-endpoints/{id}/test-notifications with event and saleId.
export async function sendTestNotification(
  endpointId: string,
  event: WebhookEvent,
  saleId: string,
): Promise<WebhookNotification> {
  const { WebhookNotification } = await schemas()
  return api(`/v1/webhook-endpoints/${enc(endpointId)}/test-notifications`, {
    method: 'POST',
    body: { event, saleId },
    schema: WebhookNotification,
  })
}

// Beyond §7: resend one or many notifications (they become due again).
export async function resendNotifications(
  endpointId: string,
  notificationIds: string[],
): Promise<WebhookNotification[]> {
  const { WebhookNotification } = await schemas()
  return api(`/v1/webhook-endpoints/${enc(endpointId)}/notifications/resends`, {
    method: 'POST',
    body: { notificationIds },
    schema: WebhookNotification.array(),
  })
}

// Replaces (or adds, first) one item of a cached developer list, never with its secret.
export function putInList<T extends { id: string }>(
  queryClient: QueryClient,
  queryKey: readonly unknown[],
  item: T,
  secretKey: 'token' | 'signingSecret',
): void {
  const { [secretKey as keyof T]: _secret, ...safe } = item
  queryClient.setQueryData<ListPage<T>>(queryKey, (page) => {
    if (!page) return page
    const index = page.items.findIndex((existing) => existing.id === item.id)
    const items =
      index === -1
        ? [safe as T, ...page.items]
        : page.items.map((existing, i) => (i === index ? (safe as T) : existing))
    return { ...page, items, total: index === -1 ? page.total + 1 : page.total }
  })
}

export function removeFromList(
  queryClient: QueryClient,
  queryKey: readonly unknown[],
  id: string,
): void {
  queryClient.setQueryData<ListPage<{ id: string }>>(queryKey, (page) =>
    page
      ? { ...page, items: page.items.filter((item) => item.id !== id), total: page.total - 1 }
      : page,
  )
}
