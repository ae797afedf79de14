import { describe, expect, it } from 'vitest'
import { NOTIFICATIONS_LIST } from '@/features/developer/list-spec'
import { PAYMENT_LINKS_LIST } from '@/features/payment-links/list-spec'
import { PAYOUTS_LIST } from '@/features/payouts/list-spec'
import { SALES_LIST, TERMINAL_SALES_LIST } from '@/features/sales/list-spec'
import { ACTIVITY_LIST } from '@/features/team/activity-spec'
import { TERMINALS_LIST } from '@/features/terminals/list-spec'
import { DATE_PRESETS } from '@/lib/date-presets'
import {
  parseListSearch,
  sortToSearch,
  textProblem,
  withChange,
  type FilterSpec,
  type ListSearch,
  type ListSpec,
} from '@/lib/list-search'
import { dateRangeChange } from '@/lib/list-view'
import { parseSearch, stringifySearch } from '@/lib/search'

// Every list's URL takes what its filter panel writes: as the app writes it, and typed by hand.

interface ListRouteCase {
  spec: ListSpec
  validateSearch: (raw: Record<string, unknown>) => Record<string, unknown>
}

type RouteModule = { Route: { options: { validateSearch?: unknown } } }
// Loaded by path, not imported: a test importing route files would take part in their types.
const routeModules = import.meta.glob<RouteModule>('/src/routes/_auth/**/*.tsx', { eager: true })
const routeSources = import.meta.glob<string>('/src/routes/_auth/**/*.tsx', {
  eager: true,
  query: '?raw',
  import: 'default',
})

function listAt(file: string, spec: ListSpec): ListRouteCase {
  const route = routeModules[`/src/routes/_auth/${file}`]?.Route
  if (!route) throw new Error(`no route at ${file}`)
  return { spec, validateSearch: route.options.validateSearch as ListRouteCase['validateSearch'] }
}

const LISTS: Record<string, ListRouteCase> = {
  'transactions/sales/index.tsx': listAt('transactions/sales/index.tsx', SALES_LIST),
  'terminals/index.tsx': listAt('terminals/index.tsx', TERMINALS_LIST),
  'terminals/$terminalId.tsx': listAt('terminals/$terminalId.tsx', TERMINAL_SALES_LIST),
  'payouts/index.tsx': listAt('payouts/index.tsx', PAYOUTS_LIST),
  'payment-links/index.tsx': listAt('payment-links/index.tsx', PAYMENT_LINKS_LIST),
  'team/activity.tsx': listAt('team/activity.tsx', ACTIVITY_LIST),
  'developer/endpoints/$endpointId/notifications.tsx': listAt(
    'developer/endpoints/$endpointId/notifications.tsx',
    NOTIFICATIONS_LIST,
  ),
}

// Text people type into a filter: codes, digits, things JSON would read as numbers or flags.
const TEXTS = ['BP55-000123', 'JOB 7781', '0042', '1234', '12.50', '1e3', '007', 'true', 'null']
const AMOUNTS = ['12.50', '7', '0.05', '1234567.89', '10.5']

// Each change the filter panel, the sort and the pager can make, one at a time.
function panelChanges(spec: ListSpec): Partial<ListSearch>[] {
  const changes: Partial<ListSearch>[] = spec.filters.flatMap((filter: FilterSpec) => {
    switch (filter.kind) {
      case 'select':
        return filter.values.map((value) => ({ [filter.key]: value }))
      case 'text':
        return TEXTS.filter(
          (text) => text.length <= filter.maxLength && !textProblem(filter, text),
        ).map((text) => ({ [filter.key]: text }))
      case 'amount':
        return AMOUNTS.map((amount) => ({ [filter.key]: amount }))
      case 'dateRange':
        return [
          ...(filter.presets ?? DATE_PRESETS)
            .filter((preset) => preset !== filter.defaultPreset)
            .map((preset) => dateRangeChange(filter, { preset, start: null, end: null })),
          dateRangeChange(filter, { preset: 'custom', start: '2026-01-01', end: '2026-01-31' }),
          dateRangeChange(filter, { preset: 'custom', start: '2026-02-01', end: null }),
        ]
    }
  })
  for (const field of spec.sortable) {
    for (const direction of ['asc', 'desc'] as const) {
      changes.push({ sort: sortToSearch(spec, { field, direction }) })
    }
  }
  return [...changes, { page: 2 }, { page: 12 }]
}

// `?key=value` as a person types it: no JSON quotes.
const typedByHand = (search: ListSearch) =>
  `?${Object.entries(search)
    .map(([key, value]) => `${key}=${encodeURIComponent(String(value))}`)
    .join('&')}`

describe("every list's URL", () => {
  it('covers every list route (each route declared with listRoute)', () => {
    const declared = Object.entries(routeSources)
      .filter(([, source]) => source.includes('listRoute('))
      .map(([path]) => path.replace('/src/routes/_auth/', ''))
    expect(declared.sort()).toEqual(Object.keys(LISTS).sort())
  })

  for (const [name, { spec, validateSearch }] of Object.entries(LISTS)) {
    it(`${name}: takes back what its panel writes, and the same typed by hand`, () => {
      const changes = panelChanges(spec)
      expect(changes.length).toBeGreaterThan(spec.filters.length)
      for (const change of changes) {
        const written = withChange(spec, {}, change)
        // Each change the panel offers is one the list keeps (the default sort is no change).
        if (change.sort !== undefined || !('sort' in change)) {
          expect(Object.keys(written).length, JSON.stringify(change)).toBeGreaterThan(0)
        }
        for (const url of [stringifySearch(written), typedByHand(written)]) {
          const read = parseListSearch(spec, validateSearch(parseSearch(url)))
          expect(read, `${name}: ${url}`).toEqual(written)
        }
      }
    })
  }

  it('notification history: ?hasSucceeded=true typed by hand is kept', () => {
    const { spec, validateSearch } = LISTS[
      'developer/endpoints/$endpointId/notifications.tsx'
    ] as ListRouteCase
    expect(parseListSearch(spec, validateSearch(parseSearch('?hasSucceeded=true')))).toEqual({
      hasSucceeded: 'true',
    })
  })
})
