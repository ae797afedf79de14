import { useEffect, useRef, useState } from 'react'
import {
  DEFAULT_EXPORT_OPTIONS,
  EXPORT_FILE_TYPES,
  EXPORT_METHOD_LABELS,
  EXPORT_METHODS,
  describeDays,
  exportDays,
  exportFileName,
  exportSalesQuery,
  validateExport,
  type ExportOptions,
} from '@/features/export/export-options'
import { EXPORT_STAGE_LABELS, runExport, type ExportProgress } from '@/features/export/run-export'
import type { DayRange } from '@/lib/dates'
import type { ListParams } from '@/lib/list-search'
import { canShareFile, downloadFile, shareFile } from '@/lib/save-file'
import { Alert } from '@/ui/alert'
import { Button } from '@/ui/button'
import { Choice } from '@/ui/choice'
import { DateRange } from '@/ui/date-range'
import { Dialog } from '@/ui/dialog'
import { Field } from '@/ui/field'
import { ProgressMeter } from '@/ui/progress-meter'
import { useToast } from '@/ui/toast'
import './export.css'

// The sales list as it stands: what "the current view" exports.
export interface ExportView {
  params: ListParams
  days: DayRange
  // 'Card scheme: Visa, Method: POS' or 'All sales'.
  summary: string
  // The list's Total-Count, when known.
  total: number | null
}

interface ExportDialogProps {
  open: boolean
  onClose: () => void
  submerchantId: string
  accountName: string
  view: ExportView
}

type ExportState =
  | { kind: 'idle' }
  | { kind: 'running'; fileName: string; progress: ExportProgress | null }
  | { kind: 'failed'; message: string }
  // A phone that shares files: the share sheet needs a fresh tap, so the file waits for one.
  | { kind: 'ready'; file: File; count: number }

const FILE_TYPE_LABELS = { csv: 'CSV (spreadsheet)', pdf: 'PDF (printable)' } as const
const number = new Intl.NumberFormat('en-GB')

function savedNotice(count: number, name: string): string {
  return `Exported ${number.format(count)} ${count === 1 ? 'sale' : 'sales'} to ${name}`
}

// Export on the sales list (docs/screens.md#export): the choices, the states (docs/states.md#export), and the file at the end.
export function ExportDialog(props: ExportDialogProps) {
  // Mounted only while open, so every opening starts from the defaults and a fresh clock.
  return props.open ? <ExportForm {...props} /> : null
}

