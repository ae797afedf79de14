import { describe, expect, it } from 'vitest'
import { readQuery, readingSummary, withoutPart } from '@/features/search/query-reader'

// Sunday 22 November 2026, 10:00 in London.
const SUNDAY = new Date('2026-11-22T10:00:00Z')
const read = (query: string, now = SUNDAY) => readQuery(query, now)

describe('readQuery: one class at a time', () => {
  it('reads 4 digits as a card’s last four', () => {
    expect(read('4242').criteria).toEqual({ last4: '4242' })
    expect(readingSummary(read('4242'))).toBe('Card ending 4242')
  })

  it('reads amounts in pounds, with or without £ and pence', () => {
    expect(read('23').criteria).toEqual({ amount: { minor: 2300, wholePounds: true } })
    expect(read('23.50').criteria).toEqual({ amount: { minor: 2350, wholePounds: false } })
    expect(read('£23.5').criteria).toEqual({ amount: { minor: 2350, wholePounds: false } })
    expect(read('£2300').criteria).toEqual({ amount: { minor: 230000, wholePounds: true } })
    expect(readingSummary(read('£23.50'))).toBe('£23.50')
  })

  it('reads 12 digits as an RRN and 6 letters and digits as an auth code', () => {
    expect(read('123456789012').criteria).toEqual({ rrn: '123456789012' })
    expect(read('a1b2c3').criteria).toEqual({ authCode: 'A1B2C3' })
    expect(read('004711').criteria).toEqual({ authCode: '004711' })
    // One word of six is a code even where a date parser would see 7 Dec 1959.
    expect(read('7DEC59').criteria).toEqual({ authCode: '7DEC59' })
    expect(read('7 Dec').criteria.dates).toBeDefined()
    // Six letters are a word, not an auth code.
    expect(read('Barnet').criteria).toEqual({ text: 'Barnet' })
  })

  it('reads prefixed ids to open directly', () => {
    expect(read('sale_0a1b2c').criteria).toEqual({ id: { kind: 'sale', id: 'sale_0a1b2c' } })
    expect(read('int_ff00').criteria.id?.kind).toBe('link')
    expect(read('pay_12').criteria.id?.kind).toBe('payout')
    expect(read('trm_9').criteria.id?.kind).toBe('terminal')
    expect(read('whe_x1').criteria.id?.kind).toBe('endpoint')
  })

  it('reads anything else as text', () => {
    expect(read('Jane Smith').criteria).toEqual({ text: 'Jane Smith' })
    expect(read('PO261124ABC123').criteria).toEqual({ text: 'PO261124ABC123' })
    expect(read('JOB123456').criteria).toEqual({ text: 'JOB123456' })
    expect(read('"May Smith"').criteria).toEqual({ text: 'May Smith' })
  })
})

