import { INTENT_STATUSES } from '@/api/schema/intent-values'
import { PAYOUT_STATUSES } from '@/api/schema/payout-values'
import { formatMoney, parseMoney } from '@/lib/money'
import { prettify } from '@/lib/prettify'
import { readDates, type DayRange } from '@/features/search/date-words'

// The one-box query as a driver types it (docs/screens.md#search): each token read as one kind of
// part, shown back as removable parts. Dates are London calendar days.

export const SEARCH_ID_PREFIXES = {
  sale: 'sale_',
  link: 'int_',
  payout: 'pay_',
  terminal: 'trm_',
  endpoint: 'whe_',
} as const
export type SearchIdKind = keyof typeof SEARCH_ID_PREFIXES

export const SEARCH_STATUSES = [...new Set([...INTENT_STATUSES, ...PAYOUT_STATUSES])]
export const MAX_QUERY_LENGTH = 200
const MAX_TEXT_LENGTH = 100
const MAX_AMOUNT_MINOR = 99_999_999

export interface SearchCriteria {
  last4?: string
  // Minor units; `wholePounds` when typed without pence ('23'), which may widen to 23.00–23.99.
  amount?: { minor: number; wholePounds: boolean }
  rrn?: string
  authCode?: string
  id?: { kind: SearchIdKind; id: string }
  dates?: DayRange
  status?: string
  text?: string
}

export type PartKey = keyof SearchCriteria | 'problem'

export interface QueryPart {
  key: PartKey
  label: string
  // The exact pieces of the query this part was read from (removing the part removes them).
  sources: string[]
}

export interface QueryReading {
  criteria: SearchCriteria
  parts: QueryPart[]
  // Parts that could not be read ('amount:' with no value, an unknown field).
  problems: string[]
}

const FIELD_ALIASES: Record<string, keyof SearchCriteria> = {
  last4: 'last4',
  card: 'last4',
  amount: 'amount',
  rrn: 'rrn',
  auth: 'authCode',
  authcode: 'authCode',
  id: 'id',
  status: 'status',
  ref: 'text',
  reference: 'text',
  text: 'text',
  date: 'dates',
}

// Words a driver says around the facts ('card ending 4242 about £23'); they narrow nothing.
const FILLER = new Set(['card', 'ending', 'ends', 'in', 'about', 'around', 'approx', 'for', 'of'])
function readAmount(raw: string): SearchCriteria['amount'] | null {
  const text = raw.replace(/^£/, '')
  if (!/^\d{1,6}(\.\d{1,2})?$/.test(text)) return null
  const minor = parseMoney(text)
  return minor === null || minor > MAX_AMOUNT_MINOR
    ? null
    : { minor, wholePounds: !text.includes('.') }
}

function readId(raw: string): SearchCriteria['id'] | null {
  for (const [kind, prefix] of Object.entries(SEARCH_ID_PREFIXES) as [SearchIdKind, string][]) {
    if (raw.startsWith(prefix) && /^[A-Za-z0-9]{1,64}$/.test(raw.slice(prefix.length))) {
      return { kind, id: raw }
    }
  }
  return null
}

// A bare token: the first kind its shape fits (4 digits before amount, 6 characters before text).
function readToken(raw: string): Partial<SearchCriteria> | null {
  if (/^\d{4}$/.test(raw)) return { last4: raw }
  if (/^\d{12}$/.test(raw)) return { rrn: raw }
  if (/^[A-Za-z0-9]{6}$/.test(raw) && /\d/.test(raw) && !/^\d{1,5}$/.test(raw)) {
    return { authCode: raw.toUpperCase() }
  }
  const id = readId(raw)
  if (id) return { id }
  if (/^£?\d/.test(raw) && !/^\d{7,}$/.test(raw)) {
    const amount = readAmount(raw)
    if (amount) return { amount }
  }
  return null
}

function readField(key: keyof SearchCriteria, value: string, now: Date): Partial<SearchCriteria> {
  switch (key) {
    case 'last4':
      return /^\d{4}$/.test(value) ? { last4: value } : {}
    case 'amount': {
      const amount = readAmount(value)
      return amount ? { amount } : {}
    }
    case 'rrn':
      return /^\d{12}$/.test(value) ? { rrn: value } : {}
    case 'authCode':
      return /^[A-Za-z0-9]{6}$/.test(value) ? { authCode: value.toUpperCase() } : {}
    case 'id': {
      const id = readId(value)
      return id ? { id } : {}
    }
    case 'status': {
      const status = value.toLowerCase()
      return SEARCH_STATUSES.includes(status as never) ? { status } : {}
    }
    case 'dates': {
      const found = readDates(value.replace(/_/g, ' '), now)
      return found.dates && found.rest.trim() === '' ? { dates: found.dates } : {}
    }
    case 'text':
      return value.length <= MAX_TEXT_LENGTH ? { text: value } : {}
  }
}

