import { queryOptions, type QueryClient } from '@tanstack/react-query'
import { api, apiList } from '@/api/http'
import type { Submerchant, SubmerchantUser } from '@/api/schema/submerchants'
import type { User } from '@/api/schema/users'
import { LOAD_MESSAGES, withLoadMessage } from '@/features/accounts/load-error'

// Response schemas (arktype) load with the first request, not with the page, so an offline start
// from the persisted cache never pays arktype's start-up cost.
export const accountQueries = {
  // Not account data: the same for every account of the user.
  currentUser: () =>
    queryOptions({
      queryKey: ['user', 'current'],
      queryFn: async (): Promise<User> => {
        const { User } = await import('@/api/schema/users')
        return api('/v1/users/current', { schema: User, bypassCache: true })
      },
    }),
  // GET /v1/submerchants?sort=name with the cache bypass header; always fresh on entry.
  submerchants: () =>
    queryOptions({
      queryKey: ['user', 'submerchants'],
      queryFn: async (): Promise<Submerchant[]> => {
        const { Submerchant } = await import('@/api/schema/submerchants')
        const page = await apiList(
          '/v1/submerchants',
          { sort: { field: 'name', direction: 'asc' }, limit: 100 },
          Submerchant,
          { bypassCache: true },
        )
        return [...page.items].sort((a, b) => a.name.localeCompare(b.name, 'en-GB'))
      },
      staleTime: 0,
    }),
  // Account data: keys start with the submerchant id.
  submerchant: (submerchantId: string) =>
    queryOptions({
      queryKey: [submerchantId, 'submerchant'],
      queryFn: async (): Promise<Submerchant> => {
        const { Submerchant } = await import('@/api/schema/submerchants')
        return api(`/v1/submerchants/${encodeURIComponent(submerchantId)}`, {
          schema: Submerchant,
          bypassCache: true,
        })
      },
    }),
  role: (submerchantId: string) =>
    queryOptions({
      queryKey: [submerchantId, 'submerchant-user', 'current'],
      queryFn: async (): Promise<SubmerchantUser> => {
        const { SubmerchantUser } = await import('@/api/schema/submerchants')
        return api(`/v1/submerchants/${encodeURIComponent(submerchantId)}/users/current`, {
          schema: SubmerchantUser,
        })
      },
    }),
}

// docs/screens.md#routing-rules: the role (and the account itself) are loaded on entry if missing.
export async function ensureAccount(queryClient: QueryClient, submerchantId: string) {
  const [submerchantUser, submerchant] = await Promise.all([
    withLoadMessage(
      LOAD_MESSAGES.submerchantUser,
      queryClient.ensureQueryData(accountQueries.role(submerchantId)),
    ),
    withLoadMessage(
      LOAD_MESSAGES.submerchant,
      queryClient.ensureQueryData(accountQueries.submerchant(submerchantId)),
    ),
  ])
  return { submerchantUser, submerchant }
}
