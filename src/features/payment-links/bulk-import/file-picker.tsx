import { useState, type DragEvent } from 'react'
import { BULK_COLUMNS, SAMPLE_CSV } from '@/features/payment-links/bulk-import/bulk-import-rows'
import { downloadFile } from '@/lib/save-file'
import { Button } from '@/ui/button'
import { Spinner } from '@/ui/spinner'

// A file input that also takes a dropped file, and the sample to start from.
export function FilePicker({
  reading,
  onFile,
}: {
  reading: boolean
  onFile: (file: File) => void
}) {
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
