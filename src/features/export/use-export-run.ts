import { useEffect, useRef, useState } from 'react'
import { runExport, type ExportProgress, type ExportRequest } from '@/features/export/run-export'
import { canShareFile, downloadFile, shareFile } from '@/lib/save-file'
import { useToast } from '@/ui/toast'

export type ExportState =
  | { kind: 'idle' }
  | { kind: 'running'; fileName: string; progress: ExportProgress | null }
  | { kind: 'failed'; message: string }
  // A phone that shares files: the share sheet needs a fresh tap, so the file waits for one.
  | { kind: 'ready'; file: File; count: number }

// What one export is asked for; the hook adds the signal and follows the progress.
export type ExportRun = Omit<ExportRequest, 'signal' | 'onProgress'>

const number = new Intl.NumberFormat('en-GB')

// '1 sale', '1,234 sales'.
export function salesCount(count: number): string {
  return `${number.format(count)} ${count === 1 ? 'sale' : 'sales'}`
}

function savedNotice(count: number, name: string): string {
  return `Exported ${salesCount(count)} to ${name}`
}

/**
 * The async work of the export dialog (docs/states.md#export): run an export with its progress,
 * stop or cancel it, and hand the file over (downloaded at once, or shared or downloaded on a
 * fresh tap where the device shares files). `onSaved` runs once the file is saved: the dialog
 * closes.
 */
export function useExportRun(onSaved: () => void) {
  const toast = useToast()
  const [state, setState] = useState<ExportState>({ kind: 'idle' })
  const controller = useRef<AbortController | null>(null)

  // Closing the dialog (or leaving the page) stops every request in flight.
  useEffect(() => () => controller.current?.abort(), [])

  // Stops the export in flight, if any, and leaves the state as it is (the dialog is closing).
  function stop() {
    controller.current?.abort()
  }

  // Stops it and goes back to the choices.
  function cancel() {
    stop()
    setState({ kind: 'idle' })
  }

  function download(file: File, count: number) {
    downloadFile(file, file.name)
    toast.notice(savedNotice(count, file.name), 'success')
    onSaved()
  }

  async function share(file: File, count: number) {
    try {
      if (await shareFile(file)) {
        toast.notice(savedNotice(count, file.name), 'success')
        onSaved()
      }
    } catch {
      // The share sheet refused the file after all: the download still works.
      downloadFile(file, file.name)
      onSaved()
    }
  }

  async function run(request: ExportRun) {
    stop()
    const abort = new AbortController()
    controller.current = abort
    const { fileName } = request
    setState({ kind: 'running', fileName, progress: null })
    try {
      const { file, count } = await runExport({
        ...request,
        signal: abort.signal,
        onProgress: (progress) => {
          if (!abort.signal.aborted) setState({ kind: 'running', fileName, progress })
        },
      })
      if (abort.signal.aborted) return
      if (canShareFile(file)) {
        setState({ kind: 'ready', file, count })
        return
      }
      download(file, count)
    } catch (error) {
      if (abort.signal.aborted) return
      setState({ kind: 'failed', message: error instanceof Error ? error.message : String(error) })
    }
  }

  return { state, running: state.kind === 'running', run, stop, cancel, download, share }
}
