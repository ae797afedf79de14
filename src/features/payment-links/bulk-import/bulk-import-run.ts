import { toApiError } from '@/api/errors'
import type { Intent, IntentCreatePayload } from '@/api/schema/intents'
import { runEachRow } from '@/features/payment-links/bulk/row-run'
import type { StoredImportRow } from '@/offline/bulk-import-store'

export type ImportRow = StoredImportRow<IntentCreatePayload>

// How a run ended: all rows done, stopped by the person, or the connection lost mid-row.
export type RunEnd = 'finished' | 'paused' | 'cancelled' | 'offline'

export interface RunControl {
  // Read between rows: the row being sent always finishes first.
  stop: 'pause' | 'cancel' | null
}

export interface RunOptions {
  importId: string
  rows: ImportRow[]
  send: (payload: IntentCreatePayload, idempotencyKey: string) => Promise<Intent>
  save: (row: ImportRow) => Promise<void>
  onChange: (row: ImportRow) => void
  control: RunControl
}

// docs/constants.md#sizes-and-limits: the idempotency key is the import's random id plus the row counter.
export const rowIdempotencyKey = (importId: string, n: number) => `${importId}-${n}`

const waiting = (row: ImportRow) => row.state === 'pending' || row.state === 'working'

/**
 * Sends the rows one at a time (the shared row loop, docs/states.md#bulk-runs), each under its own Idempotency-Key, saving each state
 * before and after its request. A row left `working` by a reload or a lost connection is sent
 * again with the same key, so the server answers with the link it already made: never two.
 */
export async function runImport(options: RunOptions): Promise<RunEnd> {
  const { importId, rows, control } = options
  const update = async (index: number, patch: Partial<ImportRow>) => {
    const next = { ...rows[index]!, ...patch }
    rows[index] = next
    await options.save(next)
    options.onChange(next)
  }

  const waitingRows = rows.flatMap((row, index) => (waiting(row) ? [index] : []))
  const end = await runEachRow<Intent, RunEnd>(waitingRows, {
    stopReason: () =>
      control.stop === 'pause' ? 'paused' : control.stop === 'cancel' ? 'cancelled' : null,
    onStart: (index) => update(index, { state: 'working', error: undefined }),
    perform: (index) => {
      const row = rows[index]!
      return options.send(row.payload, rowIdempotencyKey(importId, row.n))
    },
    onSuccess: (index, intent) =>
      update(index, {
        state: 'success',
        intentId: intent.id,
        link: intent.clientAccessUrl,
        status: intent.status,
      }),
    onFailure: async (index, cause) => {
      const error = toApiError(cause)
      // No answer: the server may have made the link. The row stays `working` for the retry.
      if (error.status === 0) return 'offline'
      // docs/errors.md#payment-links: the server message, or the error message.
      await update(index, { state: 'error', error: error.message })
      return null
    },
  })
  if (end.stopped === 'cancelled') {
    for (const index of rows.keys()) {
      if (rows[index]?.state === 'pending') await update(index, { state: 'cancelled' })
    }
  }
  return end.stopped ?? 'finished'
}

export interface RunCounts {
  total: number
  success: number
  error: number
  cancelled: number
  waiting: number
}

export function countRows(rows: readonly ImportRow[]): RunCounts {
  const counts: RunCounts = { total: rows.length, success: 0, error: 0, cancelled: 0, waiting: 0 }
  for (const row of rows) {
    if (row.state === 'success') counts.success += 1
    else if (row.state === 'error') counts.error += 1
    else if (row.state === 'cancelled') counts.cancelled += 1
    else counts.waiting += 1
  }
  return counts
}

// "12 created, 1 failed, 3 cancelled".
export function summaryText(counts: RunCounts): string {
  const parts = [`${counts.success} created`]
  if (counts.error > 0) parts.push(`${counts.error} failed`)
  if (counts.cancelled > 0) parts.push(`${counts.cancelled} cancelled`)
  if (counts.waiting > 0) parts.push(`${counts.waiting} not sent yet`)
  return parts.join(', ')
}

// "About 2 min left" from the average time per finished row so far.
export function timeLeftText(msPerRow: number | null, remaining: number): string | null {
  if (msPerRow === null || remaining <= 0) return null
  const seconds = Math.ceil((msPerRow * remaining) / 1000)
  if (seconds < 60) return `About ${seconds} s left`
  return `About ${Math.ceil(seconds / 60)} min left`
}

// The results file: each row as it was read, then what became of it.
export function resultRows(rows: readonly ImportRow[], columns: readonly string[]): string[][] {
  const header = ['row', ...columns, 'intentId', 'link', 'status', 'error']
  const body = rows.map((row) => [
    String(row.line),
    ...columns.map((column) => row.values[column] ?? ''),
    row.intentId ?? '',
    row.link ?? '',
    row.state === 'success'
      ? (row.status ?? 'created')
      : row.state === 'error'
        ? 'error'
        : row.state,
    row.error ?? '',
  ])
  return [header, ...body]
}
