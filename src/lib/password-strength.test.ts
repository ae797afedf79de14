import { describe, expect, it } from 'vitest'
import { loadStrengthEstimator } from '@/lib/password-strength'

describe('loadStrengthEstimator', () => {
  it('scores with zxcvbn, loaded once', async () => {
    const estimate = await loadStrengthEstimator()
    expect(await loadStrengthEstimator()).toBe(estimate)
    expect(estimate('password')).toBeLessThanOrEqual(1)
    expect(estimate('Velvet-Otter-Juggles-Nine-Lamps')).toBeGreaterThanOrEqual(3)
    // Prohibited words are in the dictionary, so they add no strength.
    expect(estimate('optimus')).toBeLessThanOrEqual(1)
  })
})
