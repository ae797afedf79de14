import { useState } from 'react'
import { downloadFile, fileNamePart } from '@/lib/save-file'
import { formatMoney } from '@/lib/money'
import { Button } from '@/ui/button'

export interface BarItem {
  key: string
  label: string
  amount: number
  count: number
  share?: number
}

// Ranked bars drawn with CSS: labels stay text, legible at 360 px and in either scheme.
export function BarList({ items, showShare }: { items: readonly BarItem[]; showShare?: boolean }) {
  const max = Math.max(1, ...items.map((item) => item.amount))
  return (
    <ol className="bar-list" aria-hidden="true">
      {items.map((item) => (
        <li key={item.key} className="bar-list__item">
          <span className="bar-list__label">{item.label}</span>
          <span className="bar-list__value">
            {formatMoney(item.amount)}
            {showShare && item.share !== undefined && ` · ${Math.round(item.share * 100)}%`}
          </span>
          <span className="bar-list__track">
            <span className="bar-list__bar" style={{ width: `${(item.amount / max) * 100}%` }} />
          </span>
        </li>
      ))}
    </ol>
  )
}

// A chart's table as a CSV file (the shared writer, lib/csv.ts), named after what it holds.
export function CsvButton({ name, rows }: { name: string; rows: readonly (readonly string[])[] }) {
  const [busy, setBusy] = useState(false)
  return (
    <Button
      variant="secondary"
      size="small"
      disabled={busy}
      onClick={async () => {
        setBusy(true)
        try {
          const { csvBlob } = await import('@/lib/csv')
          downloadFile(await csvBlob(rows), `${fileNamePart(name)}.csv`)
        } finally {
          setBusy(false)
        }
      }}
    >
      Download CSV
    </Button>
  )
}
