import { queryOptions } from '@tanstack/react-query'
import { STATUS_CHECK_INTERVAL_MS } from '@/config/limits'
import { statusJsonUrl } from '@/config/status'

// The four states of the top bar's status icon (docs/screens.md#the-shell).
export type SystemStatus = 'ok' | 'minor' | 'major' | 'unknown'

export const SYSTEM_STATUS_LABELS: Record<SystemStatus, string> = {
  ok: 'OK',
  minor: 'Minor incident',
  major: 'Major incident',
  unknown: 'Not checked',
}

// Statuspage indicators: none | minor | major | critical; anything else is not a real answer.
export function statusFromIndicator(indicator: unknown): SystemStatus {
  if (indicator === 'none') return 'ok'
  if (indicator === 'minor') return 'minor'
  if (indicator === 'major' || indicator === 'critical') return 'major'
  return 'unknown'
}

// A third-party page: plain fetch, no cookies or portal headers; any failure reads as not checked.
async function fetchSystemStatus(signal: AbortSignal): Promise<SystemStatus> {
  try {
    const response = await fetch(statusJsonUrl(), {
      signal,
      credentials: 'omit',
      cache: 'no-store',
    })
    if (!response.ok) return 'unknown'
    const body = (await response.json()) as { status?: { indicator?: unknown } } | null
    return statusFromIndicator(body?.status?.indicator)
  } catch (error) {
    if (signal.aborted) throw error
    return 'unknown'
  }
}

// Not account data: one status for everyone.
export const systemStatusKeys = {
  all: () => ['system-status'] as const,
}

export const shellQueries = {
  // docs/constants.md#timing: polled every 300000 ms; networkMode 'online' pauses the polling while offline.
  systemStatus: () =>
    queryOptions({
      queryKey: systemStatusKeys.all(),
      queryFn: ({ signal }) => fetchSystemStatus(signal),
      refetchInterval: STATUS_CHECK_INTERVAL_MS,
      staleTime: STATUS_CHECK_INTERVAL_MS,
      networkMode: 'online',
      retry: false,
      // A status from an earlier visit is not a check; it is never restored from IndexedDB.
      meta: { persist: false },
    }),
}
