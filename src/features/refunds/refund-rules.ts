import { API_ERROR_MESSAGES, type ApiError } from '@/api/errors'
import { AMOUNT_NEGATIVE, RefundRequestPayload, type RefundRequest } from '@/api/schema/refunds'
import type { Sale } from '@/api/schema/sales'
import { parseMoney } from '@/lib/money'
import { humanize, prettify } from '@/lib/prettify'
import { exceedsRefundableMessage } from '@/lib/refundable'
import { checkForm, serverFieldErrors as fieldErrorsOf, type FormRules } from '@/lib/use-form'

// Texts of docs/validation.md#refund-request and docs/errors.md#sales-refunds-receipts-terminals, exactly as written there.
export const REFUND_MESSAGES = {
  typeRequired: 'Need to select full or partial refund',
  amountRequired: 'Amount required',
  // docs/validation.md#refund-request: the amount is in minor units, not negative.
  amountNegative: AMOUNT_NEGATIVE,
  reasonRequired: 'Reason for refund required',
  emailInvalid: 'Enter a valid email address',
  offline: 'Refunds need a connection',
  fullyRefunded: 'Fully refunded',
} as const

// docs/errors.md#sales-refunds-receipts-terminals: a refund error shows the server message, else the response's status text.
export function refundErrorMessage(error: ApiError): string {
  if (error.message !== API_ERROR_MESSAGES.unknown) return error.message
  const statusText = (error.cause as { statusText?: unknown } | undefined)?.statusText
  return typeof statusText === 'string' && statusText ? statusText : error.message
}

// 'Request failed: {message}' on refund deletion (docs/errors.md#sales-refunds-receipts-terminals).
export function deleteFailedMessage(error: ApiError): string {
  return `Request failed: ${refundErrorMessage(error)}`
}

// docs/states.md#refunds: pending and approved both read Pending; other statuses are humanised.
export function refundStatusLabel(status: string): string {
  return status === 'pending' || status === 'approved' ? 'Pending' : humanize(status)
}

// docs/states.md#refunds: only pending refunds can be edited or deleted.
export function isRefundEditable(refund: Pick<RefundRequest, 'status'>): boolean {
  return refund.status === 'pending'
}

// The card as a person recognises it: "Visa •••• 4242".
export function cardLabel(sale: Pick<Sale, 'cardScheme' | 'panLastFour'>): string {
  return `${prettify(sale.cardScheme)} •••• ${sale.panLastFour}`
}

export type RefundType = 'full' | 'partial'

export interface RefundFormValues {
  // null until chosen; an edit is always an amount (partial).
  type: RefundType | null
  // Pounds and pence as typed ("12.30").
  amount: string
  reason: string
  email: string
}

export type RefundField = 'type' | 'amount' | 'reason' | 'email'
export type RefundFieldErrors = Partial<Record<RefundField, string>>

export type RefundFormResult =
  { ok: true; payload: RefundRequestPayload } | { ok: false; errors: RefundFieldErrors }

const PAYLOAD_FIELDS: Record<string, RefundField> = {
  amount: 'amount',
  refundReason: 'reason',
  customerEmailAddress: 'email',
}

// Where a payload field's message belongs on the form: a full refund's amount is its type.
export function refundFieldOf(
  name: string,
  values: Pick<RefundFormValues, 'type'>,
): RefundField | undefined {
  const field = PAYLOAD_FIELDS[name]
  if (field !== 'amount') return field
  return values.type === 'full' ? 'type' : values.type === 'partial' ? 'amount' : undefined
}

interface RefundLimits {
  refundable: number
  currency: string
}

// "-5" parses as an amount once its sign is dropped: a negative amount, not a missing one.
function isNegativeAmount(text: string, currency: string): boolean {
  const trimmed = text.trim()
  return trimmed.startsWith('-') && (parseMoney(trimmed.slice(1), currency) ?? 0) > 0
}

/**
 * The refund form rules (docs/validation.md#refund-request) for useForm: the one arktype payload schema the sandbox also uses (its
 * messages are those of docs/validation.md#refund-request), plus what only the form knows — the type, the refundable ceiling, a minus sign.
 */
export function refundFormRules({
  refundable,
  currency,
}: RefundLimits): FormRules<RefundFormValues> {
  const amountOf = (values: RefundFormValues) =>
    values.type === 'full' ? refundable : parseMoney(values.amount, currency)
  return {
    toInput: (values) => {
      const amount = amountOf(values)
      const email = values.email.trim()
      return {
        ...(amount === null ? {} : { amount }),
        refundReason: values.reason.trim(),
        ...(email ? { customerEmailAddress: email } : {}),
      }
    },
    messages: { email: { invalid: REFUND_MESSAGES.emailInvalid } },
    fieldOf: refundFieldOf,
    check: (values) => {
      if (values.type === null) return { type: REFUND_MESSAGES.typeRequired }
      if (values.type === 'full') {
        return refundable > 0 ? {} : { type: REFUND_MESSAGES.fullyRefunded }
      }
      if (isNegativeAmount(values.amount, currency)) {
        return { amount: REFUND_MESSAGES.amountNegative }
      }
      const amount = amountOf(values)
      return amount !== null && amount > refundable
        ? { amount: exceedsRefundableMessage(refundable, currency) }
        : {}
    },
  }
}

export function validateRefundForm(
  values: RefundFormValues,
  limits: RefundLimits,
): RefundFormResult {
  const checked = checkForm(RefundRequestPayload, values, refundFormRules(limits))
  return checked.ok ? { ok: true, payload: checked.data } : checked
}

// Server field errors (ApiError.fieldErrors) on the form's fields; a full refund's amount error goes to the type.
export function serverFieldErrors(error: ApiError, type: RefundType | null): RefundFieldErrors {
  return fieldErrorsOf<RefundFormValues>(
    error,
    { type, amount: '', reason: '', email: '' },
    refundFieldOf,
  )
}