describe('readQuery: date words (en-GB, London days)', () => {
  const days = (query: string, now = SUNDAY) => read(query, now).criteria.dates
  it('today, yesterday, a weekday, last week on a Sunday', () => {
    expect(days('today')).toEqual({ start: '2026-11-22', end: '2026-11-22' })
    expect(days('yesterday')).toEqual({ start: '2026-11-21', end: '2026-11-21' })
    expect(days('last Tuesday')).toEqual({ start: '2026-11-17', end: '2026-11-17' })
    // A bare weekday is the last one, never one to come.
    expect(days('tuesday')).toEqual({ start: '2026-11-17', end: '2026-11-17' })
    // Weeks run Monday to Sunday: on a Sunday, last week ended a week ago.
    expect(days('last week')).toEqual({ start: '2026-11-09', end: '2026-11-15' })
    expect(days('this week')).toEqual({ start: '2026-11-16', end: '2026-11-22' })
  })

  it('day-first dates, ranges and months; a day still to come is last year’s', () => {
    expect(days('3 Nov')).toEqual({ start: '2026-11-03', end: '2026-11-03' })
    expect(days('3/11')).toEqual({ start: '2026-11-03', end: '2026-11-03' })
    expect(days('1 Nov to 5 Nov')).toEqual({ start: '2026-11-01', end: '2026-11-05' })
    expect(days('25 Dec')).toEqual({ start: '2025-12-25', end: '2025-12-25' })
    expect(days('since monday')).toEqual({ start: '2026-11-16', end: '2026-11-22' })
  })

  it('counts London days across the clock changes', () => {
    // 23:30 UTC on 24 Oct is 00:30 BST on 25 Oct, the night the clocks go back.
    const autumn = new Date('2026-10-24T23:30:00Z')
    expect(days('today', autumn)).toEqual({ start: '2026-10-25', end: '2026-10-25' })
    expect(days('yesterday', autumn)).toEqual({ start: '2026-10-24', end: '2026-10-24' })
    // 00:30 UTC on 29 Mar is 01:30 BST, just after the clocks went forward.
    const spring = new Date('2026-03-29T00:30:00Z')
    expect(days('today', spring)).toEqual({ start: '2026-03-29', end: '2026-03-29' })
    expect(days('yesterday', spring)).toEqual({ start: '2026-03-28', end: '2026-03-28' })
    // In winter London is UTC: 23:30 UTC is still the same day.
    expect(days('today', new Date('2026-12-01T23:30:00Z'))).toEqual({
      start: '2026-12-01',
      end: '2026-12-01',
    })
  })
})

describe('readQuery: mixes and fields', () => {
  it('reads the call-centre query the way it was said', () => {
    const reading = read('card ending 4242 about £23 last Tuesday')
    expect(reading.criteria).toEqual({
      last4: '4242',
      amount: { minor: 2300, wholePounds: true },
      dates: { start: '2026-11-17', end: '2026-11-17' },
    })
    expect(readingSummary(reading)).toBe('Card ending 4242 · £23.00 · last Tuesday')
  })

  it('keeps numbers beside date words out of the date', () => {
    expect(read('4242 23 last Tuesday').criteria.amount?.minor).toBe(2300)
    const mixed = read('23.50 3 nov')
    expect(mixed.criteria.amount?.minor).toBe(2350)
    expect(mixed.criteria.dates).toEqual({ start: '2026-11-03', end: '2026-11-03' })
  })

  it('reads field:value, and says which field needs a value', () => {
    expect(read('last4:4242 amount:23.50 status:succeeded').criteria).toEqual({
      last4: '4242',
      amount: { minor: 2350, wholePounds: false },
      status: 'succeeded',
    })
    expect(read('rrn:123456789012 auth:ab12cd').criteria).toEqual({
      rrn: '123456789012',
      authCode: 'AB12CD',
    })
    expect(read('ref:JOB000123 date:yesterday').criteria).toEqual({
      text: 'JOB000123',
      dates: { start: '2026-11-21', end: '2026-11-21' },
    })
    expect(read('amount:').problems).toEqual(['amount: needs a value'])
    expect(read('last4:12').problems).toEqual(['last4: needs exactly 4 digits'])
    expect(read('status:lost').problems[0]).toMatch(/^status: needs one of/)
  })

  it('turns hostile input into plain text, never throwing', () => {
    expect(read('x\u0000y').criteria).toEqual({ text: 'x y' })
    expect(read('😀').criteria).toEqual({ text: '😀' })
    expect(read('a'.repeat(10_000)).criteria.text).toHaveLength(100)
    expect(read('   ').parts).toEqual([])
  })

  it('removes one part and keeps the rest', () => {
    const query = 'card ending 4242 about £23 last Tuesday'
    const reading = read(query)
    const amount = reading.parts.find((part) => part.key === 'amount')
    expect(amount && withoutPart(query, amount)).toBe('card ending 4242 about last Tuesday')
    const date = reading.parts.find((part) => part.key === 'dates')
    expect(date && read(withoutPart(query, date)).criteria.dates).toBeUndefined()
  })
})
