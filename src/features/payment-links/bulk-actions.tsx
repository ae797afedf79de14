import { useEffect, useRef, useState } from 'react'
import { onlineManager, useQueryClient } from '@tanstack/react-query'
import { intentKeys } from '@/api/query-keys'
import { toApiError } from '@/api/errors'
import type { Intent } from '@/api/schema/intents'
import { runIntentAction } from '@/features/payment-links/api'
import {
  ACTION_WORDS,
  countToDo,
  NO_ROWS_SELECTED,
  planRun,
  runRows,
  summaryText,
  type BulkAction,
  type RowState,
} from '@/features/payment-links/bulk-run'
import { notifyCustomer } from '@/features/payment-links/mutations'
import { NEEDS_CONNECTION } from '@/features/payment-links/status'
import { idempotencyKey, randomId } from '@/lib/ids'
import { formatMoney } from '@/lib/money'
import { useOnline } from '@/offline/use-online'
import { Alert } from '@/ui/alert'
import { Badge, type BadgeTone } from '@/ui/badge'
import { Button } from '@/ui/button'
import { Choice } from '@/ui/choice'
import { Dialog } from '@/ui/dialog'
import { ProgressMeter } from '@/ui/progress-meter'

export const BULK_TEXTS = {
  stoppedByYou: 'Stopped after the current row.',
  stoppedOffline: 'Stopped: the connection was lost. Bulk actions need a connection.',
  needsConnection: 'Bulk actions need a connection; they are not queued while offline.',
} as const

/**
 * The selected links, kept while the person pages and sorts (the count says how many sit on other
 * pages) and dropped when the filters change: a selection belongs to one set of results. Each
 * entry is the link as last seen, so a run can act on rows of other pages.
 */
export function useSelection(scopeKey: string) {
  const [state, setState] = useState<{ scope: string; rows: ReadonlyMap<string, Intent> }>({
    scope: scopeKey,
    rows: new Map(),
  })
  const rows = state.scope === scopeKey ? state.rows : new Map<string, Intent>()
  const change = (edit: (next: Map<string, Intent>) => void) =>
    setState((current) => {
      const next = new Map(current.scope === scopeKey ? current.rows : [])
      edit(next)
      return { scope: scopeKey, rows: next }
    })
  return {
    rows,
    has: (id: string) => rows.has(id),
    set: (intents: readonly Intent[], on: boolean) =>
      change((next) => {
        for (const intent of intents) {
          if (on) next.set(intent.id, intent)
          else next.delete(intent.id)
        }
      }),
    // Fresher copies of selected links (a refetched page, a run's answers); others stay unselected.
    refresh: (intents: readonly Intent[]) =>
      change((next) => {
        for (const intent of intents) if (next.has(intent.id)) next.set(intent.id, intent)
      }),
    clear: () => change((next) => next.clear()),
  }
}

export type Selection = ReturnType<typeof useSelection>

const describe = (intent: Intent) =>
  [
    formatMoney(intent.amount, intent.currency),
    intent.reference ?? intent.id,
    intent.customerName ?? intent.customerPhoneNumber ?? intent.customerEmailAddress,
  ]
    .filter(Boolean)
    .join(' · ')

// The checkbox of one link, in its table cell or beside its card; a whole touch target.
export function SelectLink({ intent, selection }: { intent: Intent; selection: Selection }) {
  return (
    <label className="intent-check">
      <input
        type="checkbox"
        checked={selection.has(intent.id)}
        onChange={(event) => selection.set([intent], event.target.checked)}
        aria-label={`Select ${describe(intent)}`}
      />
    </label>
  )
}

interface BulkBarProps {
  selection: Selection
  // The rows of the page shown; null while it loads.
  pageRows: readonly Intent[] | null
  // §6 via the policy: viewers get selection and export, not the write actions.
  canModify: boolean
  onRun: (action: BulkAction, intents: Intent[]) => void
  onExport: (intents: Intent[]) => Promise<void>
}

