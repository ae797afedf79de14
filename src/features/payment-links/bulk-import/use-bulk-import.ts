import { useQueryClient } from '@tanstack/react-query'
import { useEffect, useRef, useState } from 'react'
import { intentKeys } from '@/api/query-keys'
import type { IntentCreatePayload } from '@/api/schema/intents'
import { readImportFile } from '@/features/payment-links/bulk-import/bulk-import-parse'
import {
  BULK_COLUMNS,
  type CheckedFile,
} from '@/features/payment-links/bulk-import/bulk-import-rows'
import {
  countRows,
  resultRows,
  runImport,
  type ImportRow,
  type RunControl,
  type RunEnd,
} from '@/features/payment-links/bulk-import/bulk-import-run'
import {
  reportImportEnd,
  reportImportStart,
} from '@/features/payment-links/bulk-import/import-report'
import { createIntent } from '@/features/payment-links/mutations'
import { toApiError } from '@/api/errors'
import { csvBlob } from '@/lib/csv'
import { randomId } from '@/lib/ids'
import { downloadFile } from '@/lib/save-file'
import { useToast } from '@/ui/toast'
import {
  clearImport,
  loadImport,
  saveImport,
  saveRow,
  type StoredImportMeta,
} from '@/offline/bulk-import-store'

export type ImportStage =
  | { kind: 'loading' }
  | { kind: 'pick'; reading: boolean; problems: string[] }
  | { kind: 'preview'; fileName: string; file: CheckedFile }
  | { kind: 'import'; meta: StoredImportMeta; run: 'running' | RunEnd }

const PICK: ImportStage = { kind: 'pick', reading: false, problems: [] }

interface ImportOwner {
  submerchantId: string
  userId: string
  requiresJobNumber: boolean
}

/**
 * The async work of a bulk create: an unfinished import found again, the file read and checked,
 * the valid rows saved and sent one at a time (pausable, resumable), the results file.
 */
export function useBulkImport({ submerchantId, userId, requiresJobNumber }: ImportOwner) {
  const queryClient = useQueryClient()
  const [stage, setStage] = useState<ImportStage>({ kind: 'loading' })
  const [rows, setRows] = useState<ImportRow[]>([])
  const control = useRef<RunControl>({ stop: null })
  const timing = useRef<{ started: number; done: number } | null>(null)
  const toast = useToast()

  // An import left unfinished (tab closed, reloaded, offline) is offered again.
  useEffect(() => {
    let live = true
    void loadImport<IntentCreatePayload>(userId, submerchantId).then(
      (found) => {
        if (!live) return
        if (!found) {
          setStage(PICK)
          return
        }
        setRows(found.rows)
        const counts = countRows(found.rows)
        setStage({
          kind: 'import',
          meta: found.meta,
          run: counts.waiting > 0 ? 'paused' : 'finished',
        })
        // The end may not have reached the sandbox (tab closed, offline): sent again, recorded once.
        if (counts.waiting === 0) void reportImportEnd(found.meta, counts).catch(() => undefined)
      },
      () => live && setStage(PICK),
    )
    return () => {
      live = false
      control.current.stop = 'pause'
    }
  }, [userId, submerchantId])

  async function read(file: File) {
    setStage({ kind: 'pick', reading: true, problems: [] })
    try {
      const checked = await readImportFile(file, { submerchantId, requiresJobNumber })
      if (checked.fileProblems.length > 0) {
        setStage({ kind: 'pick', reading: false, problems: checked.fileProblems })
        return
      }
      setStage({ kind: 'preview', fileName: file.name, file: checked })
    } catch (error) {
      setStage({
        kind: 'pick',
        reading: false,
        problems: [`The file could not be read: ${error instanceof Error ? error.message : ''}`],
      })
    }
  }

  async function start(fileName: string, checked: CheckedFile) {
    const valid = checked.rows.filter((row) => row.payload !== null)
    const meta: StoredImportMeta = {
      id: randomId(16),
      userId,
      submerchantId,
      fileName,
      createdAt: new Date().toISOString(),
      total: valid.length,
    }
    const stored: ImportRow[] = valid.map((row, index) => ({
      n: index + 1,
      line: row.line,
      values: Object.fromEntries(
        Object.entries(row.values).filter((entry): entry is [string, string] => !!entry[1]),
      ),
      payload: row.payload as IntentCreatePayload,
      state: 'pending',
    }))
    // Saved before the first request: from here on a reload resumes instead of starting over.
    await saveImport(meta, stored)
    setRows(stored)
    await run(meta, stored)
  }

  async function run(meta: StoredImportMeta, current: ImportRow[]) {
    control.current = { stop: null }
    timing.current = { started: performance.now(), done: 0 }
    setStage({ kind: 'import', meta, run: 'running' })
    // The sandbox records the start before the first row (docs/api.md#payment-links).
    try {
      await reportImportStart(meta)
    } catch (cause) {
      const error = toApiError(cause)
      if (error.status !== 0) toast.show(error.message, { tone: 'error' })
      setStage({ kind: 'import', meta, run: error.status === 0 ? 'offline' : 'paused' })
      return
    }
    const working = [...current]
    const end = await runImport({
      importId: meta.id,
      rows: working,
      send: (payload, idempotencyKey) =>
        createIntent({
          payload,
          idempotencyKey,
          outbox: {
            what: 'Payment link',
            forWhom: payload.reference ?? '',
            submerchantId,
            queuedAt: meta.createdAt,
          },
        }),
      save: (row) => saveRow(meta.id, row),
      onChange: (row) => {
        if (timing.current && (row.state === 'success' || row.state === 'error')) {
          timing.current.done += 1
        }
        setRows((previous) => previous.map((old) => (old.n === row.n ? row : old)))
      },
      control: control.current,
    })
    setStage({ kind: 'import', meta, run: end })
    if (end === 'finished' || end === 'cancelled') {
      // A lost answer is sent again the next time the import is opened.
      await reportImportEnd(meta, countRows(working)).catch(() => undefined)
    }
    // The new links show in the list.
    void queryClient.invalidateQueries({ queryKey: intentKeys.lists(submerchantId) })
  }

  // Average time per finished row so far, for the time left; null before the first.
  function msPerRow(): number | null {
    const t = timing.current
    return t && t.done > 0 ? (performance.now() - t.started) / t.done : null
  }

  return {
    stage,
    rows,
    read: (file: File) => void read(file),
    start: (fileName: string, checked: CheckedFile) => void start(fileName, checked),
    chooseAnother: () => setStage(PICK),
    resume: (meta: StoredImportMeta) => void run(meta, rows),
    // Read between rows: the row in flight finishes first.
    stopAfterRow: (how: 'pause' | 'cancel') => (control.current.stop = how),
    startOver: async () => {
      await clearImport(userId, submerchantId)
      setRows([])
      setStage(PICK)
    },
    downloadResults: async (meta: StoredImportMeta) => {
      const base = meta.fileName.replace(/\.csv$/i, '')
      downloadFile(await csvBlob(resultRows(rows, BULK_COLUMNS)), `${base} results.csv`)
    },
    msPerRow,
  }
}

export type BulkImport = ReturnType<typeof useBulkImport>
