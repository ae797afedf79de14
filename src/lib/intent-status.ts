import type { IntentStatus } from '@/api/schema/intents'

// Payment-link statuses (docs/states.md#payment-links) as people read them, wherever one is shown:
// the links screens, their exports and the activity log.
export const INTENT_STATUS_LABELS: Record<IntentStatus, string> = {
  created: 'Created',
  pending: 'Pending',
  error: 'Error',
  payment_declined: 'Payment declined',
  requires_3ds_fingerprint: '3-D Secure check',
  requires_3ds_challenge: '3-D Secure challenge',
  authorized_pending_capture: 'Authorised, awaiting capture',
  succeeded: 'Succeeded',
  cancelled: 'Cancelled',
  expired: 'Expired',
}

export function intentStatusLabel(status: string): string {
  return INTENT_STATUS_LABELS[status as IntentStatus] ?? status
}
