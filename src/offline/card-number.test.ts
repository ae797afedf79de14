import { randomBytes } from 'node:crypto'
import { describe, expect, it } from 'vitest'
import { cardNumbersIn, containsCardNumber, isLuhnValid } from '@/offline/card-number'

describe('isLuhnValid', () => {
  it('accepts test card numbers and rejects one digit off', () => {
    expect(isLuhnValid('4242424242424242')).toBe(true)
    expect(isLuhnValid('378282246310005')).toBe(true)
    expect(isLuhnValid('4242424242424241')).toBe(false)
  })
})

describe('cardNumbersIn', () => {
  it('finds whole 13–19 digit numbers only', () => {
    expect(cardNumbersIn('card 4242424242424242, rrn 123456789012')).toEqual(['4242424242424242'])
    // 20 digits is no card number, even if a 16-digit window of it would pass.
    expect(cardNumbersIn('42424242424242420000')).toEqual([])
    expect(cardNumbersIn('last four 4242')).toEqual([])
  })

  it('finds numbers written in groups, as people type them', () => {
    expect(cardNumbersIn('my card is 4242 4242 4242 4242 thanks')).toEqual(['4242424242424242'])
    expect(cardNumbersIn('Amex: 3782-822463-10005.')).toEqual(['378282246310005'])
    expect(cardNumbersIn('"4111111111111111"')).toEqual(['4111111111111111'])
    // A group more makes 20 digits: no card, and no 16-digit part of it either.
    expect(cardNumbersIn('4242 4242 4242 4242 0000')).toEqual([])
    expect(cardNumbersIn('0000 4242 4242 4242 4242')).toEqual([])
  })

  it('never reads digits inside an identifier or a hex token as a card', () => {
    expect(cardNumbersIn('sale_4111111111111111')).toEqual([])
    expect(cardNumbersIn('rcp_a04111111111111111')).toEqual([])
    expect(cardNumbersIn('x4111111111111111y')).toEqual([])
    let found = 0
    for (let i = 0; i < 20_000; i++) {
      found += cardNumbersIn(`sale_${randomBytes(10).toString('hex')}`).length
    }
    expect(found).toBe(0)
  })
})

describe('containsCardNumber', () => {
  it('looks into nested objects and arrays, and survives cycles', () => {
    const cyclic: Record<string, unknown> = { items: [{ note: 'pan 4111 1111 1111 1111' }] }
    cyclic.self = cyclic
    expect(containsCardNumber(cyclic)).toBe(true)
    expect(containsCardNumber({ items: [{ panLastFour: '1111', amount: 4111111111111111 }] })).toBe(
      false,
    )
  })
})
