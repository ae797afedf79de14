import { cleanup, fireEvent, render, screen, within } from '@testing-library/react'
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest'
import { DataTable, nextSort, type Column } from '@/ui/data-table'

interface Sale {
  id: string
  amount: number
  method: string
}

const rows: Sale[] = [
  { id: 'sale_1', amount: 1200, method: 'POS' },
  { id: 'sale_2', amount: 450, method: 'SoftPOS' },
]

const columns: Column<Sale>[] = [
  { id: 'id', header: 'ID', cell: (row) => row.id },
  {
    id: 'amount',
    header: 'Total',
    cell: (row) => `£${row.amount / 100}`,
    sortField: 'amount',
    firstDirection: 'desc',
    align: 'end',
  },
  { id: 'method', header: 'Method', cell: (row) => row.method, sortField: 'method' },
]

function setWidth(wide: boolean) {
  window.matchMedia = vi.fn((query: string) => ({
    matches: wide,
    media: query,
    onchange: null,
    addEventListener: () => {},
    removeEventListener: () => {},
    addListener: () => {},
    removeListener: () => {},
    dispatchEvent: () => false,
  }))
}

afterEach(() => {
  cleanup()
  Reflect.deleteProperty(window, 'matchMedia')
})

describe('DataTable', () => {
  it('renders a real table from 600 px with aria-sort on sortable headers', () => {
    setWidth(true)
    render(
      <DataTable
        caption="Sales"
        columns={columns}
        rows={rows}
        rowKey={(row) => row.id}
        sort={{ field: 'amount', direction: 'desc' }}
        onSortChange={() => {}}
      />,
    )
    const table = screen.getByRole('table', { name: 'Sales' })
    const headers = within(table).getAllByRole('columnheader')
    expect(headers.map((h) => h.getAttribute('aria-sort'))).toEqual([null, 'descending', 'none'])
    expect(within(table).getAllByRole('row')).toHaveLength(3)
    expect(within(table).getByRole('cell', { name: 'sale_2' })).toBeTruthy()
    expect(screen.queryByRole('list')).toBeNull()
  })

  it('asks the server for a new sort when a header is clicked', () => {
    setWidth(true)
    const onSortChange = vi.fn()
    render(
      <DataTable
        caption="Sales"
        columns={columns}
        rows={rows}
        rowKey={(row) => row.id}
        sort={{ field: 'amount', direction: 'desc' }}
        onSortChange={onSortChange}
      />,
    )
    fireEvent.click(screen.getByRole('button', { name: /Total/ }))
    fireEvent.click(screen.getByRole('button', { name: /Method/ }))
    expect(onSortChange.mock.calls).toEqual([
      [{ field: 'amount', direction: 'asc' }],
      [{ field: 'method', direction: 'asc' }],
    ])
  })

  it('renders a card list under 600 px with a sort control', () => {
    setWidth(false)
    const onSortChange = vi.fn()
    render(
      <DataTable
        caption="Sales"
        columns={columns}
        rows={rows}
        rowKey={(row) => row.id}
        onSortChange={onSortChange}
      />,
    )
    expect(screen.queryByRole('table')).toBeNull()
    const list = screen.getByRole('list', { name: 'Sales' })
    const cards = within(list).getAllByRole('listitem')
    expect(cards).toHaveLength(2)
    expect(within(cards[0] as HTMLElement).getByText('Total')).toBeTruthy()
    expect(within(cards[0] as HTMLElement).getByText('£12')).toBeTruthy()
    fireEvent.change(screen.getByRole('combobox', { name: 'Sort by' }), {
      target: { value: 'method:desc' },
    })
    expect(onSortChange).toHaveBeenCalledWith({ field: 'method', direction: 'desc' })
  })

  it("uses the list's card on phones, with the columns it does not show under More", () => {
    setWidth(false)
    const { unmount } = render(
      <DataTable
        caption="Sales"
        columns={columns}
        rows={rows}
        rowKey={(row) => row.id}
        card={{
          shows: ['id', 'method'],
          render: (row) => <a href={`/sales/${row.id}`}>{`${row.method} sale`}</a>,
        }}
      />,
    )
    const cards = within(screen.getByRole('list', { name: 'Sales' })).getAllByRole('listitem')
    expect(cards.map((card) => within(card).getByRole('link').textContent)).toEqual([
      'POS sale',
      'SoftPOS sale',
    ])
    // Total is not on the card: the kit adds it under More, never drops it.
    const more = within(cards[0] as HTMLElement)
      .getByText('More')
      .closest('details')
    expect(more?.open).toBe(false)
    expect(within(more as HTMLElement).getByText('Total')).toBeTruthy()
    expect(within(more as HTMLElement).getByText('£12')).toBeTruthy()
    expect(within(more as HTMLElement).queryByText('Method')).toBeNull()
    unmount()
    setWidth(true)
    render(
      <DataTable
        caption="Sales"
        columns={columns}
        rows={rows}
        rowKey={(row) => row.id}
        card={{ shows: ['id', 'amount', 'method'], render: (row) => `${row.method} sale` }}
      />,
    )
    expect(screen.getByRole('table', { name: 'Sales' })).toBeTruthy()
    expect(screen.queryByText('POS sale')).toBeNull()
  })

  it('shows the empty message in both layouts', () => {
    setWidth(true)
    const { unmount } = render(
      <DataTable
        caption="Sales"
        columns={columns}
        rows={[]}
        rowKey={(r) => r.id}
        empty="No sales"
      />,
    )
    expect(screen.getByRole('cell', { name: 'No sales' })).toBeTruthy()
    unmount()
    setWidth(false)
    render(
      <DataTable
        caption="Sales"
        columns={columns}
        rows={[]}
        rowKey={(r) => r.id}
        empty="No sales"
      />,
    )
    expect(screen.getByText('No sales')).toBeTruthy()
  })

  it('keeps cells on one line except in columns of free text', () => {
    setWidth(true)
    const withNote: Column<Sale>[] = [
      ...columns,
      { id: 'note', header: 'Note', cell: () => 'A long note someone typed', wrap: true },
    ]
    render(<DataTable caption="Sales" columns={withNote} rows={rows} rowKey={(r) => r.id} />)
    const [first] = screen.getAllByRole('row').slice(1)
    const cells = within(first as HTMLElement).getAllByRole('cell')
    expect(cells.map((cell) => cell.className)).toEqual(['', 'align-end', '', 'wraps'])
  })
})

