import type { Intent } from '@/api/schema/intents'
import { runEachRow } from '@/features/payment-links/bulk/row-run'
import { intentStatusLabel } from '@/features/payment-links/status'
import { PAYMENT_LINK_MESSAGES } from '@/lib/payment-link-rules'

/**
 * The bulk action run (docs/states.md#bulk-runs) and bulk actions (docs/validation.md#bulk-actions), as pure logic: which selected links a run works on,
 * the one-at-a-time loop with its stop, and the closing summary ("8 sent, 2 refused").
 */

export type BulkAction = 'resend' | 'cancel'

// 'No rows selected' (docs/validation.md#bulk-actions), exactly.
export const NO_ROWS_SELECTED = 'No rows selected'

// The fields of a link a run reads.
export type BulkIntent = Pick<Intent, 'id' | 'status' | 'customerPhoneNumber'>

// docs/states.md#bulk-runs: each row shows working, success or error; before and around that it waits, is skipped
// (never sent), or is not run because the run stopped first. An error is refused when the server
// answered no (its message), failed when there was no usable answer (the message in docs/errors.md#payment-links).
export type RowState =
  | { kind: 'waiting' }
  | { kind: 'skipped'; reason: string }
  | { kind: 'working' }
  | { kind: 'success' }
  | { kind: 'refused'; message: string }
  | { kind: 'failed'; message: string }
  | { kind: 'notRun' }

export const ACTION_WORDS: Record<
  BulkAction,
  { done: string; doing: string; title: string; unit: string }
> = {
  resend: {
    done: 'sent',
    doing: 'Sending SMS',
    title: 'Resend notification by SMS',
    unit: 'links',
  },
  cancel: { done: 'cancelled', doing: 'Cancelling', title: 'Cancel payment links', unit: 'links' },
}

export const onlyCreatedCanBeCancelled = (status: string) =>
  `Only Created links can be cancelled; this one is ${intentStatusLabel(status)}`

/**
 * Every selected row, in order, waiting or skipped with its reason:
 * - cancel works on links in created only (docs/states.md#payment-links); the others are skipped;
 * - resend goes by SMS to the link's own customer phone ("Bulk resend sends channel sms", docs/api.md#payment-links), so a
 *   link without one is skipped with the message (docs/validation.md#resend-form). A link in a final status is still sent: the
 *   server refuses it with "Cannot resend notifications when status is '…'", shown as it says.
 */
export function planRun(action: BulkAction, intents: readonly BulkIntent[]): RowState[] {
  return intents.map((intent) => {
    if (action === 'cancel' && intent.status !== 'created') {
      return { kind: 'skipped', reason: onlyCreatedCanBeCancelled(intent.status) }
    }
    if (action === 'resend' && !intent.customerPhoneNumber) {
      return { kind: 'skipped', reason: PAYMENT_LINK_MESSAGES.phoneRequired }
    }
    return { kind: 'waiting' }
  })
}

export function countToDo(states: readonly RowState[]): number {
  return states.filter((state) => state.kind === 'waiting').length
}

// A row's failure as docs/errors.md#payment-links says to show it: the server's message when it answered (4xx: refused),
// the error's own message otherwise (no answer, a server fault: failed).
export function failureState(error: { status: number; message: string }): RowState {
  return error.status >= 400 && error.status < 500
    ? { kind: 'refused', message: error.message }
    : { kind: 'failed', message: error.message }
}

const count = new Intl.NumberFormat('en-GB')

// "8 sent, 2 refused": the successes always, then the other outcomes that happened.
export function summaryText(action: BulkAction, states: readonly RowState[]): string {
  const tally = (kind: RowState['kind']) => states.filter((state) => state.kind === kind).length
  const parts: [number, string][] = [
    [tally('success'), ACTION_WORDS[action].done],
    [tally('refused'), 'refused'],
    [tally('failed'), 'failed'],
    [tally('skipped'), 'skipped'],
    [tally('notRun'), 'not run'],
  ]
  return parts
    .filter(([n], index) => index === 0 || n > 0)
    .map(([n, word]) => `${count.format(n)} ${word}`)
    .join(', ')
}

export interface RunHooks<T> {
  // The one call for one row; rejects with an error that has a status and a message.
  perform: (index: number) => Promise<T>
  // Asked before each row: a reason to stop (the person pressed Stop, the connection went), or null.
  stopReason: () => string | null
  // Each change of one row's state, with the call's result on success.
  onRow: (index: number, state: RowState, result?: T) => void
  toError: (error: unknown) => { status: number; message: string }
}

/**
 * docs/states.md#bulk-runs: rows are processed one at a time, in order (the shared row loop). A stop takes effect after
 * the current row: the rows not yet started become not run. Resolves with the reason it stopped.
 */
export async function runRows<T>(
  states: readonly RowState[],
  hooks: RunHooks<T>,
): Promise<string | null> {
  const waiting = [...states.keys()].filter((index) => states[index]?.kind === 'waiting')
  const end = await runEachRow<T, string>(waiting, {
    stopReason: hooks.stopReason,
    perform: hooks.perform,
    onStart: (index) => {
      hooks.onRow(index, { kind: 'working' })
    },
    onSuccess: (index, result) => {
      hooks.onRow(index, { kind: 'success' }, result)
    },
    onFailure: (index, error) => {
      hooks.onRow(index, failureState(hooks.toError(error)))
    },
  })
  for (const index of end.left) hooks.onRow(index, { kind: 'notRun' })
  return end.stopped
}
