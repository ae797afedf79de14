import { onlineManager, useMutation } from '@tanstack/react-query'
import type { ApiError } from '@/api/errors'
import type { ReceiptAdvice, ReceiptAdvicePayload } from '@/api/schema/receipts'
import { RECEIPT_TOAST_MS } from '@/config/receipts'
import {
  OUTBOX_WHAT,
  RECEIPT_MESSAGES,
  receiptErrorMessage,
  receiptSentMessage,
} from '@/features/receipts/messages'
import { RECEIPT_SEND_KEY, type SendReceiptVariables } from '@/features/receipts/mutations'
import { newQueueableVariables } from '@/offline/queueable'
import { useToast } from '@/ui/toast'
import { useWriteFailureToast } from '@/ui/write-failure'

export interface ReceiptRequest {
  payload: ReceiptAdvicePayload
  // The recipient as the outbox and the toast show it.
  forWhom: string
}

export interface ReceiptTarget {
  submerchantId: string
  saleId: string
  receiptId: string
}

/**
 * POST /v1/receipts/{receiptId}/advice, the one write of receipts (docs/writes.md); it may wait
 * offline, so its mutationFn, scope and retry are the defaults registered in mutations.ts. The form
 * closes when Send is pressed, so the outcome is a long toast: sent, failed, or queued while
 * offline. The sent and failed toasts follow each send while this screen is open; one that ends
 * after the screen has gone is in the Outbox.
 */
export function useSendReceiptMutation({ submerchantId, saleId, receiptId }: ReceiptTarget) {
  const toast = useToast()
  const failed = useWriteFailureToast()
  const mutation = useMutation<ReceiptAdvice, ApiError, SendReceiptVariables>({
    mutationKey: RECEIPT_SEND_KEY,
  })

  function send({ payload, forWhom }: ReceiptRequest) {
    // The Idempotency-Key is made now, at the tap, and travels with the queued variables.
    const variables: SendReceiptVariables = {
      ...newQueueableVariables({ what: OUTBOX_WHAT[payload.channel], forWhom, submerchantId }),
      receiptId,
      saleId,
      payload,
    }
    const offline = !onlineManager.isOnline()
    mutation.mutate(variables, {
      onSuccess: () =>
        toast.show(receiptSentMessage(forWhom), { tone: 'success', durationMs: RECEIPT_TOAST_MS }),
      onError: (error) => failed(receiptErrorMessage(error), { durationMs: RECEIPT_TOAST_MS }),
    })
    if (offline) toast.show(RECEIPT_MESSAGES.queued, { durationMs: RECEIPT_TOAST_MS })
  }

  // Busy while it is being sent; a send waiting for the connection leaves the form free.
  return { send, sending: mutation.isPending && !mutation.isPaused }
}
