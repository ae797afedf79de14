import { intentQueries } from '@/features/payment-links/api'
import { PAYMENT_LINKS_LIST } from '@/features/payment-links/list-spec'
import { payoutQueries } from '@/features/payouts/api'
import { PAYOUTS_LIST } from '@/features/payouts/list-spec'
import { salesQueries } from '@/features/sales/api'
import { SALES_LIST } from '@/features/sales/list-spec'
import type { SearchPanelProps } from '@/features/search/search-entry'
import { SearchPanel as Panel } from '@/features/search/search-panel'
import type { ListQueryOptions, SearchTargets } from '@/features/search/targets'
import { terminalQueries } from '@/features/terminals/api'
import { TERMINALS_LIST } from '@/features/terminals/list-spec'
import type { ListParams } from '@/lib/list-search'
import { needsEnrollment } from '@/policy/access'

// The one-box search with the lists it searches (loaded on first use, docs/screens.md#search):
// the routes compose features, so the lists' specs and query factories meet the box here.

// Each list's own factory, seen as rows of records: the box shares the list's cache and keys.
const asRecords =
  <T,>(factory: (submerchantId: string, params: ListParams) => T) =>
  (submerchantId: string, params: ListParams) =>
    factory(submerchantId, params) as unknown as ListQueryOptions

export const SEARCH_TARGETS: SearchTargets = {
  sales: { spec: SALES_LIST, listPath: '/transactions/sales', query: asRecords(salesQueries.list) },
  links: {
    spec: PAYMENT_LINKS_LIST,
    listPath: '/payment-links',
    loads: (subject) => !needsEnrollment(subject),
    query: asRecords(intentQueries.list),
  },
  payouts: {
    spec: PAYOUTS_LIST,
    listPath: '/payouts',
    rule: 'canViewPayouts',
    query: asRecords(payoutQueries.list),
  },
  terminals: {
    spec: TERMINALS_LIST,
    listPath: '/terminals',
    rule: 'canViewTerminals',
    query: asRecords(terminalQueries.list),
  },
}

export function SearchPanel(props: SearchPanelProps) {
  return <Panel targets={SEARCH_TARGETS} {...props} />
}
