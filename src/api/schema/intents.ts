import { type } from 'arktype'
import {
  ApiKeyId,
  Currency,
  EmailAddress,
  enteredAmount,
  IntentId,
  IsoDateTime,
  MinorUnits,
  PhoneNumber,
  SaleId,
  SubmerchantId,
  UserId,
} from './common'
import { CAPTURE_MODES, FINAL_INTENT_STATUSES, INTENT_STATUSES } from './intent-values'

export { CAPTURE_MODES, FINAL_INTENT_STATUSES, INTENT_STATUSES }

export const IntentStatus = type.enumerated(...INTENT_STATUSES)
export type IntentStatus = typeof IntentStatus.infer

export const CaptureMode = type.enumerated(...CAPTURE_MODES)
export type CaptureMode = typeof CaptureMode.infer

export const Intent = type({
  id: IntentId,
  submerchantId: SubmerchantId,
  amount: MinorUnits,
  currency: Currency,
  status: IntentStatus,
  statusIsFinal: 'boolean',
  captureMode: CaptureMode,
  captureAmount: MinorUnits.or('null'),
  reference: 'string | null',
  description: 'string | null',
  customerName: 'string | null',
  customerPhoneNumber: 'string | null',
  customerEmailAddress: 'string | null',
  customerSmsSent: 'boolean',
  customerEmailSent: 'boolean',
  customerIpAddress: 'string | null',
  customerDeviceInfo: 'string | null',
  createdAt: IsoDateTime,
  createdBy: UserId.or(ApiKeyId),
  succeededAt: type(IsoDateTime, '|', 'null'),
  authorizedAt: type(IsoDateTime, '|', 'null'),
  expiresAt: type(IsoDateTime, '|', 'null'),
  clientAccessUrl: 'string',
  clientAccessQrCode: 'string | null',
  saleId: SaleId.or('null'),
  logs: 'string[]',
})
export type Intent = typeof Intent.infer

export const PartialIntent = Intent.partial()
export type PartialIntent = typeof PartialIntent.infer

// docs/validation.md#payment-link-create: required and above zero; one message for missing, zero, negative or fractional.
const Amount = enteredAmount('Amount is required')

// A missing key would otherwise read "saleAmount must be a number (was missing)".
function amountPresent(
  p: { saleAmount?: number },
  ctx: { reject: (e: { path: string[]; message: string }) => false },
) {
  return (
    p.saleAmount !== undefined ||
    ctx.reject({ path: ['saleAmount'], message: 'Amount is required' })
  )
}

export const IntentCreatePayload = type({
  'saleAmount?': Amount,
  currency: Currency,
  submerchantId: SubmerchantId,
  'description?': 'string <= 500 | null',
  'reference?': 'string <= 100 | null',
  'customerName?': 'string <= 200 | null',
  'brandIdentifier?': 'string | null',
  'captureMode?': CaptureMode,
  'customerPhoneNumber?': PhoneNumber.or('null'),
  'sendCustomerSms?': 'boolean',
  'customerEmailAddress?': EmailAddress.or('null'),
  'sendCustomerEmail?': 'boolean',
  'expiryNaturalLanguage?': '0 < string <= 100',
  'customerAddress?': {
    countryCode: type(/^[A-Z]{2}$/),
    'postcode?': 'string <= 16 | null',
  },
})
  .narrow(
    (p, ctx) =>
      !p.sendCustomerSms ||
      !!p.customerPhoneNumber ||
      ctx.reject({
        path: ['customerPhoneNumber'],
        message: 'Customer phone number is required to send SMS',
      }),
  )
  .narrow(
    (p, ctx) =>
      !p.sendCustomerEmail ||
      !!p.customerEmailAddress ||
      ctx.reject({
        path: ['customerEmailAddress'],
        message: 'Customer email address is required to send email',
      }),
  )
  .narrow(amountPresent)
  .pipe((p) => p as typeof p & { saleAmount: number })
export type IntentCreatePayload = typeof IntentCreatePayload.infer

export const IntentUpdatePayload = type({
  'saleAmount?': Amount,
  'currency?': Currency,
  'description?': 'string <= 500 | null',
  'reference?': 'string <= 100 | null',
  'customerName?': 'string <= 200 | null',
})
  .narrow(amountPresent)
  .pipe((p) => p as typeof p & { saleAmount: number })
export type IntentUpdatePayload = typeof IntentUpdatePayload.infer

export const CapturePayload = type({ amount: Amount })
export type CapturePayload = typeof CapturePayload.infer

export const NotificationChannel = type("'sms' | 'email'")

export const CustomerNotificationPayload = type({
  channels: NotificationChannel.array().moreThanLength(0),
  'customerPhoneNumber?': PhoneNumber.or('null'),
  'customerEmailAddress?': EmailAddress.or('null'),
})
export type CustomerNotificationPayload = typeof CustomerNotificationPayload.infer

// A bulk CSV row after header normalisation (docs/validation.md#bulk-create): amount already in minor units.
export const BulkCsvRow = type({
  'reference?': 'string',
  amount: Amount,
  'customerName?': 'string',
  'description?': 'string',
  sendCustomerSms: 'boolean',
  customerPhoneNumber: 'string | null',
  sendCustomerEmail: 'boolean',
  customerEmailAddress: 'string | null',
  customerPostcode: 'string | null',
})
export type BulkCsvRow = typeof BulkCsvRow.infer
