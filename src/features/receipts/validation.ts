import { EmailAddress } from '@/api/schema/common'
import { RECEIPT_MESSAGES } from '@/features/receipts/messages'

// The same rule the API applies to ReceiptAdvicePayload.emailAddress.
export function emailReceiptError(value: string): string | null {
  const email = value.trim()
  if (!email) return RECEIPT_MESSAGES.emailRequired
  return EmailAddress.allows(email) ? null : RECEIPT_MESSAGES.emailInvalid
}
