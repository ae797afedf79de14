import { useEffect, useRef, useState } from 'react'
import { DATE_ENTRY_FORMAT } from '@/config/limits'
import { formatDayEntry, maskDayEntry, parseDayEntry } from '@/lib/dates'
import { Button } from '@/ui/button'
import { Field } from '@/ui/field'
import { Icon } from '@/ui/icons'
import './date-field.css'

interface DateFieldProps {
  label: string
  // YYYY-MM-DD, or null for no date.
  value: string | null
  onChange: (day: string | null) => void
  // True while the text cannot be read as a date, so a form can hold its submit.
  onUnreadableChange?: (unreadable: boolean) => void
  // The form's own rule about this date (after today, before the start …).
  error?: string
  // YYYY-MM-DD bounds for the calendar.
  min?: string
  max?: string
}

/**
 * A date typed as DD/MM/YYYY whatever the browser's locale (a native date input would follow the
 * locale), with a button that opens the browser's own calendar.
 */
export function DateField({
  label,
  value,
  onChange,
  onUnreadableChange,
  error,
  min,
  max,
}: DateFieldProps) {
  const [text, setText] = useState(() => formatDayEntry(value))
  const [shown, setShown] = useState(value)
  // Parse problems show once the person leaves the field, then follow the typing.
  const [checked, setChecked] = useState(false)
  const picker = useRef<HTMLInputElement>(null)

  // A new value from outside (a preset, the calendar, a reset) replaces the text.
  if (value !== shown) {
    setShown(value)
    setText(formatDayEntry(value))
    setChecked(false)
  }

  const entry = parseDayEntry(text)
  const unreadable = !entry.ok
  useEffect(() => {
    onUnreadableChange?.(unreadable)
  }, [unreadable, onUnreadableChange])

  function commit(day: string | null) {
    setShown(day)
    if (day !== value) onChange(day)
  }

  function type(next: string) {
    const masked = next.length > text.length ? maskDayEntry(next) : next
    setText(masked)
    const typed = parseDayEntry(masked)
    // '15/05/20' may be the start of '15/05/2026': a two-digit year waits for the field to be left.
    if (typed.ok && !typed.shortYear) commit(typed.day)
  }

  function finish() {
    setChecked(true)
    if (!entry.ok) return
    setText(formatDayEntry(entry.day))
    commit(entry.day)
  }

  function openCalendar() {
    const input = picker.current
    if (!input) return
    try {
      input.showPicker()
    } catch {
      // Browsers without showPicker() open the calendar on a click.
      input.focus()
      input.click()
    }
  }

  return (
    <Field label={label} error={checked && !entry.ok ? entry.message : error}>
      {(control) => (
        <div className="input-group date-field">
          <input
            {...control}
            className="input"
            type="text"
            inputMode="numeric"
            autoComplete="off"
            placeholder={DATE_ENTRY_FORMAT}
            value={text}
            onChange={(event) => type(event.target.value)}
            onBlur={finish}
            onKeyDown={(event) => {
              if (event.key === 'Enter') finish()
            }}
          />
          <Button
            variant="secondary"
            aria-label={`Choose ${label.toLowerCase()} from a calendar`}
            onClick={openCalendar}
          >
            <Icon name="calendar" />
          </Button>
          {/* The browser's calendar, opened by the button; people read and type the text above. */}
          <input
            ref={picker}
            className="date-field__calendar"
            type="date"
            lang="en-GB"
            tabIndex={-1}
            aria-hidden="true"
            min={min}
            max={max}
            value={entry.ok ? (entry.day ?? '') : (value ?? '')}
            onChange={(event) => {
              const day = event.target.value || null
              setText(formatDayEntry(day))
              setChecked(false)
              commit(day)
            }}
          />
        </div>
      )}
    </Field>
  )
}
