import type { Query } from '@tanstack/react-query'
import { dayRangeToBounds } from '@/lib/dates'
import type { GroupKind } from '@/features/search/groups'
import { groupOfRecord, type SearchRecord } from '@/features/search/hits'
import type { SearchCriteria } from '@/features/search/query-reader'

// Search over what this device has saved (docs/offline.md#search): one pass over the account's
// cached queries, with the lists' own meaning of each part. Plain code: the parts are exact field
// comparisons and the text a substring, over a cache of a few thousand rows; no second copy.

export interface SavedMatches {
  records: SearchRecord[]
  total: number
  // When the newest of the matching records was fetched (ms), for 'updated HH:MM'.
  savedAt: number
}

const TEXT_FIELDS: Record<GroupKind, string[]> = {
  sales: [],
  links: [
    'reference',
    'customerName',
    'description',
    'customerEmailAddress',
    'customerPhoneNumber',
    'id',
  ],
  payouts: ['paymentReference'],
  terminals: ['serialNumber', 'name', 'customReference'],
}
const DATE_FIELD: Record<GroupKind, string | null> = {
  sales: 'capturedAt',
  links: 'createdAt',
  payouts: 'createdAt',
  terminals: null,
}

// Records anywhere in a cached answer: a list page, a detail, or a page's named lists.
function recordsIn(data: unknown, depth = 0): SearchRecord[] {
  if (!data || typeof data !== 'object' || depth > 2) return []
  if (Array.isArray(data)) return data.flatMap((item) => recordsIn(item, depth + 1))
  const record = data as SearchRecord
  if (groupOfRecord(record)) return [record]
  return Object.values(record).flatMap((value) =>
    Array.isArray(value) || (value && typeof value === 'object') ? recordsIn(value, depth + 1) : [],
  )
}

function matches(
  kind: GroupKind,
  record: SearchRecord,
  criteria: SearchCriteria,
  widened: boolean,
): boolean {
  const { last4, amount, rrn, authCode, dates, status, text } = criteria
  if (last4 !== undefined && record.panLastFour !== last4) return false
  if (rrn !== undefined && record.retrievalReferenceNumber !== rrn) return false
  if (authCode !== undefined && record.authCode !== authCode) return false
  if (amount) {
    const value = Number(record.amount)
    const fits = widened
      ? value >= amount.minor && value < amount.minor + 100
      : value === amount.minor
    if (!fits) return false
  }
  if (status !== undefined && kind !== 'sales' && record.status !== status) return false
  const dateField = DATE_FIELD[kind]
  if (dates && dateField) {
    const { gte = '', lt = '' } = dayRangeToBounds(dates)
    const at = Date.parse(String(record[dateField]))
    if (!(at >= Date.parse(gte) && at < Date.parse(lt))) return false
  }
  if (text !== undefined) {
    if (kind === 'sales') return record.externalReference === text
    const needle = text.toLowerCase()
    return TEXT_FIELDS[kind].some((field) =>
      String(record[field] ?? '')
        .toLowerCase()
        .includes(needle),
    )
  }
  return true
}

const SORTS: Record<GroupKind, (a: SearchRecord, b: SearchRecord) => number> = {
  sales: (a, b) => String(b.capturedAt).localeCompare(String(a.capturedAt)),
  links: (a, b) => String(b.createdAt).localeCompare(String(a.createdAt)),
  payouts: (a, b) => String(b.createdAt).localeCompare(String(a.createdAt)),
  terminals: (a, b) => String(a.serialNumber).localeCompare(String(b.serialNumber)),
}

/**
 * The saved records of one account that each group would find, newest fetch winning where a
 * record was saved twice. `kinds` are the groups the person may see and the query can narrow.
 */
export function searchSaved(
  queries: readonly Query[],
  submerchantId: string,
  kinds: readonly GroupKind[],
  criteria: SearchCriteria,
  widened: ReadonlySet<GroupKind> = new Set(),
): Map<GroupKind, SavedMatches> {
  const newest = new Map<string, { record: SearchRecord; at: number; kind: GroupKind }>()
  for (const query of queries) {
    if (query.queryKey[0] !== submerchantId || query.state.data === undefined) continue
    const at = query.state.dataUpdatedAt
    for (const record of recordsIn(query.state.data)) {
      const kind = groupOfRecord(record)
      if (!kind || !kinds.includes(kind)) continue
      const id = String(record.id)
      const seen = newest.get(id)
      // A detail holds more fields than a row: keep what both say, the newer winning.
      if (!seen || seen.at <= at)
        newest.set(id, { record: { ...seen?.record, ...record }, at, kind })
      else newest.set(id, { ...seen, record: { ...record, ...seen.record } })
    }
  }
  const found = new Map<GroupKind, SavedMatches>()
  for (const kind of kinds) found.set(kind, { records: [], total: 0, savedAt: 0 })
  for (const { record, at, kind } of newest.values()) {
    if (!matches(kind, record, criteria, widened.has(kind))) continue
    const group = found.get(kind)
    if (!group) continue
    group.records.push(record)
    group.total += 1
    group.savedAt = Math.max(group.savedAt, at)
  }
  for (const [kind, group] of found) group.records.sort(SORTS[kind])
  return found
}
