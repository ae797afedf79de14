import { describe, expect, it } from 'vitest'
import {
  parseSavedViews,
  removeView,
  savedViewStore,
  savedViewsKey,
  upsertView,
  validateViewName,
  MAX_SAVED_VIEWS,
  VIEW_NAME_MESSAGES,
} from '@/lib/saved-views'
import type { ListSpec } from '@/lib/list-search'

const SPEC: ListSpec = {
  id: 'sales',
  noun: 'sales',
  nounOne: 'sale',
  filters: [
    { kind: 'select', key: 'method', label: 'Method', values: ['pos', 'softpos'] },
    { kind: 'select', key: 'cardType', label: 'Card type', values: ['credit', 'debit'] },
    { kind: 'select', key: 'cardScheme', label: 'Card scheme', values: ['visa'] },
    { kind: 'text', key: 'panLastFour', label: 'PAN last four', maxLength: 4, pattern: /^\d{4}$/ },
  ],
  sortable: ['amount'],
  defaultSort: { field: 'amount', direction: 'desc' },
}
const OWNER = { userId: 'usr_1', submerchantId: 'sub_2' }

function memoryStorage(): Storage {
  const data = new Map<string, string>()
  return {
    get length() {
      return data.size
    },
    clear: () => data.clear(),
    getItem: (key) => data.get(key) ?? null,
    key: (index) => [...data.keys()][index] ?? null,
    removeItem: (key) => void data.delete(key),
    setItem: (key, value) => void data.set(key, value),
  }
}

describe('saved views', () => {
  it('keys storage by list, user and account', () => {
    expect(savedViewsKey('sales', 'usr_1', 'sub_2')).toBe('portal:saved-views:sales:usr_1:sub_2')
    expect(savedViewsKey('payouts', 'usr_1', 'sub_2')).not.toBe(
      savedViewsKey('sales', 'usr_1', 'sub_2'),
    )
  })

  it('moves the sales views kept before lists had ids to the list key, once', () => {
    const storage = memoryStorage()
    storage.setItem('portal:saved-views:usr_1:sub_2', JSON.stringify([{ name: 'A', search: {} }]))
    const views = savedViewStore(SPEC, OWNER, storage).read()
    expect(views).toEqual([{ name: 'A', search: {} }])
    expect(storage.getItem('portal:saved-views:usr_1:sub_2')).toBeNull()
    expect(storage.getItem('portal:saved-views:sales:usr_1:sub_2')).not.toBeNull()
    const other = savedViewStore({ ...SPEC, id: 'payouts' }, OWNER, storage)
    expect(other.read()).toEqual([])
  })

  it('saves, replaces by name, and deletes', () => {
    let views = upsertView([], 'Visa', { cardScheme: 'visa', page: 3 })
    expect(views).toEqual([{ name: 'Visa', search: { cardScheme: 'visa' } }])
    views = upsertView(views, 'POS', { method: 'pos' })
    views = upsertView(views, ' Visa ', { cardScheme: 'visa', cardType: 'debit' })
    expect(views.map((view) => view.name)).toEqual(['Visa', 'POS'])
    expect(views[0]?.search).toEqual({ cardScheme: 'visa', cardType: 'debit' })
    expect(removeView(views, 'Visa').map((view) => view.name)).toEqual(['POS'])
  })

  it('keeps at most the newest views', () => {
    let views = upsertView([], 'v0', {})
    for (let n = 1; n <= MAX_SAVED_VIEWS + 2; n++) views = upsertView(views, `v${n}`, {})
    expect(views).toHaveLength(MAX_SAVED_VIEWS)
    expect(views[0]?.name).toBe(`v${MAX_SAVED_VIEWS + 2}`)
  })

  it('validates names', () => {
    expect(validateViewName('  ')).toBe(VIEW_NAME_MESSAGES.required)
    expect(validateViewName('x'.repeat(41))).toBe(VIEW_NAME_MESSAGES.tooLong)
    expect(validateViewName('Airport runs')).toBeNull()
  })

  it('ignores corrupt storage and re-validates what it reads', () => {
    expect(parseSavedViews(SPEC, '{not json')).toEqual([])
    expect(parseSavedViews(SPEC, '{"name":"x"}')).toEqual([])
    expect(
      parseSavedViews(
        SPEC,
        JSON.stringify([
          { name: 'Good', search: { method: 'pos', cardScheme: 'diners', page: 9, secret: 'x' } },
          { name: '', search: {} },
          { name: 'No search' },
          'junk',
          { name: 'Good', search: { method: 'softpos' } },
        ]),
      ),
    ).toEqual([{ name: 'Good', search: { method: 'pos' } }])
  })

  it('round-trips through storage and reports a refused write', () => {
    const storage = memoryStorage()
    const store = savedViewStore(SPEC, OWNER, storage)
    expect(store.write([{ name: 'A', search: { panLastFour: '1234' } }])).toBe(true)
    expect(store.read()).toEqual([{ name: 'A', search: { panLastFour: '1234' } }])
    expect(store.write([])).toBe(true)
    expect(storage.getItem(savedViewsKey('sales', 'usr_1', 'sub_2'))).toBeNull()
    const full = {
      ...memoryStorage(),
      setItem: () => {
        throw new Error('QuotaExceededError')
      },
    }
    expect(savedViewStore(SPEC, OWNER, full).write([{ name: 'A', search: {} }])).toBe(false)
    expect(savedViewStore(SPEC, OWNER, null).read()).toEqual([])
  })
})
