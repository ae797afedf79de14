import { useCallback } from 'react'
import { useQueryClient } from '@tanstack/react-query'
import { useRouter } from '@tanstack/react-router'
import { accountQueries } from '@/features/accounts/api'

// Reloads the chosen account and the route context built on it (e.g. once it is enrolled, docs/roles.md#payment-links).
export function useReloadAccount(submerchantId: string): () => void {
  const queryClient = useQueryClient()
  const router = useRouter()
  return useCallback(() => {
    // Fetched, not just invalidated: no screen observes the account query, so it would stay stale.
    void queryClient
      .fetchQuery({ ...accountQueries.submerchant(submerchantId), staleTime: 0 })
      .then(() => router.invalidate())
  }, [queryClient, router, submerchantId])
}
