import { useQueryClient } from '@tanstack/react-query'
import { Link } from '@tanstack/react-router'
import { useEffect, useRef, useState, type DragEvent } from 'react'
import { intentKeys } from '@/api/query-keys'
import type { IntentCreatePayload } from '@/api/schema/intents'
import { readImportFile } from '@/features/payment-links/bulk-import-parse'
import {
  BULK_COLUMNS,
  SAMPLE_CSV,
  type CheckedFile,
  type CheckedRow,
} from '@/features/payment-links/bulk-import-rows'
import {
  countRows,
  resultRows,
  runImport,
  summaryText,
  timeLeftText,
  type ImportRow,
  type RunControl,
  type RunEnd,
} from '@/features/payment-links/bulk-import-run'
import { createIntent } from '@/features/payment-links/mutations'
import { csvBlob } from '@/lib/csv'
import { randomId } from '@/lib/ids'
import { formatMoney } from '@/lib/money'
import { downloadFile } from '@/lib/save-file'
import {
  clearImport,
  loadImport,
  saveImport,
  saveRow,
  type StoredImportMeta,
} from '@/offline/bulk-import-store'
import { useOnline } from '@/offline/use-online'
import { Alert } from '@/ui/alert'
import { Badge, type BadgeTone } from '@/ui/badge'
import { Button, buttonClassName } from '@/ui/button'
import { DataTable, type Column } from '@/ui/data-table'
import { PageHeader } from '@/ui/page-layout'
import { Pagination } from '@/ui/pagination'
import { ProgressMeter } from '@/ui/progress-meter'
import { Spinner } from '@/ui/spinner'
import './bulk-import.css'

interface BulkImportScreenProps {
  submerchantId: string
  userId: string
  requiresJobNumber: boolean
}

type Stage =
  | { kind: 'loading' }
  | { kind: 'pick'; reading: boolean; problems: string[] }
  | { kind: 'preview'; fileName: string; file: CheckedFile }
  | { kind: 'import'; meta: StoredImportMeta; run: 'running' | RunEnd }

const PAGE = 10
const count = new Intl.NumberFormat('en-GB')
const plural = (n: number, one: string, many: string) =>
  `${count.format(n)} ${n === 1 ? one : many}`

const STATE_BADGE: Record<ImportRow['state'], { tone: BadgeTone; label: string }> = {
  pending: { tone: 'neutral', label: 'Waiting' },
  working: { tone: 'info', label: 'Working' },
  success: { tone: 'success', label: 'Created' },
  error: { tone: 'danger', label: 'Error' },
  cancelled: { tone: 'neutral', label: 'Cancelled' },
}

function amountText(payload: IntentCreatePayload | null, fallback: string | undefined) {
  return payload?.saleAmount !== undefined ? formatMoney(payload.saleAmount) : (fallback ?? '')
}

const PREVIEW_COLUMNS: readonly Column<CheckedRow>[] = [
  { id: 'line', header: 'Row', cell: (row) => row.line, align: 'end' },
  { id: 'reference', header: 'Reference', cell: (row) => row.values.reference ?? '' },
  { id: 'amount', header: 'Amount', cell: (row) => amountText(row.payload, row.values.amount) },
  {
    id: 'customer',
    header: 'Customer',
    cell: (row) => row.values.customerName ?? '',
    wrap: true,
  },
  {
    id: 'problems',
    header: 'Problems',
    wrap: true,
    cell: (row) =>
      row.problems.length === 0 ? (
        <Badge tone="success">Ready</Badge>
      ) : (
        <ul className="bulk-import__problems">
          {row.problems.map((problem) => (
            <li key={`${problem.field}:${problem.message}`}>
              {problem.field ? <strong>{problem.field}: </strong> : null}
              {problem.message}
            </li>
          ))}
        </ul>
      ),
  },
]

const RESULT_COLUMNS: readonly Column<ImportRow>[] = [
  { id: 'line', header: 'Row', cell: (row) => row.line, align: 'end' },
  { id: 'reference', header: 'Reference', cell: (row) => row.values.reference ?? '' },
  { id: 'amount', header: 'Amount', cell: (row) => amountText(row.payload, row.values.amount) },
  {
    id: 'state',
    header: 'Result',
    cell: (row) => <Badge tone={STATE_BADGE[row.state].tone}>{STATE_BADGE[row.state].label}</Badge>,
  },
  {
    id: 'detail',
    header: 'Link or error',
    wrap: true,
    cell: (row) =>
      row.intentId ? (
        <Link to="/payment-links/$intentId" params={{ intentId: row.intentId }}>
          {row.intentId}
        </Link>
      ) : (
        (row.error ?? '')
      ),
  },
]

