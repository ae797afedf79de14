import { INTENT_STATUSES } from '@/api/schema/intent-values'
import { PAYOUT_STATUSES } from '@/api/schema/payout-values'
import { compactSearch, type ListSearch } from '@/lib/list-search'
import { minorToDecimalString } from '@/lib/money'
import type { SearchCriteria } from '@/features/search/query-reader'

// Which list each part of a query narrows, as that list's own URL view (docs/screens.md#search):
// a group's rows are page 1 of the list that 'See all' opens, so both show the same rows.

export const GROUP_KINDS = ['sales', 'links', 'payouts', 'terminals'] as const
export type GroupKind = (typeof GROUP_KINDS)[number]

export const GROUP_TITLES: Record<GroupKind, string> = {
  sales: 'Sales',
  links: 'Payment links',
  payouts: 'Payouts',
  terminals: 'Terminals',
}

// A sale is a captured payment: of the statuses only 'succeeded' can describe it.
const SALE_STATUSES: readonly string[] = ['succeeded']
const statusFits = (status: string | undefined, values: readonly string[]) =>
  status === undefined || values.includes(status)

const dayRange = (dates: SearchCriteria['dates']): ListSearch =>
  dates ? { period: 'custom', start: dates.start, end: dates.end } : {}

const amountText = (amount: SearchCriteria['amount']) =>
  amount ? minorToDecimalString(amount.minor) : undefined

/**
 * The list view of one group for the criteria, or null when the group cannot be narrowed to all
 * of them (a payout has no card; a terminal has no amount, date or status).
 */
export function groupSearch(kind: GroupKind, criteria: SearchCriteria): ListSearch | null {
  const { last4, amount, rrn, authCode, dates, status, text } = criteria
  if (criteria.id) return null
  const cardParts = last4 !== undefined || rrn !== undefined || authCode !== undefined
  let search: ListSearch
  switch (kind) {
    case 'sales':
      if (!statusFits(status, SALE_STATUSES)) return null
      search = {
        panLastFour: last4,
        amount: amountText(amount),
        retrievalReferenceNumber: rrn,
        authCode,
        externalReference: text,
        ...dayRange(dates),
      }
      break
    case 'links':
      if (cardParts || !statusFits(status, INTENT_STATUSES)) return null
      search = { amount: amountText(amount), q: text, status, ...dayRange(dates) }
      break
    case 'payouts':
      if (cardParts || amount || !statusFits(status, PAYOUT_STATUSES)) return null
      search = { q: text, status, ...dayRange(dates) }
      break
    case 'terminals':
      if (cardParts || amount || dates || status) return null
      search = { q: text }
      break
  }
  const compact = compactSearch(search)
  // A group with nothing to narrow it would list everything.
  return Object.keys(compact).length > 0 ? compact : null
}

/**
 * '23' found nothing at £23.00: the group's list view over the whole pound, 23.00 to 23.99 (the
 * amount filter's inclusive range), or null when the query was not a whole pound.
 */
export function wholePoundSearch(
  search: ListSearch,
  amount: SearchCriteria['amount'],
): ListSearch | null {
  if (!amount?.wholePounds || search.amount === undefined) return null
  return compactSearch({
    ...search,
    amount: undefined,
    amountFrom: minorToDecimalString(amount.minor),
    amountTo: minorToDecimalString(amount.minor + 99),
  })
}
