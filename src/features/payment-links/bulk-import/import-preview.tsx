import { useState } from 'react'
import {
  BULK_COLUMNS,
  columnLabel,
  type CheckedFile,
  type CheckedRow,
} from '@/features/payment-links/bulk-import/bulk-import-rows'
import { amountText, IMPORT_PAGE, plural } from '@/features/payment-links/bulk-import/import-text'
import { Badge } from '@/ui/badge'
import { Button } from '@/ui/button'
import { RefText } from '@/ui/code-text'
import { DataTable, type Column } from '@/ui/data-table'
import { Pagination } from '@/ui/pagination'

function previewColumns(file: CheckedFile): readonly Column<CheckedRow>[] {
  return [
    { id: 'line', header: 'Row', cell: (row) => row.line, align: 'end' },
    {
      id: 'reference',
      header: 'Reference',
      cell: (row) => (row.values.reference ? <RefText value={row.values.reference} /> : ''),
    },
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
                {problem.field ? <strong>{columnLabel(file, problem.field)}: </strong> : null}
                {problem.message}
              </li>
            ))}
          </ul>
        ),
    },
  ]
}

interface ImportPreviewProps {
  fileName: string
  file: CheckedFile
  online: boolean
  onSend: () => void
  onChooseAnother: () => void
}

// The checked file before anything is sent: counts, unused columns, each row's problems.
export function ImportPreview({
  fileName,
  file,
  online,
  onSend,
  onChooseAnother,
}: ImportPreviewProps) {
  const all = file.rows
  const valid = all.filter((row) => row.payload !== null).length
  const invalid = all.length - valid
  const [page, setPage] = useState(1)
  // Rows with problems come first to the eye: the list opens on them.
  const [onlyProblems, setOnlyProblems] = useState(invalid > 0)
  const shown = onlyProblems ? all.filter((row) => row.problems.length > 0) : all
  return (
    <>
      <section className="bulk-import__summary" aria-label="Preview">
        <p role="status">
          <strong>{fileName}</strong>: {plural(valid, 'valid row', 'valid rows')},{' '}
          {plural(invalid, 'row', 'rows')} with problems.
        </p>
        {file.ignoredColumns.length > 0 && (
          <p className="muted">
            Columns not used: {file.ignoredColumns.join(', ')}. The columns are{' '}
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
          <Button disabled={valid === 0 || !online} onClick={onSend}>
            {valid === 0
              ? 'No valid rows to send'
              : `Send ${plural(valid, 'payment link', 'payment links')}`}
          </Button>
          <Button variant="secondary" onClick={onChooseAnother}>
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
        columns={previewColumns(file)}
        rows={shown.slice((page - 1) * IMPORT_PAGE, page * IMPORT_PAGE)}
        rowKey={(row) => String(row.line)}
        layout="table"
      />
      <Pagination page={page} total={shown.length} onPageChange={setPage} label="Rows pages" />
    </>
  )
}
