import type { QueryClient } from '@tanstack/react-query'
import { salesKeys } from '@/api/query-keys'
import type { ReceiptAdvice, ReceiptAdvicePayload } from '@/api/schema/receipts'
import { shouldRetry } from '@/offline/query-client'
import { registerTouchedKeys } from '@/offline/outbox'
import { OUTBOX_SCOPE, queueableKey, type QueueableVariables } from '@/offline/queueable'

/**
 * Receipt sends may wait offline (docs/offline.md#writing): their mutationFn is registered here, so
 * a queued send resumes after a reload; the screen's hook is useSendReceiptMutation in api.ts.
 * Kept light on purpose: main.tsx imports this module to register the defaults before the
 * persisted cache is restored, so the HTTP client and the arktype schemas load only when a
 * receipt is actually sent (the /login bundle budget).
 */

export const RECEIPT_SEND_KEY = queueableKey('receipts', 'send')

export interface SendReceiptVariables extends QueueableVariables {
  receiptId: string
  saleId: string
  payload: ReceiptAdvicePayload
}

// POST /v1/receipts/{receiptId}/advice, as the account it was queued for.
export async function sendReceipt(variables: SendReceiptVariables): Promise<ReceiptAdvice> {
  const [{ api }, { ReceiptAdvice }] = await Promise.all([
    import('@/api/http'),
    import('@/api/schema/receipts'),
  ])
  return api(`/v1/receipts/${encodeURIComponent(variables.receiptId)}/advice`, {
    method: 'POST',
    body: variables.payload,
    idempotencyKey: variables.idempotencyKey,
    // A replay after an account switch must still speak for the account it was queued in.
    perspective: variables.outbox.submerchantId,
    schema: ReceiptAdvice,
  })
}

function isSendReceiptVariables(variables: QueueableVariables): variables is SendReceiptVariables {
  return typeof (variables as Partial<SendReceiptVariables>).saleId === 'string'
}

export function registerReceiptMutations(queryClient: QueryClient): void {
  queryClient.setMutationDefaults(RECEIPT_SEND_KEY, {
    mutationFn: (variables: SendReceiptVariables) => sendReceipt(variables),
    // One at a time, in the order they were made.
    scope: OUTBOX_SCOPE,
    // A lost answer is retried with the same Idempotency-Key, so it can never send twice.
    retry: shouldRetry,
  })
  // The sale's detail, which shows the receipt's state.
  registerTouchedKeys(RECEIPT_SEND_KEY, (variables) =>
    isSendReceiptVariables(variables)
      ? [salesKeys.detail(variables.outbox.submerchantId, variables.saleId)]
      : [],
  )
}
