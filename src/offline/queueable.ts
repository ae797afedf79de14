import type { MutationKey } from '@tanstack/react-query'
import { randomId } from '@/lib/ids'

/**
 * The contract of a mutation that may be queued offline (docs/offline.md#writing): its
 * variables carry the Idempotency-Key made when the person acted, and what the outbox shows,
 * so both survive a reload in the persisted cache.
 */
export interface OutboxLabel {
  // What is queued, e.g. 'Receipt by SMS'.
  what: string
  // For whom, e.g. '+447700900123' or 'Sale of £12.30 on 2026-11-21 09:14 AM'.
  forWhom: string
  // The account it belongs to; the outbox shows only the current account's entries.
  submerchantId: string
  // ISO instant of the tap.
  queuedAt: string
}

export interface QueueableVariables {
  idempotencyKey: string
  outbox: OutboxLabel
}

// Every queueable mutation key starts with this, so the outbox can find them all.
export const QUEUEABLE_KEY_ROOT = 'queueable'

export function queueableKey(area: string, action: string): MutationKey {
  return [QUEUEABLE_KEY_ROOT, area, action]
}

// Queued actions replay one at a time, in the order they were made.
export const OUTBOX_SCOPE = { id: 'outbox' } as const

export function newQueueableVariables(
  label: Omit<OutboxLabel, 'queuedAt'>,
  now: Date = new Date(),
): QueueableVariables {
  return { idempotencyKey: randomId(24), outbox: { ...label, queuedAt: now.toISOString() } }
}

export function isQueueableVariables(value: unknown): value is QueueableVariables {
  if (typeof value !== 'object' || value === null) return false
  const { idempotencyKey, outbox } = value as Partial<QueueableVariables>
  return (
    typeof idempotencyKey === 'string' &&
    typeof outbox === 'object' &&
    outbox !== null &&
    typeof outbox.what === 'string' &&
    typeof outbox.forWhom === 'string' &&
    typeof outbox.submerchantId === 'string' &&
    typeof outbox.queuedAt === 'string'
  )
}
