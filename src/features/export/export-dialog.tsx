import { useState } from 'react'
import { ExportChoices } from '@/features/export/export-choices'
import {
  DEFAULT_EXPORT_OPTIONS,
  EXPORT_METHOD_LABELS,
  describeDays,
  exportDays,
  exportFileName,
  exportSalesQuery,
  validateExport,
  type ExportOptions,
  type ExportView,
} from '@/features/export/export-options'
import { ExportFooter, ExportReady, ExportRunning } from '@/features/export/export-stages'
import { useExportRun } from '@/features/export/use-export-run'
import { Dialog } from '@/ui/dialog'
import './export.css'

interface ExportDialogProps {
  open: boolean
  onClose: () => void
  submerchantId: string
  accountName: string
  view: ExportView
}

// Export on the sales list (docs/screens.md#export): the choices, the states (docs/states.md#export), and the file at the end.
export function ExportDialog(props: ExportDialogProps) {
  // Mounted only while open, so every opening starts from the defaults and a fresh clock.
  return props.open ? <ExportForm {...props} /> : null
}

function ExportForm({ onClose, submerchantId, accountName, view }: ExportDialogProps) {
  const [now] = useState(() => new Date())
  const [options, setOptions] = useState<ExportOptions>(DEFAULT_EXPORT_OPTIONS)
  const exporter = useExportRun(onClose)
  const { state } = exporter
  const set = (patch: Partial<ExportOptions>) => setOptions((current) => ({ ...current, ...patch }))

  const errors = validateExport(options, now)
  // A date still being typed ('15/05/2') holds the export as a wrong one does.
  const [unreadableDates, setUnreadableDates] = useState(false)
  const invalid =
    Boolean(errors.start || errors.end) || (options.scope === 'range' && unreadableDates)
  const days = options.scope === 'view' ? view.days : exportDays(options, now)

  function close() {
    exporter.stop()
    onClose()
  }

  function start() {
    if (invalid || exporter.running) return
    void exporter.run({
      submerchantId,
      query: exportSalesQuery(options, options.scope === 'view' ? view.params : null, now),
      fileType: options.fileType,
      fees: options.fees,
      summary: options.summary,
      fileName: exportFileName(accountName, days, options.fileType, now),
      title: `${accountName} transactions`,
      subtitle:
        options.scope === 'view'
          ? `${describeDays(days, now)} · ${view.summary}`
          : `${describeDays(days, now)} · ${EXPORT_METHOD_LABELS[options.method]} payment methods`,
    })
  }

  return (
    <Dialog
      open
      onClose={close}
      title="Export sales"
      className="export-dialog"
      footer={
        <ExportFooter
          state={state}
          invalid={invalid}
          onDownload={exporter.download}
          onShare={(file, count) => void exporter.share(file, count)}
          onCancel={exporter.cancel}
          onClose={close}
        />
      }
    >
      {state.kind === 'ready' ? (
        <ExportReady file={state.file} count={state.count} />
      ) : state.kind === 'running' ? (
        <ExportRunning fileName={state.fileName} progress={state.progress} />
      ) : (
        <ExportChoices
          options={options}
          onChange={set}
          now={now}
          view={view}
          failure={state.kind === 'failed' ? state.message : null}
          onExport={start}
          onUnreadableChange={setUnreadableDates}
        />
      )}
    </Dialog>
  )
}
