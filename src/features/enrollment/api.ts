import { queryOptions } from '@tanstack/react-query'
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

// POST /v1/enrollments; the response has processingExpectedBy.
export async function requestEnrollment(submerchantId: string): Promise<Enrollment> {
  const { Enrollment } = await schemas()
  return api('/v1/enrollments', {
    method: 'POST',
    body: { submerchantId, ...ENROLLMENT_REQUEST },
    schema: Enrollment,
  })
}
