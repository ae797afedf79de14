import { describe, expect, it } from 'vitest'
import { proofAge } from './proof-age'

const NOW = new Date(2026, 11, 7, 15, 30).getTime()
const at = (...parts: [number, number, number, number, number]) => new Date(...parts).toISOString()

describe('proofAge', () => {
  it('says today with the minutes or hours for a payment of today', () => {
    expect(proofAge(at(2026, 11, 7, 15, 30), NOW)).toBe('today, just now')
    expect(proofAge(at(2026, 11, 7, 15, 26), NOW)).toBe('today, 4 min ago')
    expect(proofAge(at(2026, 11, 7, 0, 5), NOW)).toBe('today, 15 h ago')
  })

  it('counts calendar days, then months and years, for older payments', () => {
    expect(proofAge(at(2026, 11, 6, 23, 59), NOW)).toBe('yesterday')
    expect(proofAge(at(2026, 11, 1, 16, 0), NOW)).toBe('6 days ago')
    expect(proofAge(at(2026, 7, 1, 12, 0), NOW)).toBe('4 months ago')
    expect(proofAge(at(2023, 11, 1, 12, 0), NOW)).toBe('3 years ago')
  })

  it('reads a phone clock a few minutes behind the signer as just now, and says so beyond that', () => {
    expect(proofAge(at(2026, 11, 7, 15, 39), NOW)).toBe('today, just now')
    expect(proofAge(at(2026, 11, 7, 15, 42), NOW)).toBe('in the future')
    expect(proofAge(at(2026, 11, 7, 16, 30), NOW)).toBe('in the future')
  })
})
