import { useMemo } from 'react'
import { useMutationState } from '@tanstack/react-query'
import type { CreateIntentVariables } from '@/features/payment-links/mutations'
import { INTENT_CREATE_KEY } from '@/features/payment-links/mutations'
import { StatusBadge } from '@/features/payment-links/status-badge'
import { WAITING_FOR_CONNECTION } from '@/features/payment-links/status'
import { formatDateTime } from '@/lib/dates'
import { formatMoney } from '@/lib/money'

interface QueuedLink {
  key: string
  variables: CreateIntentVariables
}

// Links created offline and not yet sent: shown above the list until the server has them (docs/offline.md).
export function useQueuedLinks(submerchantId: string): QueuedLink[] {
  const pending = useMutationState({
    filters: { mutationKey: INTENT_CREATE_KEY, status: 'pending' },
    select: (mutation) => mutation.state.variables as CreateIntentVariables | undefined,
  })
  return useMemo(
    () =>
      pending
        .filter((v): v is CreateIntentVariables => v?.outbox.submerchantId === submerchantId)
        .map((variables) => ({ key: variables.idempotencyKey, variables })),
    [pending, submerchantId],
  )
}

export function QueuedLinks({ submerchantId }: { submerchantId: string }) {
  const queued = useQueuedLinks(submerchantId)
  if (queued.length === 0) return null
  return (
    <ul className="intent-queued" aria-label="Payment links waiting for a connection">
      {queued.map(({ key, variables }) => {
        const { payload, outbox } = variables
        return (
          <li key={key}>
            <span>
              <strong>{formatMoney(payload.saleAmount, payload.currency)}</strong>
              {payload.reference ? ` · ${payload.reference}` : ''}
              {payload.customerName ? ` · ${payload.customerName}` : ''}
            </span>
            <span className="muted">Created {formatDateTime(outbox.queuedAt)}</span>
            <StatusBadge status="queued" label={WAITING_FOR_CONNECTION} />
          </li>
        )
      })}
    </ul>
  )
}
