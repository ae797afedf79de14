import type { CountryCode } from 'libphonenumber-js/min'
import type { CaptureMode, IntentCreatePayload } from '@/api/schema/intents'
import { DEFAULT_CURRENCY } from '@/config/limits'
import { DEFAULT_EXPIRY, parseExpiry } from '@/lib/expiry'
import { parseMoney } from '@/lib/money'
import {
  jobNumberProblems,
  linkAmountProblem,
  PAYMENT_LINK_MESSAGES,
  stripPhone,
} from '@/lib/payment-link-rules'
import { toE164, type PhoneLib } from '@/lib/phone'

// What the create form holds, as typed.
export interface CreateValues {
  amount: string
  reference: string
  customerName: string
  description: string
  phoneCountry: CountryCode
  phone: string
  sendSms: boolean
  email: string
  sendEmail: boolean
  expiry: string
  countryCode: string
  postcode: string
  captureMode: CaptureMode
}

export const INITIAL_CREATE_VALUES: CreateValues = {
  amount: '',
  reference: '',
  customerName: '',
  description: '',
  phoneCountry: 'GB',
  phone: '',
  sendSms: false,
  email: '',
  sendEmail: false,
  expiry: DEFAULT_EXPIRY,
  countryCode: 'GB',
  postcode: '',
  captureMode: 'automatic',
}

export type CreateErrors = Partial<Record<keyof CreateValues, string>>

const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/
const INVALID_EMAIL = 'Enter a valid email address'

export type CreateCheck =
  { ok: true; payload: IntentCreatePayload } | { ok: false; errors: CreateErrors }

/**
 * Every create rule (docs/validation.md#payment-link-create), in the form's words: the amount, the phone (dashes and spaces stripped,
 * parsed by libphonenumber-js) when SMS is ticked, the email when email is ticked, the job-number
 * account's three messages, and the natural-language expiry. The sandbox checks the same again.
 */
export function checkCreate(
  values: CreateValues,
  opts: { submerchantId: string; requiresJobNumber: boolean; phoneLib: PhoneLib; now: Date },
): CreateCheck {
  const errors: CreateErrors = {}
  const amount = parseMoney(values.amount.trim())
  const amountProblem = linkAmountProblem(amount)
  if (amountProblem) errors.amount = amountProblem

  const phoneText = stripPhone(values.phone)
  let phone: string | null = null
  if (phoneText) {
    const parsed = toE164(opts.phoneLib, phoneText, values.phoneCountry)
    if (parsed.ok) phone = parsed.e164
    else errors.phone = parsed.message
  } else if (values.sendSms) errors.phone = PAYMENT_LINK_MESSAGES.phoneRequired

  const email = values.email.trim()
  if (email && !EMAIL.test(email)) errors.email = INVALID_EMAIL
  else if (!email && values.sendEmail) errors.email = PAYMENT_LINK_MESSAGES.emailRequired

  if (opts.requiresJobNumber) {
    for (const problem of jobNumberProblems(values)) errors[problem.field] = problem.message
  }
  const expiry = parseExpiry(values.expiry, opts.now)
  if (!expiry.ok) errors.expiry = expiry.message

  if (Object.keys(errors).length > 0 || amount === null) return { ok: false, errors }
  const text = (value: string) => value.trim() || null
  return {
    ok: true,
    payload: {
      saleAmount: amount,
      currency: DEFAULT_CURRENCY,
      submerchantId: opts.submerchantId,
      description: text(values.description),
      reference: text(values.reference),
      customerName: text(values.customerName),
      captureMode: values.captureMode,
      customerPhoneNumber: phone,
      sendCustomerSms: values.sendSms,
      customerEmailAddress: email || null,
      sendCustomerEmail: values.sendEmail,
      expiryNaturalLanguage: values.expiry.trim() || DEFAULT_EXPIRY,
      customerAddress: {
        countryCode: values.countryCode,
        postcode: values.postcode.trim().toUpperCase() || null,
      },
    },
  }
}

// Server field names → the form's fields, for the 'Oops...' dialog's field messages.
export const SERVER_FIELDS: Record<string, keyof CreateValues> = {
  saleAmount: 'amount',
  reference: 'reference',
  customerName: 'customerName',
  description: 'description',
  customerPhoneNumber: 'phone',
  customerEmailAddress: 'email',
  expiryNaturalLanguage: 'expiry',
  'customerAddress.postcode': 'postcode',
  'customerAddress.countryCode': 'countryCode',
}
