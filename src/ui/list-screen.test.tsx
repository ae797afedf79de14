import type { UseQueryResult } from '@tanstack/react-query'
import { cleanup, fireEvent, render, screen } from '@testing-library/react'
import { afterEach, describe, expect, it, vi } from 'vitest'
import type { ListPage } from '@/api/http'
import type { ListSearch, ListSpec } from '@/lib/list-search'
import { ListScreen } from '@/ui/list-screen'

afterEach(cleanup)

// Three filters a person picks from, each with two values.
const CHOICES = {
  cardScheme: ['visa', 'mastercard'],
  method: ['pos', 'softpos'],
  cardType: ['credit', 'debit'],
}
const SPEC: ListSpec = {
  id: 'fares',
  noun: 'fares',
  nounOne: 'fare',
  filters: Object.entries(CHOICES).map(([key, values]) => ({
    kind: 'select' as const,
    key,
    label: { cardScheme: 'Card scheme', method: 'Method', cardType: 'Card type' }[key] ?? key,
    values,
  })),
  sortable: ['capturedAt'],
  defaultSort: { field: 'capturedAt', direction: 'desc' },
}

const page = {
  isSuccess: true,
  isPlaceholderData: false,
  isFetching: false,
  isPending: false,
  status: 'success',
  dataUpdatedAt: 1,
  data: { items: [], total: 0, totalIsApproximate: false },
  refetch: () => Promise.resolve(),
} as unknown as UseQueryResult<ListPage<{ id: string }>>

// The screen's fixed part: its list, an empty page of fares, no columns.
const FIXED = {
  spec: SPEC,
  title: 'Fares',
  query: page,
  columns: [],
  rowKey: (row: { id: string }) => row.id,
  errorTitle: 'Failed to load fares',
}

function screenWith(search: ListSearch, onSearchChange: (next: ListSearch) => void) {
  return <ListScreen {...FIXED} search={search} onSearchChange={onSearchChange} />
}

// A phone folds the filters (jsdom matches no media query): a touch on their summary makes them.
const filtersSummary = () => screen.getByText('Filters', { selector: 'summary' })
const openFilters = () => fireEvent.pointerDown(filtersSummary())

describe('ListScreen', () => {
  it('makes folded filters when someone reaches for them, and keeps them once closed', () => {
    render(screenWith({}, vi.fn()))
    expect(screen.queryByLabelText('Card type')).toBeNull()
    openFilters()
    fireEvent.change(screen.getByLabelText('Card type'), { target: { value: 'debit' } })
    // Closed again (the sheet's own button, or the summary): still there, as they were left.
    const details = filtersSummary().parentElement as HTMLDetailsElement
    details.open = true
    fireEvent(details, new Event('toggle'))
    details.open = false
    fireEvent(details, new Event('toggle'))
    expect(screen.getByLabelText('Card type')).toBeInstanceOf(HTMLSelectElement)
  })

  it('makes them when the panel opens without a touch or focus first (a script, say)', () => {
    render(screenWith({}, vi.fn()))
    const details = filtersSummary().parentElement as HTMLDetailsElement
    details.open = true
    fireEvent(details, new Event('toggle'))
    expect(screen.getByLabelText('Card type')).toBeInstanceOf(HTMLSelectElement)
  })

  it('builds a change on the one it asked for while the address has not caught up', () => {
    const asked = vi.fn()
    const shown = { cardScheme: 'mastercard', method: 'softpos' }
    // The navigation commits in a transition: `search` still shows the filters being cleared.
    const { rerender } = render(screenWith(shown, asked))
    fireEvent.click(screen.getByRole('button', { name: 'Clear all' }))
    openFilters()
    fireEvent.change(screen.getByLabelText('Card type'), { target: { value: 'debit' } })
    expect(asked).toHaveBeenCalledTimes(2)
    expect(asked.mock.calls[1]?.[0]).toEqual({ cardType: 'debit' })
    // Once the address shows a view (the asked one, or Back's), changes build on it again.
    rerender(screenWith({ method: 'pos' }, asked))
    fireEvent.change(screen.getByLabelText('Card type'), { target: { value: 'credit' } })
    expect(asked.mock.calls[2]?.[0]).toEqual({ method: 'pos', cardType: 'credit' })
  })
})