function ExportForm({ onClose, submerchantId, accountName, view }: ExportDialogProps) {
  const toast = useToast()
  const [now] = useState(() => new Date())
  const [options, setOptions] = useState<ExportOptions>(DEFAULT_EXPORT_OPTIONS)
  const [state, setState] = useState<ExportState>({ kind: 'idle' })
  const controller = useRef<AbortController | null>(null)
  const set = (patch: Partial<ExportOptions>) => setOptions((current) => ({ ...current, ...patch }))

  // Closing the dialog (or leaving the page) stops every request in flight.
  useEffect(() => () => controller.current?.abort(), [])

  const errors = validateExport(options, now)
  // A date still being typed ('15/05/2') holds the export as a wrong one does.
  const [unreadableDates, setUnreadableDates] = useState(false)
  const invalid =
    Boolean(errors.start || errors.end) || (options.scope === 'range' && unreadableDates)
  const days = options.scope === 'view' ? view.days : exportDays(options, now)
  const running = state.kind === 'running'

  function close() {
    controller.current?.abort()
    onClose()
  }

  function cancel() {
    controller.current?.abort()
    setState({ kind: 'idle' })
  }

  async function start() {
    if (invalid || running) return
    controller.current?.abort()
    const abort = new AbortController()
    controller.current = abort
    const fileName = exportFileName(accountName, days, options.fileType, now)
    setState({ kind: 'running', fileName, progress: null })
    try {
      const { file, count } = await runExport({
        submerchantId,
        query: exportSalesQuery(options, options.scope === 'view' ? view.params : null, now),
        fileType: options.fileType,
        fees: options.fees,
        summary: options.summary,
        fileName,
        title: `${accountName} transactions`,
        subtitle:
          options.scope === 'view'
            ? `${describeDays(days, now)} · ${view.summary}`
            : `${describeDays(days, now)} · ${EXPORT_METHOD_LABELS[options.method]} payment methods`,
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
      downloadFile(file, file.name)
      toast.notice(savedNotice(count, file.name), 'success')
      onClose()
    } catch (error) {
      if (abort.signal.aborted) return
      setState({ kind: 'failed', message: error instanceof Error ? error.message : String(error) })
    }
  }

  async function share(file: File, count: number) {
    try {
      if (await shareFile(file)) {
        toast.notice(savedNotice(count, file.name), 'success')
        onClose()
      }
    } catch {
      // The share sheet refused the file after all: the download still works.
      downloadFile(file, file.name)
      onClose()
    }
  }

  const footer =
    state.kind === 'ready' ? (
      <>
        <Button
          variant="secondary"
          onClick={() => {
            downloadFile(state.file, state.file.name)
            toast.notice(savedNotice(state.count, state.file.name), 'success')
            onClose()
          }}
        >
          Download
        </Button>
        <Button autoFocus onClick={() => void share(state.file, state.count)}>
          Share
        </Button>
      </>
    ) : running ? (
      <Button variant="secondary" autoFocus onClick={cancel}>
        Cancel
      </Button>
    ) : (
      <>
        <Button variant="secondary" onClick={close}>
          Close
        </Button>
        <Button type="submit" form="export-form" disabled={invalid}>
          Export
        </Button>
      </>
    )

  return (
    <Dialog open onClose={close} title="Export sales" className="export-dialog" footer={footer}>
      {state.kind === 'ready' ? (
        <p role="status">
          {state.file.name} is ready ({number.format(state.count)}{' '}
          {state.count === 1 ? 'sale' : 'sales'}). Share it, or download it to this device.
        </p>
      ) : state.kind === 'running' ? (
        <div className="export-form">
          <p>
            Exporting to <strong className="export-form__file">{state.fileName}</strong>
          </p>
          <ProgressMeter
            label={state.progress ? EXPORT_STAGE_LABELS[state.progress.stage] : 'Starting'}
            done={state.progress?.done ?? 0}
            total={state.progress?.total ?? 0}
          />
        </div>
      ) : (
        <form
          id="export-form"
          className="export-form"
          noValidate
          onSubmit={(event) => {
            event.preventDefault()
            void start()
          }}
        >
          {state.kind === 'failed' && (
            <Alert
              title={state.message}
              actions={
                <Button size="small" autoFocus onClick={() => void start()}>
                  Try again
                </Button>
              }
            />
          )}
          <fieldset className="choice-group">
            <legend>Sales to export</legend>
            <Choice
              type="radio"
              name="export-scope"
              value="range"
              checked={options.scope === 'range'}
              onChange={() => set({ scope: 'range' })}
              label="A date range"
            />
            <Choice
              type="radio"
              name="export-scope"
              value="view"
              checked={options.scope === 'view'}
              onChange={() => set({ scope: 'view' })}
              label="The current view"
              hint={
                view.total === null
                  ? view.summary
                  : `${view.summary} · ${number.format(view.total)} ${view.total === 1 ? 'sale' : 'sales'}`
              }
            />
          </fieldset>

          {options.scope === 'range' && (
            <div className="choice-group">
              <DateRange
                legend="Dates"
                now={now}
                value={{ preset: options.preset, ...exportDays(options, now) }}
                onChange={(range) =>
                  set({ preset: range.preset, start: range.start, end: range.end })
                }
                onUnreadableChange={setUnreadableDates}
              />
              <Field label="Payment method">
                {(control) => (
                  <select
                    {...control}
                    className="input"
                    value={options.method}
                    onChange={(event) =>
                      set({
                        method:
                          EXPORT_METHODS.find((method) => method === event.target.value) ?? 'all',
                      })
                    }
                  >
                    {EXPORT_METHODS.map((method) => (
                      <option key={method} value={method}>
                        {EXPORT_METHOD_LABELS[method]}
                      </option>
                    ))}
                  </select>
                )}
              </Field>
            </div>
          )}

          <fieldset className="choice-group">
            <legend>File</legend>
            <div className="export-form__row">
              {EXPORT_FILE_TYPES.map((fileType) => (
                <Choice
                  key={fileType}
                  type="radio"
                  name="export-file-type"
                  value={fileType}
                  checked={options.fileType === fileType}
                  onChange={() => set({ fileType })}
                  label={FILE_TYPE_LABELS[fileType]}
                />
              ))}
            </div>
            <Choice
              type="checkbox"
              checked={options.fees}
              onChange={(fees) => set({ fees })}
              label="Include fees"
              hint="Adds the Fee and Net columns"
            />
            <Choice
              type="checkbox"
              checked={options.summary}
              onChange={(summary) => set({ summary })}
              label="Include a summary"
              hint="Adds the count, gross, tips, fees and net at the end"
            />
          </fieldset>
        </form>
      )}
    </Dialog>
  )
}
