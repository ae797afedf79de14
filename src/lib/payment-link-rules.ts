// Payment-link rules (docs/validation.md#payment-link-create) the create form and the sandbox both apply (one definition).
import { AMOUNT_TOO_LARGE, MAX_AMOUNT } from '@/api/amount-limit'

export const MIN_JOB_NUMBER_LENGTH = 8

// docs/constants.md#sizes-and-limits: a payment link expires 14 days after it is made unless the person says otherwise.
export const DEFAULT_EXPIRY = '14 days'

export const PAYMENT_LINK_MESSAGES = {
  amountRequired: 'Amount is required',
  phoneRequired: 'Customer phone number is required to send SMS',
  emailRequired: 'Customer email address is required to send email',
  jobNumberRequired: 'Job number (Reference) is required',
  jobNumberTooShort: `Job number (Reference) must be at least ${MIN_JOB_NUMBER_LENGTH} characters`,
  customerNameRequired: 'Customer name is required',
} as const

/** The amount of a link (minor units, null when unreadable): required, above zero, within the limit. */
export function linkAmountProblem(amount: number | null): string | null {
  if (amount === null || amount <= 0) return PAYMENT_LINK_MESSAGES.amountRequired
  return amount > MAX_AMOUNT ? AMOUNT_TOO_LARGE : null
}

export interface FieldProblem {
  field: 'reference' | 'customerName'
  message: string
}

/**
 * docs/validation.md#payment-link-create: on the two job-number accounts the reference is a job number of 8+ characters and the
 * customer name is required. Only fields present are checked when `partial` (an edit).
 */
export function jobNumberProblems(
  values: { reference?: string | null; customerName?: string | null },
  opts: { partial?: boolean } = {},
): FieldProblem[] {
  const problems: FieldProblem[] = []
  const reference = values.reference?.trim() ?? ''
  if (!opts.partial || values.reference !== undefined) {
    if (!reference) {
      problems.push({ field: 'reference', message: PAYMENT_LINK_MESSAGES.jobNumberRequired })
    } else if (reference.length < MIN_JOB_NUMBER_LENGTH) {
      problems.push({ field: 'reference', message: PAYMENT_LINK_MESSAGES.jobNumberTooShort })
    }
  }
  if ((!opts.partial || values.customerName !== undefined) && !values.customerName?.trim()) {
    problems.push({ field: 'customerName', message: PAYMENT_LINK_MESSAGES.customerNameRequired })
  }
  return problems
}

// docs/validation.md#payment-link-create: phone numbers have dashes and spaces stripped before they are parsed.
export function stripPhone(input: string): string {
  return input.replace(/[\s-]/g, '')
}

// docs/states.md#payment-links and docs/api.md#payment-links: the statuses after which nothing more happens, and what each action needs.
export const DELETABLE_STATUSES = ['cancelled', 'expired', 'payment_declined'] as const

// docs/validation.md#bulk-actions: "Cannot resend notifications when status is '{status}'".
export function cannotResendMessage(status: string): string {
  return `Cannot resend notifications when status is '${status}'`
}
