import { Badge, type BadgeTone } from '@/ui/badge'

// What a row of a bulk job shows: waiting, working, done, or why not.
export type RowKind =
  'waiting' | 'working' | 'success' | 'skipped' | 'refused' | 'failed' | 'notRun'

const ROW_BADGE: Record<RowKind, { tone: BadgeTone; label: string }> = {
  waiting: { tone: 'neutral', label: 'Waiting' },
  working: { tone: 'info', label: 'Working…' },
  success: { tone: 'success', label: 'Done' },
  skipped: { tone: 'neutral', label: 'Skipped' },
  refused: { tone: 'danger', label: 'Refused' },
  failed: { tone: 'danger', label: 'Failed' },
  notRun: { tone: 'neutral', label: 'Not run' },
}

// One row's state as a badge; a job names its own success ('Sent', 'Created') and stop words.
export function RowBadge({
  kind,
  labels,
}: {
  kind: RowKind
  labels?: Partial<Record<RowKind, string>>
}) {
  return <Badge tone={ROW_BADGE[kind].tone}>{labels?.[kind] ?? ROW_BADGE[kind].label}</Badge>
}
