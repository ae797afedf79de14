import { describe, expect, it } from 'vitest'
import {
  clearAllChange,
  narrowListSpec,
  parseListSearch,
  withChange,
  type ListSpec,
} from '@/lib/list-search'
import { describeFilters, toListParams, toListQuery, viewSummary } from '@/lib/list-view'

// A list unlike sales: an exact amount, two date ranges with their own keys, a renamed field.
const LINKS: ListSpec = {
  id: 'payment-links',
  noun: 'payment links',
  nounOne: 'payment link',
  filters: [
    {
      kind: 'dateRange',
      key: 'created',
      startKey: 'createdFrom',
      endKey: 'createdTo',
      field: 'createdAt',
      label: 'Created',
      defaultPreset: 'previous_30_days',
    },
    {
      kind: 'dateRange',
      key: 'succeeded',
      startKey: 'succeededFrom',
      endKey: 'succeededTo',
      field: 'succeededAt',
      label: 'Paid',
      defaultPreset: 'all_time',
    },
    { kind: 'amount', key: 'amount', label: 'Amount' },
    { kind: 'select', key: 'status', label: 'Status', values: ['created', 'succeeded'] },
    { kind: 'text', key: 'ref', field: 'reference', label: 'Job number', maxLength: 40 },
  ],
  sortable: ['createdAt', 'amount'],
  defaultSort: { field: 'createdAt', direction: 'desc' },
}

const now = new Date('2026-03-15T12:00:00')

describe('a declared list', () => {
  it('reads its own keys and drops everything else', () => {
    const raw = {
      amount: '12.50',
      status: 'succeeded',
      ref: ' JOB-1 ',
      succeeded: 'custom',
      succeededFrom: '2026-03-01',
      succeededTo: '2026-02-30',
      cardScheme: 'visa',
      sort: '-amount',
    }
    expect(parseListSearch(LINKS, raw)).toEqual({
      amount: '12.50',
      status: 'succeeded',
      ref: 'JOB-1',
      succeeded: 'custom',
      succeededFrom: '2026-03-01',
      sort: '-amount',
    })
  })

  it('refuses amounts that are not plain pounds and pence', () => {
    for (const amount of ['12.345', '-1', '1e3', 'abc', '12,50', ' ']) {
      expect(parseListSearch(LINKS, { amount })).toEqual({})
    }
    expect(parseListSearch(LINKS, { amount: 7 })).toEqual({ amount: '7' })
  })

  it('takes an amount range, inclusive in pounds, sent as [$gte] and [$lt] in minor units', () => {
    const range = { amountFrom: '23.00', amountTo: '23.99' }
    expect(parseListSearch(LINKS, { ...range, amountTo: 'lots' })).toEqual({ amountFrom: '23.00' })
    // An exact amount is narrower: the range is dropped beside it.
    expect(parseListSearch(LINKS, { ...range, amount: '23.50' })).toEqual({ amount: '23.50' })
    const params = toListParams(LINKS, parseListSearch(LINKS, range), now)
    expect(params.filters).toEqual({})
    expect(params.ranges.amount).toEqual({ gte: '2300', lt: '2400' })
    expect(toListParams(LINKS, { amountTo: '5' }, now).ranges.amount).toEqual({ lt: '501' })
    const chips = describeFilters(LINKS, range)
    expect(chips.map((chip) => `${chip.label}: ${chip.value}`)).toEqual([
      'Amount: £23.00 to £23.99',
    ])
    expect(withChange(LINKS, range, chips[0]?.remove ?? {})).toEqual({})
    expect(describeFilters(LINKS, { amountFrom: '5' })[0]?.value).toBe('from £5.00')
  })

  it('never trusts inherited names in the URL', () => {
    const raw = JSON.parse(
      '{"__proto__": {"status": "created"}, "constructor": "x", "toString": 1}',
    )
    expect(parseListSearch(LINKS, raw)).toEqual({})
  })

  it('becomes the query: fields renamed, amounts in minor units, each range on its field', () => {
    const params = toListParams(
      LINKS,
      { amount: '12.34', ref: 'JOB-1', status: 'created', succeeded: 'this_month', page: 3 },
      now,
    )
    expect(params.filters).toEqual({ amount: 1234, reference: 'JOB-1', status: 'created' })
    expect(Object.keys(params.ranges).sort()).toEqual(['createdAt', 'succeededAt'])
    expect(new Date(params.ranges.succeededAt?.gte ?? '').getDate()).toBe(1)
    const query = toListQuery({ submerchantId: 'sub_1' }, params)
    expect(query.filters).toEqual({
      submerchantId: 'sub_1',
      amount: 1234,
      reference: 'JOB-1',
      status: 'created',
    })
    expect(query.limit).toBe(10)
    expect(query.offset).toBe(20)
    expect(query.sort).toEqual({ field: 'createdAt', direction: 'desc' })
    expect(query.fields).toBeUndefined()
    // A table that shows a few fields asks for those alone.
    expect(toListQuery({ submerchantId: 'sub_1' }, params, ['id', 'amount']).fields).toEqual([
      'id',
      'amount',
    ])
  })

  it('names its chips, removes one range with its days, and clears all but the sort', () => {
    const search = {
      succeeded: 'custom',
      succeededFrom: '2026-03-01',
      amount: '5',
      ref: 'JOB-1',
      sort: 'amount',
    }
    const chips = describeFilters(LINKS, search)
    expect(chips.map((chip) => `${chip.label}: ${chip.value}`)).toEqual([
      'Paid: from 2026-03-01',
      'Amount: £5.00',
      'Job number: JOB-1',
    ])
    expect(withChange(LINKS, search, chips[0]?.remove ?? {})).toEqual({
      amount: '5',
      ref: 'JOB-1',
      sort: 'amount',
    })
    expect(withChange(LINKS, search, clearAllChange(LINKS))).toEqual({ sort: 'amount' })
    expect(viewSummary(LINKS, {})).toBe('All payment links')
    expect(viewSummary(LINKS, { status: 'created' })).toBe('Status: Created')
  })
})

describe("a narrowed list (a subset of another list, such as one terminal's sales)", () => {
  const narrowed = narrowListSpec(LINKS, 'one-status-links', ['status', 'amount'])

  it('keeps the rest of the spec under its own id', () => {
    expect(narrowed.id).toBe('one-status-links')
    expect(narrowed.filters.map((f) => f.key)).toEqual(['created', 'succeeded', 'ref'])
    expect(narrowed.sortable).toEqual(['createdAt'])
    expect(narrowed.defaultSort).toEqual(LINKS.defaultSort)
    expect(LINKS.filters).toHaveLength(5)
  })

  it('drops the fixed filters from the URL', () => {
    const search = parseListSearch(narrowed, { status: 'created', ref: 'JOB-1', sort: 'amount' })
    expect(search).not.toHaveProperty('status')
    expect(search).toMatchObject({ ref: 'JOB-1' })
    expect(toListParams(narrowed, search, now).sort).toEqual(LINKS.defaultSort)
  })
})
