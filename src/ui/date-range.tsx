import { useCallback, useEffect, useState } from 'react'
import { DATE_PRESET_LABELS, DATE_PRESETS, isDatePreset, type DatePreset } from '@/lib/date-presets'
import { presetRange, toDay, validateDayRange, type DayRange } from '@/lib/dates'
import { DateField } from '@/ui/date-field'
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
  // True while a date's text cannot be read, so a form can hold its submit.
  onUnreadableChange?: (unreadable: boolean) => void
}

// Preset picker plus start/end dates (presets: docs/constants.md#export); editing a date switches to 'custom'.
export function DateRange({
  value,
  onChange,
  legend = 'Date range',
  presets = DATE_PRESETS,
  now,
  onUnreadableChange,
}: DateRangeProps) {
  const today = toDay(now ?? new Date())
  const errors = validateDayRange(value, now)
  const [unreadable, setUnreadable] = useState({ start: false, end: false })
  const startUnreadable = useCallback(
    (start: boolean) =>
      setUnreadable((current) => (current.start === start ? current : { ...current, start })),
    [],
  )
  const endUnreadable = useCallback(
    (end: boolean) =>
      setUnreadable((current) => (current.end === end ? current : { ...current, end })),
    [],
  )
  const anyUnreadable = unreadable.start || unreadable.end
  useEffect(() => {
    onUnreadableChange?.(anyUnreadable)
  }, [anyUnreadable, onUnreadableChange])

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
        <DateField
          label="Start date"
          error={errors.start}
          max={today}
          value={value.start}
          onChange={(start) => onChange({ ...value, preset: 'custom', start })}
          onUnreadableChange={startUnreadable}
        />
        <DateField
          label="End date"
          error={errors.end}
          min={value.start ?? undefined}
          value={value.end}
          onChange={(end) => onChange({ ...value, preset: 'custom', end })}
          onUnreadableChange={endUnreadable}
        />
      </div>
    </fieldset>
  )
}
