import { INTENT_STATUS, type StatusTone } from '@/features/payment-links/status'
import type { IntentStatus } from '@/api/schema/intents'
import { Badge } from '@/ui/badge'

// A status in words and colour (in the list: humanised, with colour and text; docs/states.md#payment-links).
export function StatusBadge({
  status,
  label,
}: {
  status: IntentStatus | 'queued'
  label?: string
}) {
  const known = status === 'queued' ? null : INTENT_STATUS[status]
  const tone: StatusTone = known?.tone ?? 'neutral'
  return (
    <Badge tone={tone} className="intent-status">
      {label ?? known?.label ?? status}
    </Badge>
  )
}
