import { API_ERROR_MESSAGES, toApiError } from '@/api/errors'
import type { ReceiptAdvicePayload } from '@/api/schema/receipts'

export type ReceiptChannel = ReceiptAdvicePayload['channel']

export const CHANNEL_LABELS: Record<ReceiptChannel, string> = { sms: 'SMS', email: 'Email' }

// What the outbox shows for a queued send.
export const OUTBOX_WHAT: Record<ReceiptChannel, string> = {
  sms: 'Receipt by SMS',
  email: 'Receipt by email',
}

export const RECEIPT_MESSAGES = {
  // docs/errors.md#sales-refunds-receipts-terminals.
  failed: 'Failed to send receipt',
  queued: "You're offline. The receipt will be sent when the connection returns.",
  emailRequired: 'Email address required',
  emailInvalid: 'Enter a valid email address',
} as const

export function receiptSentMessage(forWhom: string): string {
  return `Receipt sent to ${forWhom}`
}

// docs/errors.md#sales-refunds-receipts-terminals 'Failed to send receipt' plus the server message if present (not our own fallbacks).
export function receiptErrorMessage(error: unknown): string {
  const apiError = toApiError(error)
  const fromServer =
    apiError.status > 0 && apiError.message !== API_ERROR_MESSAGES.unknown ? apiError.message : null
  return fromServer ? `${RECEIPT_MESSAGES.failed}: ${fromServer}` : RECEIPT_MESSAGES.failed
}
