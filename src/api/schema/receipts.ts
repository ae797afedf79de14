import { type } from 'arktype'
import { EmailAddress, PhoneNumber } from './common'

export const ReceiptChannel = type("'sms' | 'email'")
export type ReceiptChannel = typeof ReceiptChannel.infer

const Brand = type('0 < string <= 100')

export const ReceiptAdvicePayload = type({
  channel: "'sms'",
  phoneNumber: PhoneNumber,
  brand: Brand,
}).or({
  channel: "'email'",
  emailAddress: EmailAddress,
  brand: Brand,
})
export type ReceiptAdvicePayload = typeof ReceiptAdvicePayload.infer

export const ReceiptAdvice = type({
  channel: ReceiptChannel,
  'phoneNumber?': 'string',
  'emailAddress?': 'string',
  brand: 'string',
})
export type ReceiptAdvice = typeof ReceiptAdvice.infer
