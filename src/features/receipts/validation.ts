import { type } from 'arktype'
import { EmailAddress } from '@/api/schema/common'
import { RECEIPT_MESSAGES } from '@/features/receipts/messages'
import { checkForm, type FormRules } from '@/lib/use-form'

// The email form checks the address with the rule the API applies to ReceiptAdvicePayload.
export const EmailReceiptSchema = type({ emailAddress: EmailAddress })

export const EMAIL_RECEIPT_RULES: FormRules<{ emailAddress: string }> = {
  toInput: (values) => ({ emailAddress: values.emailAddress.trim() }),
  messages: {
    emailAddress: {
      required: RECEIPT_MESSAGES.emailRequired,
      invalid: RECEIPT_MESSAGES.emailInvalid,
    },
  },
}

export function emailReceiptError(value: string): string | null {
  const checked = checkForm(EmailReceiptSchema, { emailAddress: value }, EMAIL_RECEIPT_RULES)
  return checked.ok ? null : (checked.errors.emailAddress ?? null)
}