// §2 bulk create: read a CSV, preview every row's problems, send the valid rows one at a time,
// resumable after a reload or a lost connection, and a results file at the end.
export function BulkImportScreen({
  submerchantId,
  userId,
  requiresJobNumber,
}: BulkImportScreenProps) {
  const queryClient = useQueryClient()
  const online = useOnline()
  const [stage, setStage] = useState<Stage>({ kind: 'loading' })
  const [rows, setRows] = useState<ImportRow[]>([])
  const [page, setPage] = useState(1)
  const [onlyProblems, setOnlyProblems] = useState(false)
  const control = useRef<RunControl>({ stop: null })
  const timing = useRef<{ started: number; done: number } | null>(null)
  const running = stage.kind === 'import' && stage.run === 'running'

  // An import left unfinished (tab closed, reloaded, offline) is offered again.
  useEffect(() => {
    let live = true
    void loadImport<IntentCreatePayload>(userId, submerchantId).then(
      (found) => {
        if (!live) return
        if (!found) {
          setStage({ kind: 'pick', reading: false, problems: [] })
          return
        }
        setRows(found.rows)
        const counts = countRows(found.rows)
        setStage({
          kind: 'import',
          meta: found.meta,
          run: counts.waiting > 0 ? 'paused' : 'finished',
        })
      },
      () => live && setStage({ kind: 'pick', reading: false, problems: [] }),
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
      setPage(1)
      setOnlyProblems(checked.rows.some((row) => row.problems.length > 0))
      setStage({ kind: 'preview', fileName: file.name, file: checked })
    } catch (error) {
      setStage({
        kind: 'pick',
        reading: false,
        problems: [`The file could not be read: ${error instanceof Error ? error.message : ''}`],
      })
    }
  }

  async function startImport(fileName: string, checked: CheckedFile) {
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
    setPage(1)
    await run(meta, stored)
  }

  async function run(meta: StoredImportMeta, current: ImportRow[]) {
    control.current = { stop: null }
    timing.current = { started: performance.now(), done: 0 }
    setStage({ kind: 'import', meta, run: 'running' })
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
        if (row.state === 'success' || row.state === 'error') {
          if (timing.current) timing.current.done += 1
        }
        setRows((previous) => previous.map((old) => (old.n === row.n ? row : old)))
      },
      control: control.current,
    })
    setStage({ kind: 'import', meta, run: end })
    // The new links show in the list.
    void queryClient.invalidateQueries({ queryKey: intentKeys.lists(submerchantId) })
  }

  async function startOver() {
    await clearImport(userId, submerchantId)
    setRows([])
    setStage({ kind: 'pick', reading: false, problems: [] })
  }

  async function downloadResults(meta: StoredImportMeta) {
    const base = meta.fileName.replace(/\.csv$/i, '')
    downloadFile(await csvBlob(resultRows(rows, BULK_COLUMNS)), `${base} results.csv`)
  }

  const header = (
    <PageHeader
      title="Bulk create payment links"
      description="Send many payment links at once from a CSV file."
      actions={
        <Link to="/payment-links" className={buttonClassName({ variant: 'secondary' })}>
          Back to payment links
        </Link>
      }
    />
  )

  if (stage.kind === 'loading') {
    return (
      <div className="bulk-import">
        {header}
        <Spinner label="Loading" />
      </div>
    )
  }

  if (stage.kind === 'pick') {
    return (
      <div className="bulk-import">
        {header}
        <FilePicker reading={stage.reading} onFile={(file) => void read(file)} />
        {stage.problems.length > 0 && (
          <Alert title="This file cannot be imported">
            <ul>
              {stage.problems.map((problem) => (
                <li key={problem}>{problem}</li>
              ))}
            </ul>
          </Alert>
        )}
      </div>
    )
  }

  if (stage.kind === 'preview') {
    const all = stage.file.rows
    const valid = all.filter((row) => row.payload !== null).length
    const invalid = all.length - valid
    const shown = onlyProblems ? all.filter((row) => row.problems.length > 0) : all
    return (
      <div className="bulk-import">
        {header}
        <section className="bulk-import__summary" aria-label="Preview">
          <p role="status">
            <strong>{stage.fileName}</strong>: {plural(valid, 'valid row', 'valid rows')},{' '}
            {plural(invalid, 'row', 'rows')} with problems.
          </p>
          {stage.file.ignoredColumns.length > 0 && (
            <p className="muted">
              Columns not used: {stage.file.ignoredColumns.join(', ')}. The columns are{' '}
              {BULK_COLUMNS.join(', ')}.
            </p>
          )}
          {invalid > 0 && (
            <p className="muted">
              Rows with problems are not sent. Fix them in the file and import it again, or send the
              valid rows now.
            </p>
          )}
          <div className="bulk-import__actions">
            <Button
              disabled={valid === 0 || !online}
              onClick={() => void startImport(stage.fileName, stage.file)}
            >
              {valid === 0
                ? 'No valid rows to send'
                : `Send ${plural(valid, 'payment link', 'payment links')}`}
            </Button>
            <Button
              variant="secondary"
              onClick={() => setStage({ kind: 'pick', reading: false, problems: [] })}
            >
              Choose another file
            </Button>
          </div>
          {!online && <p className="muted">Sending needs a connection.</p>}
        </section>
        {invalid > 0 && (
          <label className="bulk-import__filter">
            <input
              type="checkbox"
              checked={onlyProblems}
              onChange={(event) => {
                setOnlyProblems(event.target.checked)
                setPage(1)
              }}
            />
            Show only rows with problems
          </label>
        )}
        <DataTable
          caption="Rows in the file"
          columns={PREVIEW_COLUMNS}
          rows={shown.slice((page - 1) * PAGE, page * PAGE)}
          rowKey={(row) => String(row.line)}
          layout="table"
        />
        <Pagination page={page} total={shown.length} onPageChange={setPage} label="Rows pages" />
      </div>
    )
  }

  const { meta } = stage
  const counts = countRows(rows)
  const done = counts.success + counts.error + counts.cancelled
  const msPerRow =
    timing.current && timing.current.done > 0
      ? (performance.now() - timing.current.started) / timing.current.done
      : null
  const left = running ? timeLeftText(msPerRow, counts.waiting) : null
  return (
    <div className="bulk-import">
      {header}
      <section className="bulk-import__summary" aria-label="Import">
        <p>
          <strong>{meta.fileName}</strong>: {plural(meta.total, 'payment link', 'payment links')}
        </p>
        <ProgressMeter
          label={running ? 'Sending payment links' : 'Sent'}
          done={done}
          total={meta.total}
          unit="links"
        />
        {left && <p className="muted">{left}</p>}
        {stage.run === 'paused' && (
          <Alert tone="info" title="Import paused">
            {summaryText(counts)}. Resume to send the rest; nothing is sent twice.
          </Alert>
        )}
        {stage.run === 'offline' && (
          <Alert tone="warning" title="Connection lost">
            {summaryText(counts)}. Resume when you are back online; the row that was being sent is
            checked again, and nothing is sent twice.
          </Alert>
        )}
        {(stage.run === 'finished' || stage.run === 'cancelled') && (
          <Alert
            tone={counts.error > 0 ? 'warning' : 'success'}
            title={stage.run === 'cancelled' ? 'Import cancelled' : 'Import finished'}
          >
            {summaryText(counts)}.
          </Alert>
        )}
        <div className="bulk-import__actions">
          {running ? (
            <>
              <Button variant="secondary" onClick={() => (control.current.stop = 'pause')}>
                Pause
              </Button>
              <Button variant="secondary" onClick={() => (control.current.stop = 'cancel')}>
                Cancel after this row
              </Button>
            </>
          ) : stage.run === 'paused' || stage.run === 'offline' ? (
            <>
              <Button disabled={!online} onClick={() => void run(meta, rows)}>
                Resume
              </Button>
              <Button variant="secondary" onClick={() => void startOver()}>
                Discard and start over
              </Button>
            </>
          ) : (
            <>
              <Button variant="secondary" onClick={() => void downloadResults(meta)}>
                Download results
              </Button>
              <Button onClick={() => void startOver()}>Start a new import</Button>
            </>
          )}
        </div>
      </section>
      <DataTable
        caption="Import results"
        columns={RESULT_COLUMNS}
        rows={rows.slice((page - 1) * PAGE, page * PAGE)}
        rowKey={(row) => String(row.n)}
        layout="table"
      />
      <Pagination page={page} total={rows.length} onPageChange={setPage} label="Results pages" />
    </div>
  )
}

