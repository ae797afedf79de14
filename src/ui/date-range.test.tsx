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
    const start = screen.getByLabelText('Start date') as HTMLInputElement
    const end = screen.getByLabelText('End date') as HTMLInputElement
    expect([start.value, end.value]).toEqual(['2024-04-01', '2024-04-30'])
    expect(start.max).toBe('2024-05-15')
    fireEvent.change(screen.getByRole('combobox', { name: 'Period' }), {
      target: { value: 'this_week' },
    })
    expect([start.value, end.value]).toEqual(['2024-05-13', '2024-05-15'])
  })

  it('switches to custom on edit and shows the §9 messages', () => {
    render(<Harness initial={dateRangeFromPreset('all_time', now)} />)
    const start = screen.getByLabelText('Start date')
    fireEvent.change(start, { target: { value: '2024-05-20' } })
    expect((screen.getByRole('combobox', { name: 'Period' }) as HTMLSelectElement).value).toBe(
      'custom',
    )
    expect(screen.getByText('Start date is after current date')).toBeTruthy()
    expect(start.getAttribute('aria-invalid')).toBe('true')
    fireEvent.change(start, { target: { value: '2024-05-10' } })
    fireEvent.change(screen.getByLabelText('End date'), { target: { value: '2024-05-01' } })
    expect(screen.getByText('End date is before Start date')).toBeTruthy()
    expect(screen.queryByText('Start date is after current date')).toBeNull()
  })
})
