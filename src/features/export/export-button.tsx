import { lazy, Suspense, useState } from 'react'
import type { ExportView } from '@/features/export/export-options'
import type { DateRangeFilterSpec, ListSearch, ListSpec } from '@/lib/list-search'
import { dayRangeOf, toListParams, viewSummary } from '@/lib/list-view'
import { useOnline } from '@/offline/use-online'
import { Button } from '@/ui/button'

// The dialog (and with it papaparse or jspdf, later still) loads when Export is reached, never
// with the list.
const loadExportDialog = () => import('@/features/export/export-dialog')
const ExportDialog = lazy(() => loadExportDialog().then((m) => ({ default: m.ExportDialog })))

interface ExportButtonProps {
  submerchantId: string
  // For the file's name and title.
  accountName: string
  // The list the button sits on, and its view as the URL says: "the current view".
  spec: ListSpec
  search: ListSearch
  // The list's exact Total-Count, when known.
  total: number | null
}

export function exportViewOf(
  spec: ListSpec,
  search: ListSearch,
  total: number | null,
  now: Date = new Date(),
): ExportView {
  const period = spec.filters.find(
    (filter): filter is DateRangeFilterSpec => filter.kind === 'dateRange',
  )
  return {
    params: toListParams(spec, search, now),
    days: period ? dayRangeOf(period, search, now) : { start: null, end: null },
    summary: viewSummary(spec, search),
    total,
  }
}

// Sales list (docs/screens.md#export): Export. An export reads the API page by page, so it needs a connection; offline
// the button says so instead of producing a partial file.
export function ExportButton({
  submerchantId,
  accountName,
  spec,
  search,
  total,
}: ExportButtonProps) {
  const online = useOnline()
  const [open, setOpen] = useState(false)
  return (
    <>
      <Button
        variant="secondary"
        disabled={!online}
        onPointerEnter={() => void loadExportDialog()}
        onFocus={() => void loadExportDialog()}
        onClick={() => setOpen(true)}
      >
        {online ? 'Export' : 'Export needs a connection'}
      </Button>
      {open && (
        <Suspense fallback={null}>
          <ExportDialog
            open
            onClose={() => setOpen(false)}
            submerchantId={submerchantId}
            accountName={accountName}
            view={exportViewOf(spec, search, total)}
          />
        </Suspense>
      )}
    </>
  )
}
