import { formatDateTime } from '@/lib/dates'
import { formatMoney } from '@/lib/money'
import { prettify } from '@/lib/prettify'
import type { GroupKind } from '@/features/search/groups'
import { SEARCH_ID_PREFIXES, type SearchIdKind } from '@/features/search/query-reader'

// One result as the box shows it: what it is, the facts that tell it apart, and its page.

export interface SearchHit {
  id: string
  href: string
  title: string
  facts: string[]
}

export type SearchRecord = Record<string, unknown>

const enc = encodeURIComponent
const text = (value: unknown) => (typeof value === 'string' && value ? value : null)
const money = (record: SearchRecord) =>
  typeof record.amount === 'number'
    ? formatMoney(record.amount, text(record.currency) ?? undefined)
    : null
const when = (value: unknown) => (text(value) ? formatDateTime(String(value)) : null)
const present = (facts: (string | null)[]) => facts.filter((fact): fact is string => !!fact)

export const DETAIL_PATHS: Record<SearchIdKind, (id: string) => string> = {
  sale: (id) => `/transactions/sales/${enc(id)}`,
  link: (id) => `/payment-links/${enc(id)}`,
  payout: (id) => `/payouts/${enc(id)}`,
  terminal: (id) => `/terminals/${enc(id)}`,
  endpoint: (id) => `/developer/endpoints/${enc(id)}/notifications`,
}

export const KIND_OF_GROUP: Record<GroupKind, SearchIdKind> = {
  sales: 'sale',
  links: 'link',
  payouts: 'payout',
  terminals: 'terminal',
}

/** The group a record belongs to, by its id's prefix (the offline cache holds them mixed). */
export function groupOfRecord(record: SearchRecord): GroupKind | null {
  const id = text(record.id)
  if (!id) return null
  for (const [group, kind] of Object.entries(KIND_OF_GROUP) as [GroupKind, SearchIdKind][]) {
    if (id.startsWith(SEARCH_ID_PREFIXES[kind])) return group
  }
  return null
}

function describe(kind: GroupKind, record: SearchRecord): { title: string; facts: string[] } {
  switch (kind) {
    case 'sales': {
      const card = present([
        text(record.cardScheme) && prettify(String(record.cardScheme)),
        text(record.panLastFour) && `•••• ${String(record.panLastFour)}`,
      ]).join(' ')
      return {
        title: money(record) ?? 'Sale',
        facts: present([
          when(record.capturedAt),
          card || null,
          text(record.method) && prettify(String(record.method)),
        ]),
      }
    }
    case 'links':
      return {
        title: text(record.reference) ?? text(record.customerName) ?? 'Payment link',
        facts: present([
          money(record),
          text(record.status) && prettify(String(record.status)),
          text(record.reference) ? text(record.customerName) : null,
          when(record.createdAt),
        ]),
      }
    case 'payouts':
      return {
        title: text(record.paymentReference) ?? 'Payout',
        facts: present([
          money(record),
          text(record.status) && prettify(String(record.status)),
          when(record.createdAt),
        ]),
      }
    case 'terminals':
      return {
        title: text(record.name) ?? text(record.serialNumber) ?? 'Terminal',
        facts: present([
          text(record.serialNumber),
          text(record.customReference),
          text(record.model) && prettify(String(record.model)),
        ]),
      }
  }
}

export function toHit(kind: GroupKind, record: SearchRecord): SearchHit {
  const id = String(record.id)
  return { id, href: DETAIL_PATHS[KIND_OF_GROUP[kind]](id), ...describe(kind, record) }
}

const ID_NOUNS: Record<SearchIdKind, string> = {
  sale: 'sale',
  link: 'payment link',
  payout: 'payout',
  terminal: 'terminal',
  endpoint: 'webhook endpoint',
}

/** An id typed whole: the one result opens it directly. */
export function idHit(kind: SearchIdKind, id: string): SearchHit {
  return { id, href: DETAIL_PATHS[kind](id), title: `Open ${ID_NOUNS[kind]} ${id}`, facts: [] }
}
