import { describe, expect, it } from 'vitest'
import { FIT_START, foldOrder, nextFit, splitColumns, type Fit } from '@/ui/table-fit'

const columns = [
  { id: 'id' },
  { id: 'amount', priority: 1 },
  { id: 'reference', priority: 2 },
  { id: 'destination', priority: 3 },
  { id: 'date', priority: 1 },
  { id: 'details' },
]

// Runs a fit to its end against a table that overflows whenever `tooWide` says so.
function runFit(tooWide: (shown: string[]) => boolean): { shown: string[]; folded: string[] } {
  let fit: Fit = FIT_START
  for (let renders = 0; !fit.done; renders++) {
    if (renders > 50) throw new Error('the fit never ends')
    const { shown } = splitColumns(columns, fit)
    fit = nextFit(fit, tooWide(shown.map((column) => column.id)), foldOrder(columns).length)
  }
  const { shown, folded } = splitColumns(columns, fit)
  return { shown: shown.map((c) => c.id), folded: folded.map((c) => c.id) }
}

const WIDTHS: Record<string, number> = {
  id: 100,
  amount: 80,
  reference: 150,
  destination: 60,
  date: 120,
  details: 60,
}
// The table's width: its columns, and the More column once anything is folded.
const width = (shown: string[]) =>
  shown.reduce((sum, id) => sum + (WIDTHS[id] ?? 0), 0) + (shown.length < columns.length ? 50 : 0)

describe('foldOrder', () => {
  it('folds the highest priority number first, the rightmost first among equals', () => {
    expect(foldOrder(columns)).toEqual(['destination', 'reference', 'date', 'amount'])
  })

  it('never folds a column without a priority', () => {
    expect(foldOrder([{ id: 'name' }, { id: 'link' }])).toEqual([])
  })
})

describe('a fit', () => {
  it('folds nothing when the table fits', () => {
    expect(runFit((shown) => width(shown) > 1000)).toEqual({
      shown: ['id', 'amount', 'reference', 'destination', 'date', 'details'],
      folded: [],
    })
  })

  it('folds in order until the table fits', () => {
    // 570 wide; without the destination 560 (with More), without the reference too 410.
    expect(runFit((shown) => width(shown) > 450)).toEqual({
      shown: ['id', 'amount', 'date', 'details'],
      folded: ['reference', 'destination'],
    })
  })

  it('brings back a narrow column that fits once a wide one is folded', () => {
    // Without the destination and the reference: 410; with the destination back, 470.
    const fit = runFit((shown) => width(shown) > 480)
    expect(fit.folded).toEqual(['reference'])
    expect(fit.shown).toContain('destination')
  })

  it('folds every column it may and then stops, when even that is too wide', () => {
    expect(runFit(() => true)).toEqual({
      shown: ['id', 'details'],
      folded: ['amount', 'reference', 'destination', 'date'],
    })
  })

  it('keeps the order of the declaration on both sides', () => {
    const { shown, folded } = splitColumns(columns, { ...FIT_START, count: 3 })
    expect(shown.map((c) => c.id)).toEqual(['id', 'amount', 'details'])
    expect(folded.map((c) => c.id)).toEqual(['reference', 'destination', 'date'])
  })
})
