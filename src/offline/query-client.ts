import { MutationCache, QueryCache, QueryClient } from '@tanstack/react-query'
import { isApiError, isUnexpectedError } from '@/api/errors'
import { PERSIST_MAX_AGE_MS } from '@/config/limits'
import { reportError } from '@/lib/report-error'

declare module '@tanstack/react-query' {
  interface Register {
    queryMeta: { persist?: boolean }
  }
}

const MAX_RETRIES = 2

// Client errors (4xx) will not change on retry, except 429 (too many at once: a moment later they
// are done, docs/api.md#errors); network and server failures might.
export function shouldRetry(failureCount: number, error: unknown): boolean {
  if (isApiError(error)) {
    return (!error.isClientError || error.status === 429) && failureCount < MAX_RETRIES
  }
  return false
}

function reportIfUnexpected(error: unknown): void {
  if (isUnexpectedError(error)) reportError(error)
}

export function createQueryClient(): QueryClient {
  return new QueryClient({
    // Expected API failures are shown by the screen; anything else is a bug worth reporting.
    queryCache: new QueryCache({ onError: reportIfUnexpected }),
    mutationCache: new MutationCache({ onError: reportIfUnexpected }),
    defaultOptions: {
      queries: {
        // Must outlive the persisted cache's maxAge, or restored data is collected at once.
        gcTime: PERSIST_MAX_AGE_MS,
        staleTime: 30_000,
        retry: shouldRetry,
        // Route loaders (lib/load-query.ts) made the first attempt; the screen offers Retry.
        retryOnMount: false,
      },
      mutations: { gcTime: PERSIST_MAX_AGE_MS, retry: false },
    },
  })
}
