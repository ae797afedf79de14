import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query'
import { toApiError } from '@/api/errors'
import { api } from '@/api/http'
import { enrollmentKeys } from '@/api/query-keys'
import type { Enrollment } from '@/api/schema/enrollments'

// The acquirer and product the portal enrols for (payment links are ecommerce).
export const ENROLLMENT_REQUEST = { acquirer: 'finaro', type: 'ecommerce' } as const

const schemas = () => import('@/api/schema/enrollments')

// docs/constants.md#enrolment: an enrolment in the queue is checked again after 60 s.
const RECHECK_MS = 60_000

export const enrollmentQueries = {
  // GET /v1/enrollments?submerchantId&acquirer.
  state: (submerchantId: string) =>
    queryOptions({
      queryKey: enrollmentKeys.state(submerchantId, ENROLLMENT_REQUEST.acquirer),
      queryFn: async ({ signal }): Promise<Enrollment | null> => {
        const { Enrollment } = await schemas()
        const items = await api('/v1/enrollments', {
          query: { submerchantId, acquirer: ENROLLMENT_REQUEST.acquirer },
          schema: Enrollment.array(),
          signal,
        })
        return items[0] ?? null
      },
      staleTime: 0,
      // While the panel shows it, a queued request is checked again until it moves on.
      refetchInterval: (q) => (q.state.data?.status === 'queued' ? RECHECK_MS : false),
    }),
}

// POST /v1/enrollments; the response has processingExpectedBy. The one write of self-enrolment
// (docs/writes.md): the answer becomes the cached state, and the panel shows what follows (queued,
// or the error state with its manual set-up link); it has no toast.
export function useRequestEnrollmentMutation(submerchantId: string) {
  const queryClient = useQueryClient()
  const { queryKey } = enrollmentQueries.state(submerchantId)
  return useMutation({
    mutationFn: async (): Promise<Enrollment> => {
      const { Enrollment } = await schemas()
      return api('/v1/enrollments', {
        method: 'POST',
        body: { submerchantId, ...ENROLLMENT_REQUEST },
        schema: Enrollment,
      })
    },
    networkMode: 'always',
    onSuccess: (enrollment) => queryClient.setQueryData(queryKey, enrollment),
    // docs/states.md#enrolment: a 409 means it is already queued; read the state instead.
    onError: (cause) => {
      if (toApiError(cause).status === 409)
        void queryClient.refetchQueries({ queryKey, exact: true })
    },
  })
}

// A failed request shows the error state, except a 409 (already queued), which reads the state.
export function requestFailed(error: unknown): boolean {
  return error !== null && toApiError(error).status !== 409
}