describe('DataTable in a frame too narrow for it', () => {
  // jsdom lays nothing out: the frame is FRAME px wide and the table as wide as its headers say.
  const WIDTHS: Record<string, number> = { ID: 100, Total: 80, Method: 100, Note: 300, More: 60 }
  let frame = 0
  const sizes = {
    clientWidth(this: HTMLElement) {
      return this.classList.contains('data-table__scroll') ? frame : 0
    },
    scrollWidth(this: HTMLElement) {
      if (!this.classList.contains('data-table__scroll')) return 0
      const headers = [...this.querySelectorAll('thead th')].map((th) => th.textContent ?? '')
      const width = headers.reduce((sum, text) => sum + (WIDTHS[text.replace(/[↕▲▼]/, '')] ?? 0), 0)
      return Math.max(frame, width)
    },
  }
  beforeAll(() => {
    for (const [name, get] of Object.entries(sizes)) {
      Object.defineProperty(HTMLElement.prototype, name, { configurable: true, get })
    }
  })
  afterAll(() => {
    for (const name of Object.keys(sizes)) Reflect.deleteProperty(HTMLElement.prototype, name)
  })

  const foldable: Column<Sale>[] = [
    { id: 'id', header: 'ID', cell: (row) => row.id },
    { ...(columns[1] as Column<Sale>), priority: 1 },
    { ...(columns[2] as Column<Sale>), priority: 2 },
    { id: 'note', header: 'Note', cell: (row) => `Note on ${row.id}`, priority: 1 },
  ]

  function renderTable(width: number) {
    frame = width
    setWidth(true)
    return render(
      <DataTable
        caption="Sales"
        columns={foldable}
        rows={rows}
        rowKey={(row) => row.id}
        sort={{ field: 'amount', direction: 'desc' }}
        onSortChange={() => {}}
        rowLabel={(row) => `sale ${row.id}`}
      />,
    )
  }

  const headerNames = () =>
    screen.getAllByRole('columnheader').map((th) => th.textContent?.replace(/[↕▲▼]/, ''))

  it('shows every column, and no More, when they fit', () => {
    renderTable(1000)
    expect(headerNames()).toEqual(['ID', 'Total', 'Method', 'Note'])
    expect(screen.queryByRole('button', { name: /^More/ })).toBeNull()
  })

  it('folds columns by priority, bringing back a narrow one that fits', () => {
    // All: 580. Without Method (and with More): 540; without Note too: 240; Method back: 340.
    renderTable(400)
    expect(headerNames()).toEqual(['ID', 'Total', 'Method', 'More'])
    expect(screen.queryByText('Note on sale_1')).toBeNull()
  })

  it("shows a row's folded columns in its details, behind a named More button", () => {
    renderTable(400)
    // (jsdom's accessible names drop the space browsers keep before the hidden part.)
    const more = screen.getByRole('button', { name: /^More ?about sale sale_2$/ })
    expect(more.getAttribute('aria-expanded')).toBe('false')
    expect(more.getAttribute('aria-controls')).toBeNull()
    fireEvent.click(more)
    expect(more.getAttribute('aria-expanded')).toBe('true')
    const details = document.getElementById(more.getAttribute('aria-controls') ?? '')
    expect(details?.tagName).toBe('TR')
    expect(within(details as HTMLElement).getByText('Note')).toBeTruthy()
    expect(within(details as HTMLElement).getByText('Note on sale_2')).toBeTruthy()
    // Only that row's.
    expect(screen.queryByText('Note on sale_1')).toBeNull()
    fireEvent.click(more)
    expect(more.getAttribute('aria-expanded')).toBe('false')
    expect(screen.queryByText('Note on sale_2')).toBeNull()
  })

  it('keeps every sort within reach while a sortable column is folded', () => {
    renderTable(200)
    // Only ID and More fit: Total and Method (sortable) are folded, and scrolling is the rest.
    expect(headerNames()).toEqual(['ID', 'More'])
    const select = screen.getByRole('combobox', { name: 'Sort by' }) as HTMLSelectElement
    expect([...select.options].map((option) => option.value)).toEqual([
      'amount:asc',
      'amount:desc',
      'method:asc',
      'method:desc',
    ])
    expect(select.value).toBe('amount:desc')
  })

  it('has no sort control while every sortable column is in the table', () => {
    renderTable(1000)
    expect(screen.queryByRole('combobox', { name: 'Sort by' })).toBeNull()
  })
})

describe('nextSort', () => {
  it('flips the current column and starts others at their first direction', () => {
    const amount = columns[1] as Column<unknown>
    expect(nextSort(null, amount)).toEqual({ field: 'amount', direction: 'desc' })
    expect(nextSort({ field: 'amount', direction: 'desc' }, amount)).toEqual({
      field: 'amount',
      direction: 'asc',
    })
    expect(nextSort({ field: 'method', direction: 'asc' }, amount).direction).toBe('desc')
  })
})
