import { useEffect, useRef, useState } from 'react'
import { onlineManager, useQueryClient } from '@tanstack/react-query'
import { intentKeys } from '@/api/query-keys'
import { toApiError } from '@/api/errors'
import type { Intent } from '@/api/schema/intents'
import { runIntentAction } from '@/features/payment-links/api'
import {
  countToDo,
  planRun,
  runRows,
  type BulkAction,
  type RowState,
} from '@/features/payment-links/bulk/bulk-run'
import { readMatchingLinks } from '@/features/payment-links/bulk/matching-links'
import { notifyCustomer } from '@/features/payment-links/mutations'
import { idempotencyKey, randomId } from '@/lib/ids'
import type { ListParams } from '@/lib/list-search'

export const BULK_TEXTS = {
  stoppedByYou: 'Stopped after the current row.',
  stoppedOffline: 'Stopped: the connection was lost. Bulk actions need a connection.',
  needsConnection: 'Bulk actions need a connection; they are not queued while offline.',
} as const

// The links a run works on: those ticked, or every link the list's filters match.
export type BulkSource =
  | { kind: 'rows'; intents: readonly Intent[] }
  | { kind: 'query'; params: ListParams; total: number }

export type RunPhase = 'reading' | 'idle' | 'running' | 'finished'

interface BulkRunOptions {
  action: BulkAction
  source: BulkSource
  submerchantId: string
  // A link as the server answered it (cancelled, notified).
  onUpdated: (intent: Intent) => void
}

/**
 * The async work of a docs/states.md#bulk-runs bulk action run: reading the matching links in pages (when the whole
 * query is selected), the plan, one row at a time with its stop after the current row, and the
 * cache updates. The dialog only shows it.
 */
export function useBulkRun({ action, source, submerchantId, onUpdated }: BulkRunOptions) {
  const queryClient = useQueryClient()
  const fromRows = source.kind === 'rows' ? source.intents : null
  const [intents, setIntents] = useState<readonly Intent[]>(fromRows ?? [])
  const [plan, setPlan] = useState<readonly RowState[]>(() => planRun(action, fromRows ?? []))
  const [states, setStates] = useState<readonly RowState[]>(plan)
  const [phase, setPhase] = useState<RunPhase>(fromRows ? 'idle' : 'reading')
  const [reading, setReading] = useState({ done: 0, total: 0 })
  const [readError, setReadError] = useState<string | null>(null)
  const [stopping, setStopping] = useState(false)
  const [stoppedBecause, setStoppedBecause] = useState<string | null>(null)
  const stop = useRef<string | null>(null)
  // docs/constants.md#sizes-and-limits: one random id per run; each row's Idempotency-Key adds its counter.
  const runId = useRef(randomId(16))
  const query = source.kind === 'query' ? source : null

  // Leaving the page stops the run after the row in flight.
  useEffect(() => {
    stop.current = null
    return () => {
      stop.current = BULK_TEXTS.stoppedByYou
    }
  }, [])

  // The whole query: its links are read in pages first, then planned as ticked rows are.
  useEffect(() => {
    if (!query) return
    const controller = new AbortController()
    readMatchingLinks(submerchantId, query.params, controller.signal, (done, total) =>
      setReading({ done, total }),
    ).then(
      (found) => {
        const next = planRun(action, found)
        setIntents(found)
        setPlan(next)
        setStates(next)
        setPhase('idle')
      },
      (error: unknown) => {
        if (!controller.signal.aborted) setReadError(toApiError(error).message)
      },
    )
    return () => controller.abort()
  }, [query, submerchantId, action])

  function perform(index: number): Promise<Intent | null> {
    const intent = intents[index]
    if (!intent) return Promise.reject(new Error('No such row'))
    if (action === 'cancel') return runIntentAction(intent.id, 'cancel')
    const phone = intent.customerPhoneNumber ?? ''
    // Customer notifications (docs/api.md#payment-links), channel sms to the link's own phone; the key (docs/constants.md#sizes-and-limits): run id + row counter.
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

  return {
    intents,
    states,
    phase,
    reading,
    readError,
    toDo: countToDo(plan),
    // Rows answered so far (not those skipped or left unrun by a stop).
    done: states.filter((state) => ['success', 'refused', 'failed'].includes(state.kind)).length,
    start: () => void start(),
    stopping,
    stopAfterRow: () => {
      stop.current = BULK_TEXTS.stoppedByYou
      setStopping(true)
    },
    stoppedBecause,
  }
}
