import { DATE_PRESET_LABELS, DATE_PRESETS, isDatePreset, type DatePreset } from '@/lib/date-presets'
import { presetRange, toDay, validateDayRange, type DayRange } from '@/lib/dates'
import { Field } from '@/ui/field'
import './date-range.css'

export interface DateRangeValue extends DayRange {
  preset: DatePreset
}

export function dateRangeFromPreset(preset: DatePreset, now: Date = new Date()): DateRangeValue {
  return preset === 'custom'
    ? { preset, start: null, end: null }
    : { preset, ...presetRange(preset, now) }
}

interface DateRangeProps {
  value: DateRangeValue
  onChange: (value: DateRangeValue) => void
  legend?: string
  presets?: readonly DatePreset[]
  now?: Date
}

// Preset picker plus start/end dates (§9 presets); editing a date switches to 'custom'.
export function DateRange({
  value,
  onChange,
  legend = 'Date range',
  presets = DATE_PRESETS,
  now,
}: DateRangeProps) {
  const today = toDay(now ?? new Date())
  const errors = validateDayRange(value, now)

  return (
    <fieldset className="date-range">
      <legend className="date-range__legend">{legend}</legend>
      <div className="date-range__fields">
        <Field label="Period">
          {(control) => (
            <select
              {...control}
              className="input"
              value={value.preset}
              onChange={(event) => {
                const preset = event.target.value
                if (!isDatePreset(preset)) return
                onChange(
                  preset === 'custom' ? { ...value, preset } : dateRangeFromPreset(preset, now),
                )
              }}
            >
              {presets.map((preset) => (
                <option key={preset} value={preset}>
                  {DATE_PRESET_LABELS[preset]}
                </option>
              ))}
            </select>
          )}
        </Field>
        <Field label="Start date" error={errors.start}>
          {(control) => (
            <input
              {...control}
              type="date"
              lang="en-GB"
              className="input"
              max={today}
              value={value.start ?? ''}
              onChange={(event) =>
                onChange({ ...value, preset: 'custom', start: event.target.value || null })
              }
            />
          )}
        </Field>
        <Field label="End date" error={errors.end}>
          {(control) => (
            <input
              {...control}
              type="date"
              lang="en-GB"
              className="input"
              min={value.start ?? undefined}
              value={value.end ?? ''}
              onChange={(event) =>
                onChange({ ...value, preset: 'custom', end: event.target.value || null })
              }
            />
          )}
        </Field>
      </div>
    </fieldset>
  )
}
