import { onlineManager, type QueryClient, type QueryKey } from '@tanstack/react-query'
import type { FetchQueryOptions } from '@tanstack/react-query'

/**
 * A loader's ensureQueryData that never waits on the network while offline: the screen then
 * renders the cached data (with its age) or its offline empty state.
 */
export async function ensureWhenOnline<TData, TKey extends QueryKey>(
  queryClient: QueryClient,
  options: FetchQueryOptions<TData, Error, TData, TKey>,
): Promise<void> {
  if (!onlineManager.isOnline()) return
  await queryClient.ensureQueryData(options)
}
