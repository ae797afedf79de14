import {
  EXPORT_FILE_TYPES,
  EXPORT_METHOD_LABELS,
  EXPORT_METHODS,
  exportDays,
  type ExportOptions,
  type ExportView,
} from '@/features/export/export-options'
import { salesCount } from '@/features/export/use-export-run'
import { Alert } from '@/ui/alert'
import { Button } from '@/ui/button'
import { Choice } from '@/ui/choice'
import { DateRange } from '@/ui/date-range'
import { Field } from '@/ui/field'

const FILE_TYPE_LABELS = { csv: 'CSV (spreadsheet)', pdf: 'PDF (printable)' } as const

interface ExportChoicesProps {
  options: ExportOptions
  onChange: (patch: Partial<ExportOptions>) => void
  now: Date
  view: ExportView
  // The last run's failure, with Try again.
  failure: string | null
  onExport: () => void
  // A date still being typed ('15/05/2'): the export waits, as for a wrong one.
  onUnreadableChange: (unreadable: boolean) => void
}

// The export's choices (docs/screens.md#export): which sales, the dates and method, the file.
export function ExportChoices({
  options,
  onChange: set,
  now,
  view,
  failure,
  onExport,
  onUnreadableChange,
}: ExportChoicesProps) {
  return (
    <form
      id="export-form"
      className="export-form"
      noValidate
      onSubmit={(event) => {
        event.preventDefault()
        onExport()
      }}
    >
      {failure !== null && (
        <Alert
          title={failure}
          actions={
            <Button size="small" autoFocus onClick={onExport}>
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
          hint={view.total === null ? view.summary : `${view.summary} · ${salesCount(view.total)}`}
        />
      </fieldset>

      {options.scope === 'range' && (
        <div className="choice-group">
          <DateRange
            legend="Dates"
            now={now}
            value={{ preset: options.preset, ...exportDays(options, now) }}
            onChange={(range) => set({ preset: range.preset, start: range.start, end: range.end })}
            onUnreadableChange={onUnreadableChange}
          />
          <Field label="Payment method">
            {(control) => (
              <select
                {...control}
                className="input"
                value={options.method}
                onChange={(event) =>
                  set({
                    method: EXPORT_METHODS.find((method) => method === event.target.value) ?? 'all',
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
  )
}
