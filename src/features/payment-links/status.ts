import type { IntentStatus } from '@/api/schema/intents'
import type { BadgeTone as StatusTone } from '@/ui/badge'

export type { StatusTone }

// Intent statuses (docs/states.md#payment-links), humanised, with the colour each is shown in (the text always says it too).
export const INTENT_STATUS: Record<IntentStatus, { label: string; tone: StatusTone }> = {
  created: { label: 'Created', tone: 'info' },
  pending: { label: 'Pending', tone: 'warning' },
  error: { label: 'Error', tone: 'danger' },
  payment_declined: { label: 'Payment declined', tone: 'danger' },
  requires_3ds_fingerprint: { label: '3-D Secure check', tone: 'warning' },
  requires_3ds_challenge: { label: '3-D Secure challenge', tone: 'warning' },
  authorized_pending_capture: { label: 'Authorised, awaiting capture', tone: 'warning' },
  succeeded: { label: 'Succeeded', tone: 'success' },
  cancelled: { label: 'Cancelled', tone: 'neutral' },
  expired: { label: 'Expired', tone: 'neutral' },
}

export const WAITING_FOR_CONNECTION = 'Waiting for connection'

export function intentStatusLabel(status: string): string {
  return INTENT_STATUS[status as IntentStatus]?.label ?? status
}
