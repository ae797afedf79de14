import { useState } from 'react'
import type { Intent } from '@/api/schema/intents'
import { NO_ROWS_SELECTED, type BulkAction } from '@/features/payment-links/bulk/bulk-run'
import { describeLink } from '@/features/payment-links/bulk/describe-link'
import { MAX_MATCHING_LINKS } from '@/features/payment-links/bulk/matching-links'
import { BULK_TEXTS, type BulkSource } from '@/features/payment-links/bulk/use-bulk-run'
import { NEEDS_CONNECTION } from '@/config/app'
import type { ListParams } from '@/lib/list-search'
import { useOnline } from '@/offline/use-online'
import { Alert } from '@/ui/alert'
import { Button } from '@/ui/button'
import { RowCheck, SelectionBar } from '@/ui/selection-bar'
import type { RowSelection } from '@/ui/use-row-selection'
import './bulk.css'

export type LinkSelection = RowSelection<Intent>

// The checkbox of one link, in its table cell or beside its card.
export function SelectLink({ intent, selection }: { intent: Intent; selection: LinkSelection }) {
  return (
    <RowCheck
      checked={selection.has(intent.id)}
      onChange={(on) => selection.set([intent], on)}
      label={`Select ${describeLink(intent)}`}
    />
  )
}

interface BulkBarProps {
  selection: LinkSelection
  // The rows of the page shown and the query they come from; null while it loads.
  page: { rows: readonly Intent[]; total: number; params: ListParams } | null
  // Via the policy (docs/roles.md#payment-links): viewers get selection and export, not the write actions.
  canModify: boolean
  onRun: (action: BulkAction, source: BulkSource) => void
  onExport: (source: BulkSource) => Promise<void>
}

// docs/validation.md#bulk-actions bulk actions in the list's contextual selection bar: Resend, Cancel, Export.
export function BulkBar({ selection, page, canModify, onRun, onExport }: BulkBarProps) {
  const online = useOnline()
  const [empty, setEmpty] = useState(false)
  const [exporting, setExporting] = useState(false)
  const pageRows = page?.rows ?? null
  // The page's copy of a selected link is the freshest one.
  const fresh = new Map((pageRows ?? []).map((intent) => [intent.id, intent]))
  const selected = [...selection.rows.values()].map((intent) => fresh.get(intent.id) ?? intent)
  const source = (): BulkSource | null => {
    if (selection.matching && page) return { kind: 'query', params: page.params, total: page.total }
    return selected.length > 0 ? { kind: 'rows', intents: selected } : null
  }

  function act(run: (source: BulkSource) => void) {
    const chosen = source()
    setEmpty(chosen === null)
    if (chosen) run(chosen)
  }
  const writeButton = (action: BulkAction, label: string) => (
    <Button
      variant="secondary"
      disabled={!online}
      title={online ? undefined : NEEDS_CONNECTION}
      onClick={() => act((chosen) => onRun(action, chosen))}
    >
      {label}
      {!online && <span className="intent-actions__offline"> ({NEEDS_CONNECTION})</span>}
    </Button>
  )

  return (
    <SelectionBar
      label="Bulk actions"
      selection={selection}
      pageRows={pageRows}
      matching={page && { total: page.total, max: MAX_MATCHING_LINKS, noun: 'links' }}
      actions={
        <>
          {canModify && writeButton('resend', 'Resend notification')}
          {canModify && writeButton('cancel', 'Cancel links')}
          <Button
            variant="secondary"
            loading={exporting}
            onClick={() =>
              act((chosen) => {
                setExporting(true)
                void onExport(chosen).finally(() => setExporting(false))
              })
            }
          >
            Export CSV
          </Button>
        </>
      }
    >
      {canModify && !online && selected.length > 0 && (
        <p className="muted selection-bar__note">{BULK_TEXTS.needsConnection}</p>
      )}
      {empty && <Alert title={NO_ROWS_SELECTED} onDismiss={() => setEmpty(false)} />}
    </SelectionBar>
  )
}
