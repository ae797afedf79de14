import { useSyncExternalStore } from 'react'
import { onlineManager } from '@tanstack/react-query'

// The one online flag of the portal: TanStack Query's onlineManager, which pauses queries and mutations.
export function useOnline(): boolean {
  return useSyncExternalStore(
    (listener) => onlineManager.subscribe(listener),
    () => onlineManager.isOnline(),
  )
}
