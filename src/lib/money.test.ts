import { describe, expect, it } from 'vitest'
import { formatMoney, minorToDecimalString, parseMoney } from '@/lib/money'

describe('formatMoney', () => {
  it('formats minor units as pounds by default', () => {
    expect(formatMoney(123456)).toBe('£1,234.56')
    expect(formatMoney(5)).toBe('£0.05')
    expect(formatMoney(0)).toBe('£0.00')
    expect(formatMoney(-1999)).toBe('-£19.99')
  })

  it('uses the currency and its minor unit', () => {
    expect(formatMoney(1050, 'EUR')).toBe('€10.50')
    expect(formatMoney(1050, 'JPY')).toBe('JP¥1,050')
  })

  it('stays exact for large amounts', () => {
    expect(formatMoney(900719925474099)).toBe('£9,007,199,254,740.99')
  })

  it('rejects non-integers', () => {
    expect(() => formatMoney(10.5)).toThrow(RangeError)
  })
})

describe('minorToDecimalString', () => {
  it('pads small amounts', () => {
    expect(minorToDecimalString(7)).toBe('0.07')
    expect(minorToDecimalString(-70)).toBe('-0.70')
  })
})

describe('parseMoney', () => {
  it.each([
    ['12', 1200],
    ['12.5', 1250],
    ['12.50', 1250],
    ['0.07', 7],
    [' £1,234.56 ', 123456],
    ['£ 3', 300],
    ['1234567.89', 123456789],
  ])('parses %j as %i', (input, minor) => {
    expect(parseMoney(input)).toBe(minor)
  })

  it('avoids float rounding', () => {
    expect(parseMoney('19.99')).toBe(1999)
    expect(parseMoney('1.10')).toBe(110)
  })

  it.each(['', 'abc', '12.345', '1.2.3', '-5', '1,23.00', '12,', '£', '1e3', '0x10', '12.', '.'])(
    'rejects %j',
    (input) => {
      expect(parseMoney(input)).toBeNull()
    },
  )

  it('respects currencies without minor units', () => {
    expect(parseMoney('500', 'JPY')).toBe(500)
    expect(parseMoney('500.5', 'JPY')).toBeNull()
  })
})
