import { describe, expect, it } from 'vitest'
import { idempotencyKey, randomId } from '@/lib/ids'

describe('randomId', () => {
  it('has the requested length and alphabet', () => {
    expect(randomId()).toMatch(/^[0-9a-z]{20}$/)
    expect(randomId(32)).toMatch(/^[0-9a-z]{32}$/)
  })

  it('does not repeat', () => {
    const ids = new Set(Array.from({ length: 1000 }, () => randomId()))
    expect(ids.size).toBe(1000)
  })
})

describe('idempotencyKey', () => {
  it('appends the row counter to the batch id', () => {
    const batch = randomId()
    expect(idempotencyKey(batch, 0)).toBe(`${batch}-0`)
    expect(idempotencyKey(batch, 12)).toBe(`${batch}-12`)
    expect(idempotencyKey(batch, 1)).not.toBe(idempotencyKey(batch, 2))
  })

  it('rejects bad counters', () => {
    expect(() => idempotencyKey('x', -1)).toThrow(RangeError)
    expect(() => idempotencyKey('x', 1.5)).toThrow(RangeError)
  })
})
