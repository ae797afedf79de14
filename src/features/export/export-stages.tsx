import { EXPORT_STAGE_LABELS, type ExportProgress } from '@/features/export/run-export'
import { salesCount, type ExportState } from '@/features/export/use-export-run'
import { Button } from '@/ui/button'
import { ProgressMeter } from '@/ui/progress-meter'

// The export dialog's stages other than the choices (docs/states.md#export): running, and a file
// ready to share.

export function ExportRunning({
  fileName,
  progress,
}: {
  fileName: string
  progress: ExportProgress | null
}) {
  return (
    <div className="export-form">
      <p>
        Exporting to <strong className="export-form__file">{fileName}</strong>
      </p>
      <ProgressMeter
        label={progress ? EXPORT_STAGE_LABELS[progress.stage] : 'Starting'}
        done={progress?.done ?? 0}
        total={progress?.total ?? 0}
      />
    </div>
  )
}

export function ExportReady({ file, count }: { file: File; count: number }) {
  return (
    <p role="status">
      {file.name} is ready ({salesCount(count)}). Share it, or download it to this device.
    </p>
  )
}

interface ExportFooterProps {
  state: ExportState
  // The choices cannot be exported as they stand (a wrong or half-typed date).
  invalid: boolean
  onDownload: (file: File, count: number) => void
  onShare: (file: File, count: number) => void
  onCancel: () => void
  onClose: () => void
}

// The buttons of each stage: Download and Share; Cancel while running; else Close and Export.
export function ExportFooter({
  state,
  invalid,
  onDownload,
  onShare,
  onCancel,
  onClose,
}: ExportFooterProps) {
  if (state.kind === 'ready') {
    return (
      <>
        <Button variant="secondary" onClick={() => onDownload(state.file, state.count)}>
          Download
        </Button>
        <Button autoFocus onClick={() => onShare(state.file, state.count)}>
          Share
        </Button>
      </>
    )
  }
  if (state.kind === 'running') {
    return (
      <Button variant="secondary" autoFocus onClick={onCancel}>
        Cancel
      </Button>
    )
  }
  return (
    <>
      <Button variant="secondary" onClick={onClose}>
        Close
      </Button>
      <Button type="submit" form="export-form" disabled={invalid}>
        Export
      </Button>
    </>
  )
}
