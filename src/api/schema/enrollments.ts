import { type } from 'arktype'
import { EnrollmentId, IsoDateTime, SubmerchantId } from './common'

export const ENROLLMENT_STATUSES = ['queued', 'enrolled', 'error'] as const
export const EnrollmentStatus = type.enumerated(...ENROLLMENT_STATUSES)
export type EnrollmentStatus = typeof EnrollmentStatus.infer

export const Enrollment = type({
  id: EnrollmentId,
  submerchantId: SubmerchantId,
  acquirer: 'string',
  type: 'string',
  processingExpectedBy: type(IsoDateTime, '|', 'null'),
  status: EnrollmentStatus,
})
export type Enrollment = typeof Enrollment.infer

export const EnrollmentPayload = type({
  submerchantId: SubmerchantId,
  acquirer: '0 < string <= 50',
  type: '0 < string <= 50',
})
export type EnrollmentPayload = typeof EnrollmentPayload.infer
