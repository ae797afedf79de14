import { keepPreviousData, queryOptions } from '@tanstack/react-query'
import { api, apiList, type ListPage } from '@/api/http'
import { intentKeys } from '@/api/query-keys'
import type { CapturePayload, Intent, IntentUpdatePayload } from '@/api/schema/intents'
import { SEARCH_LIMIT } from '@/config/limits'
import type { ListParams } from '@/lib/list-search'
import { toListQuery } from '@/lib/list-view'

// §9: a link's status is checked every 60 s while shown, never twice within 30 s.
export const POLL_MS = 60_000
export const MIN_CHECK_GAP_MS = 30_000

const enc = encodeURIComponent
const itemPath = (intentId: string) => `/v1/intents/${enc(intentId)}`

// Loaded with the first request, as the sales area does.
const schemas = () => import('@/api/schema/intents')

export const intentQueries = {
  // §7 GET /v1/intents?submerchantId={id} with sort, limit, offset, filters and date ranges.
  list: (submerchantId: string, params: ListParams) =>
    queryOptions({
      queryKey: [...intentKeys.lists(submerchantId), params] as const,
      queryFn: async ({ signal }): Promise<ListPage<Intent>> => {
        const { Intent } = await schemas()
        return apiList('/v1/intents', toListQuery({ submerchantId }, params), Intent, { signal })
      },
      placeholderData: keepPreviousData,
    }),
  // §7 GET /v1/intents?q&limit=10 (search).
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
  // §7 GET /v1/intents/{id}.
  detail: (submerchantId: string, intentId: string) =>
    queryOptions({
      queryKey: intentKeys.detail(submerchantId, intentId),
      queryFn: async ({ signal }): Promise<Intent> => {
        const { Intent } = await schemas()
        return api(itemPath(intentId), { schema: Intent, bypassCache: true, signal })
      },
      // §9: at least 30 s between checks; opening the page later asks the server again.
      staleTime: MIN_CHECK_GAP_MS,
    }),
}

// Not queueable (ARCHITECTURE "Writing"): plain calls, refused while offline by the screen.

// §7 PATCH /v1/intents/{id}.
export async function updateIntent(intentId: string, payload: IntentUpdatePayload) {
  const { Intent } = await schemas()
  return api(itemPath(intentId), { method: 'PATCH', body: { ...payload }, schema: Intent })
}

export type IntentAction = 'cancel' | 'reset' | 'capture' | 'delete'

// §7 PUT …/cancellation, …/reset, …/authorization/capture and DELETE.
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