// A file input that also takes a dropped file, and the sample to start from.
function FilePicker({ reading, onFile }: { reading: boolean; onFile: (file: File) => void }) {
  const [over, setOver] = useState(false)
  const drop = (event: DragEvent<HTMLLabelElement>) => {
    event.preventDefault()
    setOver(false)
    const file = event.dataTransfer.files[0]
    if (file) onFile(file)
  }
  return (
    <section className="bulk-import__pick" aria-label="Choose a file">
      <label
        className={`bulk-import__drop${over ? ' bulk-import__drop--over' : ''}`}
        onDragOver={(event) => {
          event.preventDefault()
          setOver(true)
        }}
        onDragLeave={() => setOver(false)}
        onDrop={drop}
      >
        <span className="bulk-import__drop-title">Choose a CSV file, or drop it here</span>
        <span className="muted">
          Columns: {BULK_COLUMNS.join(', ')}. Amounts in pounds, such as 12.50.
        </span>
        <input
          type="file"
          accept=".csv,text/csv"
          disabled={reading}
          aria-label="CSV file"
          onChange={(event) => {
            const file = event.target.files?.[0]
            event.target.value = ''
            if (file) onFile(file)
          }}
        />
      </label>
      {reading && <Spinner label="Reading the file" />}
      <Button
        variant="secondary"
        onClick={() =>
          downloadFile(
            new Blob([SAMPLE_CSV + '\r\n'], { type: 'text/csv;charset=utf-8' }),
            'payment-links-sample.csv',
          )
        }
      >
        Download sample CSV
      </Button>
    </section>
  )
}