const FIELD_PROBLEMS: Partial<Record<keyof SearchCriteria, string>> = {
  last4: 'exactly 4 digits',
  amount: 'an amount in pounds, such as 23.50',
  rrn: 'exactly 12 digits',
  authCode: '6 letters and digits',
  id: 'an id such as sale_…',
  status: `one of ${SEARCH_STATUSES.join(', ')}`,
  dates: 'a day such as yesterday or 3 Nov',
  text: `at most ${MAX_TEXT_LENGTH} characters`,
}

const dayLabel = (day: string) =>
  new Date(`${day}T12:00:00Z`).toLocaleDateString('en-GB', {
    day: 'numeric',
    month: 'short',
    timeZone: 'UTC',
  })

// How a part reads back: 'Card ending 4242', '£23.00', 'last Tuesday'.
function partLabel(key: keyof SearchCriteria, criteria: SearchCriteria, words: string): string {
  switch (key) {
    case 'last4':
      return `Card ending ${criteria.last4}`
    case 'amount':
      return formatMoney(criteria.amount?.minor ?? 0)
    case 'rrn':
      return `RRN ${criteria.rrn}`
    case 'authCode':
      return `Auth code ${criteria.authCode}`
    case 'id':
      return criteria.id?.id ?? ''
    case 'status':
      return `Status: ${prettify(criteria.status ?? '')}`
    case 'dates': {
      const { start = '', end = '' } = criteria.dates ?? {}
      const days = start === end ? dayLabel(start) : `${dayLabel(start)} – ${dayLabel(end)}`
      return /^[\d/-]+$/.test(words) || /\d/.test(words) ? days : words
    }
    case 'text':
      return `“${criteria.text}”`
  }
}

/** Reads the whole query; never throws. `now` fixes 'today' (London). */
export function readQuery(input: string, now: Date = new Date()): QueryReading {
  const criteria: SearchCriteria = {}
  const parts: QueryPart[] = []
  const problems: string[] = []
  const textWords: string[] = []
  const textSources: string[] = []
  const add = (found: Partial<SearchCriteria>, source: string) => {
    const key = Object.keys(found)[0] as keyof SearchCriteria | undefined
    if (!key || criteria[key] !== undefined) return false
    Object.assign(criteria, found)
    parts.push({ key, label: partLabel(key, criteria, source), sources: [source] })
    return true
  }
  // NUL and other control characters are never part of anything a person types.
  let rest = input.slice(0, MAX_QUERY_LENGTH).replace(/[\p{Cc}]/gu, ' ')
  rest = rest.replace(/"([^"]{1,100})"/g, (whole, quoted: string) => {
    textWords.push(quoted.trim())
    textSources.push(whole)
    return ' '
  })
  rest = rest.replace(/(?<![^\s])([A-Za-z][A-Za-z0-9]*):(\S*)/g, (whole, name: string, value) => {
    const key = FIELD_ALIASES[name.toLowerCase()]
    if (!key) return whole
    const found = value ? readField(key, value, now) : {}
    if (key === 'text' && 'text' in found) {
      textWords.push(String(found.text))
      textSources.push(whole)
    } else if (!add(found, whole)) {
      const problem = value ? `${name}: needs ${FIELD_PROBLEMS[key]}` : `${name}: needs a value`
      problems.push(problem)
      parts.push({ key: 'problem', label: problem, sources: [whole] })
    }
    return ' '
  })
  // Six letters and digits typed as one word are an auth code, even when they read as a date
  // ('7DEC59'): a person writes a date with spaces ('7 Dec').
  rest = rest.replace(/(?<![^\s])([A-Za-z0-9]{6})(?![^\s])/g, (whole: string) => {
    const found = readToken(whole)
    return found?.authCode !== undefined && add(found, whole) ? ' ' : whole
  })
  const dateFind = readDates(rest, now)
  if (dateFind.dates && dateFind.source) {
    add({ dates: dateFind.dates }, dateFind.source)
    rest = dateFind.rest
  }
  for (const word of rest.split(/\s+/).filter(Boolean)) {
    const found = readToken(word)
    if (found && add(found, word)) continue
    if (FILLER.has(word.toLowerCase())) continue
    textWords.push(word)
    textSources.push(word)
  }
  const text = textWords.join(' ').slice(0, MAX_TEXT_LENGTH).trim()
  if (text) {
    criteria.text = text
    parts.push({ key: 'text', label: partLabel('text', criteria, text), sources: textSources })
  }
  // Read back in the order typed.
  const at = (part: QueryPart) => input.indexOf(part.sources[0] ?? '')
  return { criteria, parts: parts.sort((a, b) => at(a) - at(b)), problems }
}

/** The query without one part's words (each part of the reading is removable). */
export function withoutPart(input: string, part: QueryPart): string {
  let next = input
  for (const source of part.sources) next = next.replace(source, ' ')
  return next.replace(/\s+/g, ' ').trim()
}

/** 'Card ending 4242 · £23.00 · last Tuesday'. */
export function readingSummary(reading: QueryReading): string {
  return reading.parts.map((part) => part.label).join(' · ')
}
