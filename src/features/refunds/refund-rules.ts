import { type } from 'arktype'
import { API_ERROR_MESSAGES, type ApiError } from '@/api/errors'
import { RefundRequestPayload, type RefundRequest } from '@/api/schema/refunds'
import type { Sale } from '@/api/schema/sales'
import { parseMoney } from '@/lib/money'
import { humanize, prettify } from '@/lib/prettify'
import { exceedsRefundableMessage } from '@/lib/refundable'

// §5 and §8 texts, exactly as written there.
export const REFUND_MESSAGES = {
  typeRequired: 'Need to select full or partial refund',
  amountRequired: 'Amount required',
  reasonRequired: 'Reason for refund required',
  emailInvalid: 'Enter a valid email address',
  offline: 'Refunds need a connection',
  fullyRefunded: 'Fully refunded',
} as const

// §8: a refund error shows the server message, else the response's status text.
export function refundErrorMessage(error: ApiError): string {
  if (error.message !== API_ERROR_MESSAGES.unknown) return error.message
  const statusText = (error.cause as { statusText?: unknown } | undefined)?.statusText
  return typeof statusText === 'string' && statusText ? statusText : error.message
}

// §8 'Request failed: {message}' on refund deletion.
export function deleteFailedMessage(error: ApiError): string {
  return `Request failed: ${refundErrorMessage(error)}`
}

// §4: pending and approved both read Pending; other statuses are humanised.
export function refundStatusLabel(status: string): string {
  return status === 'pending' || status === 'approved' ? 'Pending' : humanize(status)
}

// §4: only pending refunds can be edited or deleted.
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

/**
 * The §5 refund form checks, ending in the one arktype payload schema the sandbox also uses.
 * A full refund is the rest of the refundable amount; an amount above it is refused here first.
 */
export function validateRefundForm(
  values: RefundFormValues,
  { refundable, currency }: { refundable: number; currency: string },
): RefundFormResult {
  const errors: RefundFieldErrors = {}
  let amount: number | null = null
  if (values.type === null) errors.type = REFUND_MESSAGES.typeRequired
  else if (values.type === 'full') {
    if (refundable > 0) amount = refundable
    else errors.type = REFUND_MESSAGES.fullyRefunded
  } else {
    amount = parseMoney(values.amount, currency)
    if (amount === null || amount <= 0) errors.amount = REFUND_MESSAGES.amountRequired
    else if (amount > refundable) errors.amount = exceedsRefundableMessage(refundable, currency)
  }
  const email = values.email.trim()
  const checked = RefundRequestPayload({
    amount: amount ?? 1,
    refundReason: values.reason.trim(),
    ...(email ? { customerEmailAddress: email } : {}),
  })
  if (checked instanceof type.errors) {
    for (const issue of checked) {
      const field = PAYLOAD_FIELDS[String(issue.path[0])]
      if (!field || errors[field]) continue
      errors[field] =
        field === 'email'
          ? REFUND_MESSAGES.emailInvalid
          : field === 'reason'
            ? REFUND_MESSAGES.reasonRequired
            : REFUND_MESSAGES.amountRequired
    }
  }
  if (Object.keys(errors).length > 0 || checked instanceof type.errors) {
    return { ok: false, errors }
  }
  return { ok: true, payload: checked }
}

// Server field errors (ApiError.fieldErrors) on the form's fields; a full refund's amount error goes to the type.
export function serverFieldErrors(error: ApiError, type: RefundType | null): RefundFieldErrors {
  const errors: RefundFieldErrors = {}
  for (const [name, messages] of Object.entries(error.fieldErrors)) {
    let field = PAYLOAD_FIELDS[name]
    if (field === 'amount' && type === 'full') field = 'type'
    if (field && messages[0] && !errors[field]) errors[field] = messages[0]
  }
  return errors
}