// §5 bulk actions: select on the page, the count, Resend, Cancel, Export; 'No rows selected'.
export function BulkBar({ selection, pageRows, canModify, onRun, onExport }: BulkBarProps) {
  const online = useOnline()
  const [empty, setEmpty] = useState(false)
  const [exporting, setExporting] = useState(false)
  const page = pageRows ?? []
  // The page's copy of a selected link is the freshest one.
  const fresh = new Map(page.map((intent) => [intent.id, intent]))
  const selected = [...selection.rows.values()].map((intent) => fresh.get(intent.id) ?? intent)
  const onPage = page.filter((intent) => selection.has(intent.id)).length
  const elsewhere = selected.length - onPage
  const allOnPage = page.length > 0 && onPage === page.length

  function act(run: () => void) {
    if (selected.length === 0) {
      setEmpty(true)
      return
    }
    setEmpty(false)
    run()
  }
  const writeButton = (action: BulkAction, label: string) => (
    <Button
      variant="secondary"
      disabled={!online}
      title={online ? undefined : NEEDS_CONNECTION}
      onClick={() => act(() => onRun(action, selected))}
    >
      {label}
      {!online && <span className="intent-actions__offline"> ({NEEDS_CONNECTION})</span>}
    </Button>
  )

  return (
    <section className="bulk-bar" aria-label="Bulk actions">
      <div className="bulk-bar__selection">
        <Choice
          type="checkbox"
          label="Select all on this page"
          checked={allOnPage}
          disabled={page.length === 0}
          onChange={(on) => {
            selection.set(page, on)
            if (on) setEmpty(false)
          }}
        />
        <p className="bulk-bar__count" role="status">
          <strong>{selected.length.toLocaleString('en-GB')} selected</strong>
          {elsewhere > 0 && (
            <span className="muted">{` (${elsewhere.toLocaleString('en-GB')} on other pages)`}</span>
          )}
        </p>
        {selected.length > 0 && (
          <Button variant="ghost" size="small" onClick={selection.clear}>
            Clear selection
          </Button>
        )}
      </div>
      <div className="bulk-bar__actions">
        {canModify && writeButton('resend', 'Resend notification')}
        {canModify && writeButton('cancel', 'Cancel links')}
        <Button
          variant="secondary"
          loading={exporting}
          onClick={() =>
            act(() => {
              setExporting(true)
              void onExport(selected).finally(() => setExporting(false))
            })
          }
        >
          Export CSV
        </Button>
      </div>
      {canModify && !online && <p className="muted bulk-bar__note">{BULK_TEXTS.needsConnection}</p>}
      {empty && selected.length === 0 && (
        <Alert title={NO_ROWS_SELECTED} onDismiss={() => setEmpty(false)} />
      )}
    </section>
  )
}

const STATE_BADGE: Record<RowState['kind'], { tone: BadgeTone; label: string }> = {
  waiting: { tone: 'neutral', label: 'Waiting' },
  skipped: { tone: 'neutral', label: 'Skipped' },
  working: { tone: 'info', label: 'Working…' },
  success: { tone: 'success', label: '' },
  refused: { tone: 'danger', label: 'Refused' },
  failed: { tone: 'danger', label: 'Failed' },
  notRun: { tone: 'neutral', label: 'Not run' },
}

function stateLabel(action: BulkAction, state: RowState): string {
  if (state.kind !== 'success') return STATE_BADGE[state.kind].label
  return action === 'resend' ? 'Sent' : 'Cancelled'
}

function stateNote(state: RowState): string | null {
  if (state.kind === 'skipped') return state.reason
  if (state.kind === 'refused' || state.kind === 'failed') return state.message
  return null
}

interface BulkRunDialogProps {
  action: BulkAction
  intents: readonly Intent[]
  submerchantId: string
  onClose: () => void
  // A link as the server answered it (cancelled, notified).
  onUpdated: (intent: Intent) => void
}

const CONFIRM_TEXT: Record<BulkAction, string> = {
  resend:
    "Each link is sent again by SMS to its customer's phone, one link at a time. The server refuses links in a final status.",
  cancel:
    'Customers will no longer be able to pay with these links. Only links in Created can be cancelled; the others are skipped.',
}

