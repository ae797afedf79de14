import { type } from 'arktype'
import {
  Currency,
  EmailAddress,
  IsoDateTime,
  MinorUnits,
  RefundRequestId,
  SaleId,
  UserId,
} from './common'

export const REFUND_STATUSES = ['pending', 'approved', 'rejected', 'completed'] as const
export const RefundStatus = type.enumerated(...REFUND_STATUSES)
export type RefundStatus = typeof RefundStatus.infer

export const RefundRequest = type({
  id: RefundRequestId,
  saleId: SaleId,
  // Unknown future statuses are shown humanised (§4), so accept any string.
  status: 'string',
  amount: MinorUnits,
  refundReason: 'string',
  customerEmailAddress: 'string | null',
  createdAt: IsoDateTime,
  createdBy: UserId,
  currency: Currency,
})
export type RefundRequest = typeof RefundRequest.infer

// §5: amount is an integer in minor units, not negative; reason required; email optional.
export const RefundRequestPayload = type({
  amount: MinorUnits.configure({ message: 'Amount required' }),
  refundReason: type('0 < string <= 500').configure({ message: 'Reason for refund required' }),
  'customerEmailAddress?': EmailAddress.or("''").or('null'),
})
export type RefundRequestPayload = typeof RefundRequestPayload.infer
