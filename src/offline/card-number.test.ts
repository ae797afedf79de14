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
  it('finds whole 13–19 digit runs only', () => {
    expect(cardNumbersIn('card 4242424242424242, rrn 123456789012')).toEqual(['4242424242424242'])
    // 20 digits is no card number, even if a 16-digit window of it would pass.
    expect(cardNumbersIn('42424242424242420000')).toEqual([])
    expect(cardNumbersIn('last four 4242')).toEqual([])
  })
})

describe('containsCardNumber', () => {
  it('looks into nested objects and arrays, and survives cycles', () => {
    const cyclic: Record<string, unknown> = { items: [{ pan: 'x4111111111111111y' }] }
    cyclic.self = cyclic
    expect(containsCardNumber(cyclic)).toBe(true)
    expect(containsCardNumber({ items: [{ panLastFour: '1111', amount: 4111111111111111 }] })).toBe(
      false,
    )
  })
})
