import { queryOptions, type QueryClient } from '@tanstack/react-query'
import { api, apiList } from '@/api/http'
import { submerchantKeys } from '@/api/query-keys'
import type { Submerchant, SubmerchantUser } from '@/api/schema/submerchants'
import type { User } from '@/api/schema/users'
import { LOAD_MESSAGES, withLoadMessage } from '@/features/accounts/load-error'

// Not account data: the signed-in user and the accounts they may choose, the same for every account.
export const userKeys = {
  all: () => ['user'] as const,
  current: () => ['user', 'current'] as const,
  submerchants: () => ['user', 'submerchants'] as const,
}

// The signed-in user's role in an account.
export const submerchantUserKeys = {
  all: (submerchantId: string) => [submerchantId, 'submerchant-user'] as const,
  current: (submerchantId: string) => [submerchantId, 'submerchant-user', 'current'] as const,
}

// Response schemas (arktype) load with the first request, not with the page, so an offline start
// from the persisted cache never pays arktype's start-up cost.
export const accountQueries = {
  currentUser: () =>
    queryOptions({
      queryKey: userKeys.current(),
      queryFn: async (): Promise<User> => {
        const { User } = await import('@/api/schema/users')
        return api('/v1/users/current', { schema: User, bypassCache: true })
      },
    }),
  // GET /v1/submerchants?sort=name with the cache bypass header; read again whenever a screen shows it.
  submerchants: () =>
    queryOptions({
      queryKey: userKeys.submerchants(),
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
      refetchOnMount: 'always',
    }),
  submerchant: (submerchantId: string) =>
    queryOptions({
      queryKey: submerchantKeys.detail(submerchantId),
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
      queryKey: submerchantUserKeys.current(submerchantId),
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
