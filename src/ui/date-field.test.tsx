import { useState } from 'react'
import { cleanup, fireEvent, render, screen } from '@testing-library/react'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { DateField } from '@/ui/date-field'

afterEach(cleanup)

function Harness({
  initial = null,
  onChange = () => {},
  onUnreadableChange,
}: {
  initial?: string | null
  onChange?: (day: string | null) => void
  onUnreadableChange?: (unreadable: boolean) => void
}) {
  const [value, setValue] = useState(initial)
  return (
    <>
      <DateField
        label="Start date"
        value={value}
        max="2026-05-15"
        onChange={(day) => {
          setValue(day)
          onChange(day)
        }}
        onUnreadableChange={onUnreadableChange}
      />
      <output aria-label="Value">{value ?? 'none'}</output>
      <button type="button" onClick={() => setValue('2026-01-31')}>
        Preset
      </button>
    </>
  )
}

const field = () => screen.getByRole('textbox', { name: 'Start date' }) as HTMLInputElement
const committed = () => screen.getByLabelText('Value').textContent
const calendar = () => document.querySelector<HTMLInputElement>('input[type="date"]')!

describe('DateField', () => {
  it('shows its day as DD/MM/YYYY on a numeric keypad field', () => {
    render(<Harness initial="2026-05-01" />)
    expect(field().value).toBe('01/05/2026')
    expect(field().inputMode).toBe('numeric')
    expect(field().placeholder).toBe('DD/MM/YYYY')
  })

  it('takes a finished date as it is typed, and tidies it when left', () => {
    const onChange = vi.fn()
    render(<Harness onChange={onChange} />)
    fireEvent.change(field(), { target: { value: '1/5/202' } })
    expect(onChange).not.toHaveBeenCalled()
    fireEvent.change(field(), { target: { value: '1/5/2026' } })
    expect(onChange).toHaveBeenLastCalledWith('2026-05-01')
    fireEvent.blur(field())
    expect(field().value).toBe('01/05/2026')
    fireEvent.change(field(), { target: { value: '' } })
    expect(committed()).toBe('none')
  })

  it('adds the slashes to typed digits', () => {
    render(<Harness />)
    fireEvent.change(field(), { target: { value: '1505' } })
    expect(field().value).toBe('15/05')
    // Deleting a slash leaves the digits as they are.
    fireEvent.change(field(), { target: { value: '1505' } })
    expect(field().value).toBe('1505')
    fireEvent.change(field(), { target: { value: '' } })
    fireEvent.change(field(), { target: { value: '15052026' } })
    expect(field().value).toBe('15/05/2026')
    expect(committed()).toBe('2026-05-15')
  })

  it('reads a two-digit year only once the field is left', () => {
    const onChange = vi.fn()
    render(<Harness onChange={onChange} />)
    fireEvent.change(field(), { target: { value: '15/05/20' } })
    expect(onChange).not.toHaveBeenCalled()
    fireEvent.keyDown(field(), { key: 'Enter' })
    expect(onChange).toHaveBeenLastCalledWith('2020-05-15')
    expect(field().value).toBe('15/05/2020')
  })

  it('says what is wrong once left, keeps the last date, and tells the form', () => {
    const onUnreadableChange = vi.fn()
    render(<Harness initial="2026-05-01" onUnreadableChange={onUnreadableChange} />)
    fireEvent.change(field(), { target: { value: '31/02/2026' } })
    expect(screen.queryByText(/Day must be/)).toBeNull()
    expect(onUnreadableChange).toHaveBeenLastCalledWith(true)
    fireEvent.blur(field())
    expect(screen.getByText('Day must be from 1 to 28 in February 2026')).toBeTruthy()
    expect(field().getAttribute('aria-invalid')).toBe('true')
    expect(field().getAttribute('aria-describedby')).toBeTruthy()
    expect(field().value).toBe('31/02/2026')
    expect(committed()).toBe('2026-05-01')
    fireEvent.change(field(), { target: { value: '28/02/2026' } })
    expect(screen.queryByText(/Day must be/)).toBeNull()
    expect(onUnreadableChange).toHaveBeenLastCalledWith(false)
    expect(committed()).toBe('2026-02-28')
  })

  it('asks for the format when the text is no date', () => {
    render(<Harness />)
    fireEvent.change(field(), { target: { value: 'yesterday' } })
    fireEvent.blur(field())
    expect(screen.getByText('Enter the date as DD/MM/YYYY, for example 15/05/2026')).toBeTruthy()
  })

  it('replaces the text when the value changes from outside', () => {
    render(<Harness />)
    fireEvent.change(field(), { target: { value: 'nonsense' } })
    fireEvent.blur(field())
    fireEvent.click(screen.getByRole('button', { name: 'Preset' }))
    expect(field().value).toBe('31/01/2026')
    expect(screen.queryByText(/Enter the date/)).toBeNull()
  })

  it('opens the browser calendar from a named button and takes its day', () => {
    render(<Harness />)
    const input = calendar()
    expect(input.getAttribute('aria-hidden')).toBe('true')
    expect(input.tabIndex).toBe(-1)
    expect(input.max).toBe('2026-05-15')
    const showPicker = vi.fn()
    input.showPicker = showPicker
    fireEvent.click(screen.getByRole('button', { name: 'Choose start date from a calendar' }))
    expect(showPicker).toHaveBeenCalledOnce()
    fireEvent.change(input, { target: { value: '2026-03-09' } })
    expect(field().value).toBe('09/03/2026')
    expect(committed()).toBe('2026-03-09')
  })
})
