import type { QueryClient } from '@tanstack/react-query'
import { intentKeys } from '@/api/query-keys'
import type { CustomerNotificationPayload, Intent, IntentCreatePayload } from '@/api/schema/intents'
import { registerTouchedKeys } from '@/offline/outbox'
import { shouldRetry } from '@/offline/query-client'
import { OUTBOX_SCOPE, queueableKey, type QueueableVariables } from '@/offline/queueable'

/**
 * Payment-link creation and customer notifications may wait offline (docs/offline.md#writing).
 * Kept light like the receipts' defaults: main.tsx registers them before the persisted cache is
 * restored, and the HTTP client and schemas load only when one is actually sent.
 */

export const INTENT_CREATE_KEY = queueableKey('intents', 'create')
export const INTENT_NOTIFY_KEY = queueableKey('intents', 'notify')

export interface CreateIntentVariables extends QueueableVariables {
  payload: IntentCreatePayload
}

export interface NotifyIntentVariables extends QueueableVariables {
  intentId: string
  payload: CustomerNotificationPayload
}

// POST /v1/intents, with the Idempotency-Key made when the person pressed Create.
export async function createIntent(variables: CreateIntentVariables): Promise<Intent> {
  const [{ api }, { Intent }] = await Promise.all([
    import('@/api/http'),
    import('@/api/schema/intents'),
  ])
  return api('/v1/intents', {
    method: 'POST',
    body: { ...variables.payload },
    idempotencyKey: variables.idempotencyKey,
    perspective: variables.outbox.submerchantId,
    schema: Intent,
  })
}

// POST /v1/intents/{id}/customer-notifications.
export async function notifyCustomer(variables: NotifyIntentVariables): Promise<Intent> {
  const [{ api }, { Intent }] = await Promise.all([
    import('@/api/http'),
    import('@/api/schema/intents'),
  ])
  return api(`/v1/intents/${encodeURIComponent(variables.intentId)}/customer-notifications`, {
    method: 'POST',
    body: { ...variables.payload },
    idempotencyKey: variables.idempotencyKey,
    perspective: variables.outbox.submerchantId,
    schema: Intent,
  })
}

function intentIdOf(variables: QueueableVariables): string | null {
  const id = (variables as Partial<NotifyIntentVariables>).intentId
  return typeof id === 'string' ? id : null
}

export function registerPaymentLinkMutations(queryClient: QueryClient): void {
  queryClient.setMutationDefaults(INTENT_CREATE_KEY, {
    mutationFn: (variables: CreateIntentVariables) => createIntent(variables),
    scope: OUTBOX_SCOPE,
    // A lost answer is retried with the same Idempotency-Key: the link is made once.
    retry: shouldRetry,
  })
  queryClient.setMutationDefaults(INTENT_NOTIFY_KEY, {
    mutationFn: (variables: NotifyIntentVariables) => notifyCustomer(variables),
    scope: OUTBOX_SCOPE,
    retry: shouldRetry,
  })
  registerTouchedKeys(INTENT_CREATE_KEY, (variables) => [
    intentKeys.lists(variables.outbox.submerchantId),
  ])
  registerTouchedKeys(INTENT_NOTIFY_KEY, (variables) => {
    const intentId = intentIdOf(variables)
    return intentId ? [intentKeys.detail(variables.outbox.submerchantId, intentId)] : []
  })
}
