import { type } from 'arktype'
import { AMOUNT_TOO_LARGE, MAX_AMOUNT } from '@/api/amount-limit'

// A prefixed id (`usr_…`, `sale_…`): the prefix is the only structure the contract promises.
export function prefixedId<const P extends string>(prefix: P) {
  const pattern = new RegExp(`^${prefix}_[A-Za-z0-9_]+$`)
  return type('string').narrow(
    (value, ctx) => pattern.test(value) || ctx.mustBe(`an id starting with ${prefix}_`),
  )
}

export const UserId = prefixedId('usr')
export const SubmerchantId = prefixedId('sub')
export type SubmerchantId = typeof SubmerchantId.infer
export const SaleId = prefixedId('sale')
export const RefundRequestId = prefixedId('ref')
export const TerminalId = prefixedId('trm')
export const IntentId = prefixedId('int')
export const PayoutId = prefixedId('pay')
export const ApiKeyId = prefixedId('api')
export const WebhookEndpointId = prefixedId('whe')
export const WebhookNotificationId = prefixedId('whn')
export const WebhookAttemptId = prefixedId('wha')
export const BalanceTransactionId = prefixedId('btx')
export const ReceiptId = prefixedId('rcp')
export const BankAccountId = prefixedId('ba')
export const PayoutCardId = prefixedId('pc')
export const OperatorId = prefixedId('op')
export const PaymentFacilitatorId = prefixedId('pf')
export const EnrollmentId = prefixedId('enr')
export const SubmerchantUserId = prefixedId('su')

// Integer minor units (pence); never a float.
export const MinorUnits = type('number.integer >= 0')
export type MinorUnits = typeof MinorUnits.infer

/** An entered amount: a whole number of minor units from 1 to MAX_AMOUNT. */
export function enteredAmount(message: string) {
  return type('number.integer >= 1')
    .configure({ message })
    .narrow((n, ctx) => n <= MAX_AMOUNT || ctx.reject({ message: AMOUNT_TOO_LARGE }))
}

// Balance movements can be negative (refunds, payouts).
export const SignedMinorUnits = type('number.integer')

export const Currency = type(/^[A-Z]{3}$/)
export type Currency = typeof Currency.infer
export const DEFAULT_CURRENCY = 'GBP'

// ISO 8601 UTC string as produced by Date#toISOString.
export const IsoDateTime = type('string.date.iso')
export type IsoDateTime = typeof IsoDateTime.infer

// RFC 5321's longest address. Every route that takes an email refuses a longer one with a 400
// before any database work (docs/validation.md#email-addresses).
export const EMAIL_MAX_LENGTH = 254
export const EmailAddress = type('string.email').atMostLength(EMAIL_MAX_LENGTH)
// E.164 international phone number (+447700900123).
export const PhoneNumber = type(/^\+[1-9]\d{6,14}$/)

export const ROLES = ['owner', 'manager', 'viewer'] as const
export const Role = type.enumerated(...ROLES)
export type Role = typeof Role.infer

export const FieldError = type({ field: 'string', messages: 'string[]' })
export type FieldError = typeof FieldError.infer

// The one error body of docs/api.md#errors.
export const ErrorBody = type({
  message: 'string',
  'code?': 'string',
  'errors?': FieldError.array(),
})
export type ErrorBody = typeof ErrorBody.infer
