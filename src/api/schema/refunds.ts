import { type } from 'arktype'
import { AMOUNT_TOO_LARGE, MAX_AMOUNT } from '@/api/amount-limit'
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
  // Unknown future statuses are shown humanised (docs/states.md#payment-links), so accept any string.
  status: 'string',
  amount: MinorUnits,
  refundReason: 'string',
  customerEmailAddress: 'string | null',
  createdAt: IsoDateTime,
  createdBy: UserId,
  currency: Currency,
})
export type RefundRequest = typeof RefundRequest.infer

// docs/validation.md#refund-request: amount is an integer in minor units, at least 1p (a zero refund refunds nothing); reason required; email optional.
const AMOUNT_REQUIRED = 'Amount required'
export const AMOUNT_NEGATIVE = 'Amount must not be negative'
const REASON_REQUIRED = 'Reason for refund required'

const RefundAmount = type('number.integer')
  .configure({ message: AMOUNT_REQUIRED })
  .narrow((n, ctx) => n >= 0 || ctx.reject({ message: AMOUNT_NEGATIVE }))
  .narrow((n, ctx) => n >= 1 || ctx.reject({ message: AMOUNT_REQUIRED }))
  .narrow((n, ctx) => n <= MAX_AMOUNT || ctx.reject({ message: AMOUNT_TOO_LARGE }))

export const RefundRequestPayload = type({
  amount: RefundAmount,
  refundReason: type('0 < string <= 500').configure({ message: REASON_REQUIRED }),
  'customerEmailAddress?': EmailAddress.or("''").or('null'),
}).configure(
  // A missing key gets the same docs/validation.md#refund-request message as a bad value.
  { message: (ctx) => (ctx.path[0] === 'amount' ? AMOUNT_REQUIRED : REASON_REQUIRED) },
  { kind: 'required' },
)
export type RefundRequestPayload = typeof RefundRequestPayload.infer
