import type { QueryClient } from '@tanstack/react-query'

export interface QueryClientLoader {
  /** Loads TanStack Query's code and creates the client, once; a failed load is tried again. */
  load: () => Promise<QueryClient>
  /** The client, once created. */
  current: () => QueryClient | undefined
  /** For useSyncExternalStore: told once, when the client is created. */
  subscribe: (listener: () => void) => () => void
}

/**
 * The app's one query client, created when its code has loaded rather than with the first script:
 * /login has no use for TanStack Query (main.tsx loads it at once signed in, after the first paint
 * signed out). Listeners hear of the client before load()'s promise resolves, so a provider that
 * subscribes renders it no later than a screen that waited for load().
 */
export function createQueryClientLoader(
  create: () => Promise<QueryClient> = () =>
    import('@/offline/query-client').then(({ createQueryClient }) => createQueryClient()),
): QueryClientLoader {
  let client: QueryClient | undefined
  let loading: Promise<QueryClient> | undefined
  const listeners = new Set<() => void>()
  return {
    load() {
      loading ??= create().then(
        (created) => {
          // What QueryClientProvider does on mount: refetch on focus and reconnect, resume mutations.
          created.mount()
          client = created
          for (const listener of listeners) listener()
          return created
        },
        (error: unknown) => {
          loading = undefined
          throw error
        },
      )
      return loading
    },
    current: () => client,
    subscribe(listener) {
      listeners.add(listener)
      return () => listeners.delete(listener)
    },
  }
}
