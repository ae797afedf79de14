import { describe, expect, it } from 'vitest'
import { SALES_LIST } from '@/features/sales/list-spec'
import {
  parseListSearch,
  sameSearch,
  viewOf,
  withChange as withListChange,
  type ListSearch,
} from '@/lib/list-search'
import { describeFilters as describeListFilters, toListParams as toParams } from '@/lib/list-view'

// The kit's functions bound to the sales declaration: the sales list's behaviour, pinned.
const parseSalesSearch = (raw: Record<string, unknown>) => parseListSearch(SALES_LIST, raw)
const toListParams = (search: ListSearch, now?: Date) => toParams(SALES_LIST, search, now)
const withChange = (search: ListSearch, change: Partial<ListSearch>) =>
  withListChange(SALES_LIST, search, change)
const describeFilters = (search: ListSearch) => describeListFilters(SALES_LIST, search)

describe('parseSalesSearch', () => {
  it('keeps every valid control', () => {
    const search = parseSalesSearch({
      page: 3,
      sort: 'amount',
      cardScheme: 'visa',
      method: 'softpos',
      cardType: 'debit',
      terminalSerialNumber: ' BP1001 ',
      panLastFour: '0042',
      period: 'custom',
      start: '2026-01-01',
      end: '2026-01-31',
    })
    expect(search).toEqual({
      page: 3,
      sort: 'amount',
      cardScheme: 'visa',
      method: 'softpos',
      cardType: 'debit',
      terminalSerialNumber: 'BP1001',
      panLastFour: '0042',
      period: 'custom',
      start: '2026-01-01',
      end: '2026-01-31',
    })
  })

  it('drops bad values without throwing', () => {
    const search = parseSalesSearch({
      page: -2,
      sort: '-password',
      cardScheme: 'diners',
      method: ['pos'],
      cardType: { $ne: 1 },
      terminalSerialNumber: 'x'.repeat(65),
      panLastFour: '12a4',
      period: 'yesterday',
      start: '2026-02-30',
    })
    expect(search).toEqual({})
  })

  it('reads numbers the router parsed from the URL', () => {
    expect(parseSalesSearch({ page: '2', panLastFour: 1234, terminalSerialNumber: 77 })).toEqual({
      page: 2,
      panLastFour: '1234',
      terminalSerialNumber: '77',
    })
    // A 2-digit number is not a last four, whatever padding would make of it.
    expect(parseSalesSearch({ panLastFour: 12 })).toEqual({})
  })

  it('leaves defaults out of the URL: page 1, newest first, all time', () => {
    expect(parseSalesSearch({ page: 1, sort: '-capturedAt', period: 'all_time' })).toEqual({})
  })

  it('keeps start and end only for a custom period', () => {
    expect(parseSalesSearch({ period: 'last_month', start: '2026-01-01' })).toEqual({
      period: 'last_month',
    })
  })
})

describe('toListParams', () => {
  const now = new Date('2026-03-15T12:00:00')

  it('turns the view into the query factory params', () => {
    const params = toListParams(
      { page: 2, sort: 'amount', cardScheme: 'visa', panLastFour: '1234', period: 'last_month' },
      now,
    )
    expect(params.filters).toEqual({ cardScheme: 'visa', panLastFour: '1234' })
    expect(params.sort).toEqual({ field: 'amount', direction: 'asc' })
    expect(params.page).toBe(2)
    expect(new Date(params.ranges.capturedAt?.gte ?? '').getDate()).toBe(1)
    expect(new Date(params.ranges.capturedAt?.gte ?? '').getMonth()).toBe(1)
    expect(new Date(params.ranges.capturedAt?.lt ?? '').getMonth()).toBe(2)
  })

  it('defaults to all time, newest first, page 1', () => {
    expect(toListParams({}, now)).toEqual({
      filters: {},
      ranges: {},
      sort: { field: 'capturedAt', direction: 'desc' },
      page: 1,
    })
  })
})

describe('withChange', () => {
  it('resets the page when a filter or the sort changes', () => {
    expect(withChange({ page: 4, method: 'pos' }, { cardType: 'credit' })).toEqual({
      method: 'pos',
      cardType: 'credit',
    })
    expect(withChange({ page: 4 }, { sort: 'amount' })).toEqual({ sort: 'amount' })
  })

  it('keeps the filters when only the page changes', () => {
    expect(withChange({ method: 'pos' }, { page: 5 })).toEqual({ method: 'pos', page: 5 })
  })

  it('drops custom dates when leaving the custom period', () => {
    expect(withChange({ period: 'custom', start: '2026-01-01' }, { period: 'this_year' })).toEqual({
      period: 'this_year',
    })
  })
})

describe('describeFilters', () => {
  it('names each active filter with its removal', () => {
    const chips = describeFilters({
      sort: 'amount',
      period: 'custom',
      start: '2026-01-01',
      end: '2026-01-31',
      cardScheme: 'american_express',
      method: 'pos',
      panLastFour: '1234',
    })
    expect(chips.map((chip) => `${chip.label}: ${chip.value}`)).toEqual([
      'Captured: 2026-01-01 to 2026-01-31',
      'Card scheme: American Express',
      'Method: POS',
      'PAN last four: 1234',
    ])
    const first = chips[0]
    expect(first && withChange({ period: 'custom', start: '2026-01-01' }, first.remove)).toEqual({})
  })
})

describe('viewOf and sameSearch', () => {
  it('compares views without the page', () => {
    expect(sameSearch(viewOf({ page: 3, method: 'pos' }), { method: 'pos' })).toBe(true)
    expect(sameSearch({ method: 'pos' }, { method: 'softpos' })).toBe(false)
  })
})
