import { Link } from '@tanstack/react-router'
import { useState } from 'react'
import { RowBadge, type RowKind } from '@/features/payment-links/bulk/row-badge'
import {
  countRows,
  summaryText,
  timeLeftText,
  type ImportRow,
  type RunEnd,
} from '@/features/payment-links/bulk-import/bulk-import-run'
import { amountText, IMPORT_PAGE, plural } from '@/features/payment-links/bulk-import/import-text'
import type { BulkImport } from '@/features/payment-links/bulk-import/use-bulk-import'
import type { StoredImportMeta } from '@/offline/bulk-import-store'
import { Alert } from '@/ui/alert'
import { Button } from '@/ui/button'
import { CodeText, RefText } from '@/ui/code-text'
import { DataTable, type Column } from '@/ui/data-table'
import { Pagination } from '@/ui/pagination'
import { ProgressMeter } from '@/ui/progress-meter'

// A stored row's state in the words every bulk job uses.
const ROW_KIND: Record<ImportRow['state'], RowKind> = {
  pending: 'waiting',
  working: 'working',
  success: 'success',
  error: 'failed',
  cancelled: 'notRun',
}
const IMPORT_LABELS = { success: 'Created', notRun: 'Cancelled' } as const

const RESULT_COLUMNS: readonly Column<ImportRow>[] = [
  { id: 'line', header: 'Row', cell: (row) => row.line, align: 'end' },
  {
    id: 'reference',
    header: 'Reference',
    cell: (row) => (row.values.reference ? <RefText value={row.values.reference} /> : ''),
  },
  { id: 'amount', header: 'Amount', cell: (row) => amountText(row.payload, row.values.amount) },
  {
    id: 'state',
    header: 'Result',
    cell: (row) => <RowBadge kind={ROW_KIND[row.state]} labels={IMPORT_LABELS} />,
  },
  {
    id: 'detail',
    header: 'Link or error',
    wrap: true,
    cell: (row) =>
      row.intentId ? (
        <Link to="/payment-links/$intentId" params={{ intentId: row.intentId }}>
          <CodeText value={row.intentId} />
        </Link>
      ) : (
        (row.error ?? '')
      ),
  },
]

interface ImportProgressProps {
  meta: StoredImportMeta
  run: 'running' | RunEnd
  online: boolean
  job: BulkImport
}

// The import under way or ended: progress, time left, how it ended, and each row's result.
export function ImportProgress({ meta, run, online, job }: ImportProgressProps) {
  const [page, setPage] = useState(1)
  const { rows } = job
  const counts = countRows(rows)
  const running = run === 'running'
  const done = counts.success + counts.error + counts.cancelled
  const left = running ? timeLeftText(job.msPerRow(), counts.waiting) : null
  return (
    <>
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
        {run === 'paused' && (
          <Alert tone="info" title="Import paused">
            {summaryText(counts)}. Resume to send the rest; nothing is sent twice.
          </Alert>
        )}
        {run === 'offline' && (
          <Alert tone="warning" title="Connection lost">
            {summaryText(counts)}. Resume when you are back online; the row that was being sent is
            checked again, and nothing is sent twice.
          </Alert>
        )}
        {(run === 'finished' || run === 'cancelled') && (
          <Alert
            tone={counts.error > 0 ? 'warning' : 'success'}
            title={run === 'cancelled' ? 'Import cancelled' : 'Import finished'}
          >
            {summaryText(counts)}.
          </Alert>
        )}
        <div className="bulk-import__actions">
          {running ? (
            <>
              <Button variant="secondary" onClick={() => job.stopAfterRow('pause')}>
                Pause
              </Button>
              <Button variant="secondary" onClick={() => job.stopAfterRow('cancel')}>
                Cancel after this row
              </Button>
            </>
          ) : run === 'paused' || run === 'offline' ? (
            <>
              <Button disabled={!online} onClick={() => job.resume(meta)}>
                Resume
              </Button>
              <Button variant="secondary" onClick={() => void job.startOver()}>
                Discard and start over
              </Button>
            </>
          ) : (
            <>
              <Button variant="secondary" onClick={() => void job.downloadResults(meta)}>
                Download results
              </Button>
              <Button onClick={() => void job.startOver()}>Start a new import</Button>
            </>
          )}
        </div>
      </section>
      <DataTable
        caption="Import results"
        columns={RESULT_COLUMNS}
        rows={rows.slice((page - 1) * IMPORT_PAGE, page * IMPORT_PAGE)}
        rowKey={(row) => String(row.n)}
        layout="table"
      />
      <Pagination page={page} total={rows.length} onPageChange={setPage} label="Results pages" />
    </>
  )
}
