import { useState } from 'react'
import { cleanup, fireEvent, render, screen } from '@testing-library/react'
import { afterEach, describe, expect, it } from 'vitest'
import { DateRange, dateRangeFromPreset, type DateRangeValue } from '@/ui/date-range'

afterEach(cleanup)

const now = new Date(2024, 4, 15, 12)

function Harness({ initial }: { initial: DateRangeValue }) {
  const [value, setValue] = useState(initial)
  return <DateRange value={value} onChange={setValue} now={now} legend="Captured" />
}

describe('DateRange', () => {
  it('fills the dates from a preset and blocks future start dates', () => {
    render(<Harness initial={dateRangeFromPreset('last_month', now)} />)
    const start = screen.getByRole('textbox', { name: 'Start date' }) as HTMLInputElement
    const end = screen.getByRole('textbox', { name: 'End date' }) as HTMLInputElement
    expect([start.value, end.value]).toEqual(['01/04/2024', '30/04/2024'])
    const calendars = document.querySelectorAll<HTMLInputElement>('input[type="date"]')
    expect([calendars[0]?.max, calendars[1]?.min]).toEqual(['2024-05-15', '2024-04-01'])
    fireEvent.change(screen.getByRole('combobox', { name: 'Period' }), {
      target: { value: 'this_week' },
    })
    expect([start.value, end.value]).toEqual(['13/05/2024', '15/05/2024'])
  })

  it('switches to custom on edit and shows the export date messages', () => {
    render(<Harness initial={dateRangeFromPreset('all_time', now)} />)
    const start = screen.getByRole('textbox', { name: 'Start date' })
    fireEvent.change(start, { target: { value: '20/05/2024' } })
    expect((screen.getByRole('combobox', { name: 'Period' }) as HTMLSelectElement).value).toBe(
      'custom',
    )
    expect(screen.getByText('Start date is after current date')).toBeTruthy()
    expect(start.getAttribute('aria-invalid')).toBe('true')
    fireEvent.change(start, { target: { value: '10/05/2024' } })
    fireEvent.change(screen.getByRole('textbox', { name: 'End date' }), {
      target: { value: '01/05/2024' },
    })
    expect(screen.getByText('End date is before Start date')).toBeTruthy()
    expect(screen.queryByText('Start date is after current date')).toBeNull()
  })
})

describe('DateRange while a date is being typed', () => {
  it('tells the form, until the text is a date or a preset replaces it', () => {
    const seen: boolean[] = []
    function Form() {
      const [value, setValue] = useState(dateRangeFromPreset('all_time', now))
      return (
        <DateRange
          value={value}
          onChange={setValue}
          now={now}
          onUnreadableChange={(unreadable) => seen.push(unreadable)}
        />
      )
    }
    render(<Form />)
    fireEvent.change(screen.getByRole('textbox', { name: 'End date' }), {
      target: { value: '01/05/2' },
    })
    expect(seen.at(-1)).toBe(true)
    fireEvent.change(screen.getByRole('combobox', { name: 'Period' }), {
      target: { value: 'this_month' },
    })
    expect(seen.at(-1)).toBe(false)
    expect((screen.getByRole('textbox', { name: 'End date' }) as HTMLInputElement).value).toBe(
      '15/05/2024',
    )
  })
})
