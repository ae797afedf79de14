import type { IntentStatus } from '@/api/schema/intents'
import { INTENT_STATUS_LABELS } from '@/lib/intent-status'
import type { BadgeTone as StatusTone } from '@/ui/badge'

export type { StatusTone }
export { intentStatusLabel } from '@/lib/intent-status'

// The colour each status is shown in (the text always says it too).
const TONES: Record<IntentStatus, StatusTone> = {
  created: 'info',
  pending: 'warning',
  error: 'danger',
  payment_declined: 'danger',
  requires_3ds_fingerprint: 'warning',
  requires_3ds_challenge: 'warning',
  authorized_pending_capture: 'warning',
  succeeded: 'success',
  cancelled: 'neutral',
  expired: 'neutral',
}

// Intent statuses (docs/states.md#payment-links), humanised, with the colour each is shown in.
export const INTENT_STATUS = Object.fromEntries(
  Object.entries(TONES).map(([status, tone]) => [
    status,
    { label: INTENT_STATUS_LABELS[status as IntentStatus], tone },
  ]),
) as Record<IntentStatus, { label: string; tone: StatusTone }>

export const WAITING_FOR_CONNECTION = 'Waiting for connection'
