import { useMemo } from 'react'
import { useMutationState } from '@tanstack/react-query'
import { byQueuedAt, outboxEntryOf, type OutboxEntry } from '@/offline/outbox'
import { QUEUEABLE_KEY_ROOT } from '@/offline/queueable'

// The account's outbox, live: re-renders as entries are queued, sent, fail or are cancelled.
export function useOutbox(submerchantId: string | undefined): OutboxEntry[] {
  const entries = useMutationState({
    filters: { mutationKey: [QUEUEABLE_KEY_ROOT] },
    select: outboxEntryOf,
  })
  return useMemo(
    () =>
      entries
        .filter((entry): entry is OutboxEntry => entry?.label.submerchantId === submerchantId)
        .sort(byQueuedAt),
    [entries, submerchantId],
  )
}
