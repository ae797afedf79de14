import {
  keepPreviousData,
  queryOptions,
  useMutation,
  useQueryClient,
  type QueryClient,
} from '@tanstack/react-query'
import { api, apiList, type ListPage } from '@/api/http'
import { intentKeys } from '@/api/query-keys'
import type { CapturePayload, Intent, IntentUpdatePayload } from '@/api/schema/intents'
import { SEARCH_LIMIT } from '@/config/limits'
import {
  INTENT_CREATE_KEY,
  INTENT_NOTIFY_KEY,
  type CreateIntentVariables,
  type NotifyIntentVariables,
} from '@/features/payment-links/mutations'
import type { ListParams } from '@/lib/list-search'
import { toListQuery } from '@/lib/list-view'
import { whenPersisted } from '@/offline/idb-persister'
import { useToast } from '@/ui/toast'

// docs/constants.md#timing: a link's status is checked every 60 s while shown, never twice within 30 s;
// every 5 min while the live stream is open, which refreshes it the moment it changes.
export const POLL_MS = 60_000
export const LIVE_POLL_MS = 5 * 60_000
export const MIN_CHECK_GAP_MS = 30_000

const enc = encodeURIComponent
const itemPath = (intentId: string) => `/v1/intents/${enc(intentId)}`

// Loaded with the first request, as the sales area does.
const schemas = () => import('@/api/schema/intents')

export const intentQueries = {
  // GET /v1/intents?submerchantId={id} with sort, limit, offset, filters and date ranges.
  list: (submerchantId: string, params: ListParams) =>
    queryOptions({
      queryKey: intentKeys.list(submerchantId, params),
      queryFn: ({ signal }): Promise<ListPage<Intent>> =>
        apiList(
          '/v1/intents',
          toListQuery({ submerchantId }, params),
          schemas().then((schema) => schema.Intent),
          { signal },
        ),
      placeholderData: keepPreviousData,
    }),
  // GET /v1/intents?q&limit=10 (search).
  search: (submerchantId: string, q: string) =>
    queryOptions({
      queryKey: intentKeys.search(submerchantId, q),
      queryFn: async ({ signal }): Promise<ListPage<Intent>> => {
        const { Intent } = await schemas()
        return apiList('/v1/intents', { q, limit: SEARCH_LIMIT }, Intent, { signal })
      },
      enabled: q.trim().length > 0,
      placeholderData: keepPreviousData,
    }),
  // GET /v1/intents/{id}; `live` while the account's live stream is open (lib/live-status).
  detail: (submerchantId: string, intentId: string, live = false) =>
    queryOptions({
      queryKey: intentKeys.detail(submerchantId, intentId),
      queryFn: async ({ signal }): Promise<Intent> => {
        const { Intent } = await schemas()
        return api(itemPath(intentId), { schema: Intent, bypassCache: true, signal })
      },
      // Opening the page checks a link that is not final at once (the route's loader, recheck);
      // the Refresh button alone keeps 30 s between checks.
      staleTime: MIN_CHECK_GAP_MS,
      // docs/constants.md#timing: every 60 s while shown and not final (the fallback while the live
      // stream is down); never while the page is hidden.
      refetchInterval: (q) =>
        q.state.data && !q.state.data.statusIsFinal ? (live ? LIVE_POLL_MS : POLL_MS) : false,
      refetchIntervalInBackground: false,
      // A tab brought to the front (or the app resumed) checks a link that is not final at once.
      refetchOnWindowFocus: (q) => (q.state.data?.statusIsFinal === false ? 'always' : false),
      refetchOnReconnect: false,
    }),
}

// A link that may still change is checked whenever its page opens.
export const needsRecheck = (intent: Intent) => !intent.statusIsFinal

// The writes, one mutation hook each (docs/writes.md). Edit and the actions (docs/states.md#payment-links) are never queued
// (their buttons say they need a connection); create and notify may wait offline, with the
// mutationFn registered in mutations.ts so a queued one resumes after a reload.

// The server's answer goes into the cached detail and the lists are refreshed; the persisted copy
// holds it before the screen moves on, so a reload at once shows it.
async function storeIntent(queryClient: QueryClient, submerchantId: string, intent: Intent) {
  queryClient.setQueryData(intentKeys.detail(submerchantId, intent.id), intent)
  void queryClient.invalidateQueries({ queryKey: intentKeys.lists(submerchantId) })
  await whenPersisted()
}

// PATCH /v1/intents/{id}.
export function useUpdateIntentMutation(submerchantId: string, intentId: string) {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: async (payload: IntentUpdatePayload) => {
      const { Intent } = await schemas()
      return api(itemPath(intentId), { method: 'PATCH', body: { ...payload }, schema: Intent })
    },
    networkMode: 'always',
    onSuccess: (updated) => storeIntent(queryClient, submerchantId, updated),
  })
}

export type IntentAction = 'cancel' | 'reset' | 'capture' | 'delete'

export interface IntentActionInput {
  action: IntentAction
  capture?: CapturePayload
}

// PUT …/cancellation, …/reset, …/authorization/capture and DELETE. Bulk actions call it per
// row (their runner owns the cache update); screens use useIntentActionMutation.
export async function runIntentAction(
  intentId: string,
  action: IntentAction,
  capture?: CapturePayload,
): Promise<Intent | null> {
  const { Intent } = await schemas()
  switch (action) {
    case 'cancel':
      return api(`${itemPath(intentId)}/cancellation`, { method: 'PUT', schema: Intent })
    case 'reset':
      return api(`${itemPath(intentId)}/reset`, { method: 'PUT', schema: Intent })
    case 'capture':
      return api(`${itemPath(intentId)}/authorization/capture`, {
        method: 'PUT',
        body: { ...capture },
        schema: Intent,
      })
    case 'delete':
      await api(itemPath(intentId), { method: 'DELETE' })
      return null
  }
}

export function useIntentActionMutation(submerchantId: string, intentId: string) {
  const queryClient = useQueryClient()
  const toast = useToast()
  return useMutation({
    mutationFn: ({ action, capture }: IntentActionInput) =>
      runIntentAction(intentId, action, capture),
    networkMode: 'always',
    onSuccess: async (updated) => {
      if (updated) return storeIntent(queryClient, submerchantId, updated)
      queryClient.removeQueries({ queryKey: intentKeys.detail(submerchantId, intentId) })
      await queryClient.invalidateQueries({ queryKey: intentKeys.lists(submerchantId) })
      await whenPersisted()
      toast.notice('Payment link deleted', 'success')
    },
  })
}

// POST /v1/intents; queued while offline.
export function useCreateIntentMutation(submerchantId: string) {
  const queryClient = useQueryClient()
  return useMutation<Intent, unknown, CreateIntentVariables>({
    mutationKey: INTENT_CREATE_KEY,
    onSuccess: (intent) => storeIntent(queryClient, submerchantId, intent),
  })
}

// POST /v1/intents/{id}/customer-notifications; queued while offline.
export function useNotifyCustomerMutation(submerchantId: string) {
  const queryClient = useQueryClient()
  const toast = useToast()
  return useMutation<Intent, unknown, NotifyIntentVariables>({
    mutationKey: INTENT_NOTIFY_KEY,
    onSuccess: async (intent) => {
      await storeIntent(queryClient, submerchantId, intent)
      toast.notice('Notification sent', 'success')
    },
  })
}
