import {
  onlineManager,
  type FetchQueryOptions,
  type QueryClient,
  type QueryKey,
} from '@tanstack/react-query'

/**
 * A route loader's data, fetched once: no retries here and no throw, so a failure stays in the
 * query and the screen's QueryView shows 'Failed to load …' (docs/errors.md#loading-a-screen) with Retry inside the shell (the client's
 * retryOnMount is off, so the screen does not fetch it all again). Offline it never waits on the
 * network: the screen renders the cached data with its age, or its offline empty state.
 */
export async function loadQuery<TData, TKey extends QueryKey>(
  queryClient: QueryClient,
  options: FetchQueryOptions<TData, Error, TData, TKey>,
  // Cached data this says may have changed is checked again at once, in the background, however
  // fresh it looks (a detail page that polls, opened again or reloaded: docs/writes.md).
  recheck?: (cached: TData) => boolean,
): Promise<void> {
  if (!onlineManager.isOnline()) return
  const cached = queryClient.getQueryData<TData>(options.queryKey)
  if (cached !== undefined && recheck?.(cached)) {
    void queryClient.refetchQueries({ queryKey: options.queryKey, exact: true })
    return
  }
  try {
    await queryClient.ensureQueryData({ ...options, retry: false })
  } catch {
    // Kept in the query's state for the screen.
  }
}
