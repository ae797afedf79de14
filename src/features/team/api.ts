import { keepPreviousData, queryOptions, useMutation, useQueryClient } from '@tanstack/react-query'
import { api, apiList, type ListPage } from '@/api/http'
import type { Role } from '@/api/schema/common'
import type {
  ActivityEntry,
  Invitation,
  InvitationAcceptance,
  InvitationPreview,
  TeamMember,
} from '@/api/schema/team'
import type { ListParams } from '@/lib/list-search'
import { toListQuery } from '@/lib/list-view'

const enc = encodeURIComponent
const schemas = () => import('@/api/schema/team')

// One key factory for the team; every key starts with the account (docs/architecture.md#keys).
export const teamKeys = {
  all: (submerchantId: string) => [submerchantId, 'team'] as const,
  members: (submerchantId: string) => [submerchantId, 'team', 'members'] as const,
  invitations: (submerchantId: string) => [submerchantId, 'team', 'invitations'] as const,
  activity: (submerchantId: string) => [submerchantId, 'team', 'activity'] as const,
  activityList: (submerchantId: string, params: ListParams) =>
    [submerchantId, 'team', 'activity', 'list', params] as const,
  invitation: (token: string) => ['invitation', token] as const,
}

// Team data and the log name people and addresses: never kept on the device.
const NOT_PERSISTED = { persist: false } as const

const teamPath = (submerchantId: string, rest: string) =>
  `/v1/submerchants/${enc(submerchantId)}${rest}`

async function all<T>(path: string, schema: (data: unknown) => unknown): Promise<T[]> {
  const page = await apiList(path, {}, schema as never)
  return page.items as T[]
}

export const teamQueries = {
  // GET /v1/submerchants/{id}/users.
  members: (submerchantId: string) =>
    queryOptions({
      queryKey: teamKeys.members(submerchantId),
      queryFn: async (): Promise<TeamMember[]> =>
        all(teamPath(submerchantId, '/users'), (await schemas()).TeamMember),
      meta: NOT_PERSISTED,
    }),
  // GET /v1/submerchants/{id}/invitations.
  invitations: (submerchantId: string) =>
    queryOptions({
      queryKey: teamKeys.invitations(submerchantId),
      queryFn: async (): Promise<Invitation[]> =>
        all(teamPath(submerchantId, '/invitations'), (await schemas()).Invitation),
      meta: NOT_PERSISTED,
    }),
  // GET /v1/activity on the list kit.
  activity: (submerchantId: string, params: ListParams) =>
    queryOptions({
      queryKey: teamKeys.activityList(submerchantId, params),
      queryFn: async ({ signal }): Promise<ListPage<ActivityEntry>> =>
        apiList('/v1/activity', toListQuery({}, params), (await schemas()).ActivityEntry, {
          signal,
        }),
      placeholderData: keepPreviousData,
      meta: NOT_PERSISTED,
    }),
  // GET /v1/invitations/{token}: public, what the link offers.
  invitation: (token: string) =>
    queryOptions({
      queryKey: teamKeys.invitation(token),
      queryFn: async (): Promise<InvitationPreview> =>
        api(`/v1/invitations/${enc(token)}`, { schema: (await schemas()).InvitationPreview }),
      retry: false,
      meta: NOT_PERSISTED,
    }),
}

// One page of the log at any offset (Export CSV walks them).
export async function fetchActivityPage(
  params: ListParams,
  offset: number,
  limit: number,
  signal: AbortSignal,
): Promise<ListPage<ActivityEntry>> {
  const { ActivityEntry } = await schemas()
  return apiList('/v1/activity', { ...toListQuery({}, params), offset, limit }, ActivityEntry, {
    signal,
  })
}

// Every team write refreshes the team and the log; none waits offline (docs/writes.md).
function useTeamWrite<V, R>(submerchantId: string, write: (vars: V) => Promise<R>) {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: write,
    networkMode: 'always',
    onSettled: () => queryClient.invalidateQueries({ queryKey: teamKeys.all(submerchantId) }),
  })
}

export interface InviteDraft {
  emailAddress: string
  role: Role
}

export function useInviteMutation(submerchantId: string) {
  return useTeamWrite(submerchantId, async (draft: InviteDraft) =>
    api(teamPath(submerchantId, '/invitations'), {
      method: 'POST',
      body: { emailAddress: draft.emailAddress, role: draft.role },
      schema: (await schemas()).Invitation,
    }),
  )
}

export function useResendInvitationMutation(submerchantId: string) {
  return useTeamWrite(submerchantId, async (id: string) =>
    api(teamPath(submerchantId, `/invitations/${enc(id)}/resend`), {
      method: 'POST',
      schema: (await schemas()).Invitation,
    }),
  )
}

export function useRevokeInvitationMutation(submerchantId: string) {
  return useTeamWrite(submerchantId, async (id: string) =>
    api(teamPath(submerchantId, `/invitations/${enc(id)}`), {
      method: 'DELETE',
      schema: (await schemas()).Invitation,
    }),
  )
}

export function useChangeRoleMutation(submerchantId: string) {
  return useTeamWrite(submerchantId, async ({ userId, role }: { userId: string; role: Role }) =>
    api(teamPath(submerchantId, `/users/${enc(userId)}`), {
      method: 'PATCH',
      body: { role },
      schema: (await schemas()).TeamMember,
    }),
  )
}

export function useRemoveMemberMutation(submerchantId: string) {
  return useTeamWrite(submerchantId, (userId: string) =>
    api(teamPath(submerchantId, `/users/${enc(userId)}`), { method: 'DELETE' }),
  )
}

// POST /v1/invitations/{token}/acceptance by the signed-in invitee.
export function useAcceptInvitationMutation(token: string) {
  return useMutation({
    mutationFn: async (): Promise<InvitationAcceptance> =>
      api(`/v1/invitations/${enc(token)}/acceptance`, {
        method: 'POST',
        schema: (await schemas()).InvitationAcceptance,
      }),
    networkMode: 'always',
  })
}