// §4 bulk action run: idle (the plan, to confirm), running (one row at a time, stoppable after
// the current row), finished (each row's result and the summary).
export function BulkRunDialog({
  action,
  intents,
  submerchantId,
  onClose,
  onUpdated,
}: BulkRunDialogProps) {
  const queryClient = useQueryClient()
  const online = useOnline()
  const [plan] = useState(() => planRun(action, intents))
  const [states, setStates] = useState<readonly RowState[]>(plan)
  const [phase, setPhase] = useState<'idle' | 'running' | 'finished'>('idle')
  const [stopping, setStopping] = useState(false)
  const [stoppedBecause, setStoppedBecause] = useState<string | null>(null)
  const stop = useRef<string | null>(null)
  // §9: one random id per run; each row's Idempotency-Key adds its counter.
  const runId = useRef(randomId(16))
  // Leaving the page stops the run after the row in flight.
  useEffect(() => {
    stop.current = null
    return () => {
      stop.current = BULK_TEXTS.stoppedByYou
    }
  }, [])

  const words = ACTION_WORDS[action]
  const toDo = countToDo(plan)
  // Rows answered so far (not those skipped or left unrun by a stop).
  const done = states.filter((state) =>
    ['success', 'refused', 'failed'].includes(state.kind),
  ).length

  function perform(index: number): Promise<Intent | null> {
    const intent = intents[index]
    if (!intent) return Promise.reject(new Error('No such row'))
    if (action === 'cancel') return runIntentAction(intent.id, 'cancel')
    const phone = intent.customerPhoneNumber ?? ''
    // §7 customer notifications, channel sms to the link's own phone; §9 key: run id + row counter.
    // Called directly, never queued: the outbox label only completes the variables' shape.
    return notifyCustomer({
      idempotencyKey: idempotencyKey(runId.current, index),
      outbox: {
        what: 'Payment link notification',
        forWhom: phone,
        submerchantId,
        queuedAt: new Date().toISOString(),
      },
      intentId: intent.id,
      payload: { channels: ['sms'], customerPhoneNumber: phone },
    })
  }
  async function start() {
    setPhase('running')
    const stopped = await runRows(plan, {
      perform,
      stopReason: () =>
        stop.current ?? (onlineManager.isOnline() ? null : BULK_TEXTS.stoppedOffline),
      onRow: (index, state, updated) => {
        setStates((current) => current.map((old, at) => (at === index ? state : old)))
        if (updated) {
          queryClient.setQueryData(intentKeys.detail(submerchantId, updated.id), updated)
          onUpdated(updated)
        }
      },
      toError: toApiError,
    })
    setStoppedBecause(stopped)
    setPhase('finished')
    void queryClient.invalidateQueries({ queryKey: intentKeys.lists(submerchantId) })
  }

  const running = phase === 'running'
  const count = (n: number) => `${n.toLocaleString('en-GB')} ${n === 1 ? 'link' : 'links'}`
  const startLabel = action === 'resend' ? `Send SMS to ${count(toDo)}` : `Cancel ${count(toDo)}`
  const summary = summaryText(action, states)
  const trouble = states.some((state) => state.kind === 'refused' || state.kind === 'failed')

  return (
    <Dialog
      open
      onClose={() => !running && onClose()}
      dismissible={!running}
      title={words.title}
      className="bulk-run"
      footer={
        phase === 'idle' ? (
          <>
            <Button variant="secondary" onClick={onClose}>
              Back
            </Button>
            <Button
              variant={action === 'cancel' ? 'danger' : 'primary'}
              disabled={toDo === 0 || !online}
              title={online ? undefined : NEEDS_CONNECTION}
              onClick={() => void start()}
            >
              {startLabel}
            </Button>
          </>
        ) : running ? (
          <Button
            variant="secondary"
            disabled={stopping}
            onClick={() => {
              stop.current = BULK_TEXTS.stoppedByYou
              setStopping(true)
            }}
          >
            {stopping ? 'Stopping after this row…' : 'Stop after this row'}
          </Button>
        ) : (
          <Button onClick={onClose}>Done</Button>
        )
      }
    >
      {phase === 'idle' && (
        <>
          <p>{CONFIRM_TEXT[action]}</p>
          <p className="bulk-run__plan">
            {count(intents.length)} selected: {toDo.toLocaleString('en-GB')} to{' '}
            {action === 'resend' ? 'send' : 'cancel'}
            {intents.length > toDo
              ? `, ${(intents.length - toDo).toLocaleString('en-GB')} skipped`
              : ''}
            .
          </p>
          {!online && <Alert tone="warning" title={BULK_TEXTS.needsConnection} />}
        </>
      )}
      {phase !== 'idle' && toDo > 0 && (
        <ProgressMeter
          label={running ? words.doing : 'Finished'}
          done={done}
          total={toDo}
          unit={words.unit}
        />
      )}
      {phase === 'finished' && (
        <Alert tone={trouble ? 'warning' : 'success'} title={summary}>
          {stoppedBecause && <p>{stoppedBecause}</p>}
        </Alert>
      )}
      <ol className="bulk-run__rows" aria-label="Selected links">
        {intents.map((intent, index) => {
          const state = states[index] ?? { kind: 'waiting' }
          const note = stateNote(state)
          return (
            <li key={intent.id} className="bulk-run__row" data-state={state.kind}>
              <span className="bulk-run__what">{describe(intent)}</span>
              <Badge tone={STATE_BADGE[state.kind].tone}>{stateLabel(action, state)}</Badge>
              {note && <span className="bulk-run__note">{note}</span>}
            </li>
          )
        })}
      </ol>
    </Dialog>
  )
}
