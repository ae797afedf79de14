import { memo } from 'react'
import type { Intent } from '@/api/schema/intents'
import { describeLink } from '@/features/payment-links/bulk/describe-link'
import {
  ACTION_WORDS,
  NO_ROWS_SELECTED,
  summaryText,
  type BulkAction,
  type RowState,
} from '@/features/payment-links/bulk/bulk-run'
import { RowBadge } from '@/features/payment-links/bulk/row-badge'
import { BULK_TEXTS, useBulkRun, type BulkSource } from '@/features/payment-links/bulk/use-bulk-run'
import { NEEDS_CONNECTION } from '@/config/app'
import { useOnline } from '@/offline/use-online'
import { Alert } from '@/ui/alert'
import { Button } from '@/ui/button'
import { Dialog } from '@/ui/dialog'
import { ProgressMeter } from '@/ui/progress-meter'
import './bulk.css'

interface BulkRunDialogProps {
  action: BulkAction
  source: BulkSource
  submerchantId: string
  onClose: () => void
  onUpdated: (intent: Intent) => void
}

const CONFIRM_TEXT: Record<BulkAction, string> = {
  resend:
    "Each link is sent again by SMS to its customer's phone, one link at a time. The server refuses links in a final status.",
  cancel:
    'Customers will no longer be able to pay with these links. Only links in Created can be cancelled; the others are skipped.',
}

const count = (n: number) => `${n.toLocaleString('en-GB')} ${n === 1 ? 'link' : 'links'}`

// Bulk action run (docs/states.md#bulk-runs): idle (the plan, to confirm), running (one row at a time, stoppable after
// the current row), finished (each row's result and the summary).
export function BulkRunDialog({
  action,
  source,
  submerchantId,
  onClose,
  onUpdated,
}: BulkRunDialogProps) {
  const online = useOnline()
  const run = useBulkRun({ action, source, submerchantId, onUpdated })
  const { intents, states, phase, toDo } = run
  const words = ACTION_WORDS[action]
  const running = phase === 'running'
  const startLabel = action === 'resend' ? `Send SMS to ${count(toDo)}` : `Cancel ${count(toDo)}`
  const trouble = states.some((state) => state.kind === 'refused' || state.kind === 'failed')

  const footer =
    phase === 'reading' || phase === 'idle' ? (
      <>
        <Button variant="secondary" onClick={onClose}>
          Back
        </Button>
        <Button
          variant={action === 'cancel' ? 'danger' : 'primary'}
          disabled={phase === 'reading' || toDo === 0 || !online}
          title={online ? undefined : NEEDS_CONNECTION}
          onClick={run.start}
        >
          {phase === 'reading' ? words.title : startLabel}
        </Button>
      </>
    ) : running ? (
      <Button variant="secondary" disabled={run.stopping} onClick={run.stopAfterRow}>
        {run.stopping ? 'Stopping after this row…' : 'Stop after this row'}
      </Button>
    ) : (
      <Button onClick={onClose}>Done</Button>
    )

  return (
    <Dialog
      open
      onClose={() => !running && onClose()}
      dismissible={!running}
      title={words.title}
      className="bulk-run"
      footer={footer}
    >
      {(phase === 'reading' || phase === 'idle') && <p>{CONFIRM_TEXT[action]}</p>}
      {phase === 'reading' &&
        (run.readError ? (
          <Alert title={run.readError} />
        ) : (
          <ProgressMeter
            label="Reading the matching links"
            done={run.reading.done}
            total={run.reading.total}
            unit="links"
          />
        ))}
      {phase === 'idle' &&
        (intents.length === 0 ? (
          <Alert title={NO_ROWS_SELECTED} />
        ) : (
          <p className="bulk-run__plan">
            {count(intents.length)} selected: {toDo.toLocaleString('en-GB')} to{' '}
            {action === 'resend' ? 'send' : 'cancel'}
            {intents.length > toDo
              ? `, ${(intents.length - toDo).toLocaleString('en-GB')} skipped`
              : ''}
            .
          </p>
        ))}
      {phase === 'idle' && !online && <Alert tone="warning" title={BULK_TEXTS.needsConnection} />}
      {(running || phase === 'finished') && toDo > 0 && (
        <ProgressMeter
          label={running ? words.doing : 'Finished'}
          done={run.done}
          total={toDo}
          unit={words.unit}
        />
      )}
      {phase === 'finished' && (
        <Alert tone={trouble ? 'warning' : 'success'} title={summaryText(action, states)}>
          {run.stoppedBecause && <p>{run.stoppedBecause}</p>}
        </Alert>
      )}
      {intents.length > 0 && (
        <ol className="bulk-run__rows" aria-label="Selected links">
          {intents.map((intent, index) => (
            <RunRow
              key={intent.id}
              action={action}
              intent={intent}
              state={states[index] ?? WAITING}
            />
          ))}
        </ol>
      )}
    </Dialog>
  )
}

const WAITING: RowState = { kind: 'waiting' }

function stateNote(state: RowState): string | null {
  if (state.kind === 'skipped') return state.reason
  if (state.kind === 'refused' || state.kind === 'failed') return state.message
  return null
}

// One link of the run; memoised, so a run over thousands of links redraws only the row that moved.
const RunRow = memo(function RunRow({
  action,
  intent,
  state,
}: {
  action: BulkAction
  intent: Intent
  state: RowState
}) {
  const note = stateNote(state)
  return (
    <li className="bulk-run__row" data-state={state.kind}>
      <span className="bulk-run__what">{describeLink(intent)}</span>
      <RowBadge
        kind={state.kind}
        labels={{ success: action === 'resend' ? 'Sent' : 'Cancelled' }}
      />
      {note && <span className="bulk-run__note">{note}</span>}
    </li>
  )
})
