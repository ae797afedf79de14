import { describe, expect, it } from 'vitest'
import { loadStrengthEstimator } from '@/lib/password-strength'

// Loading the zxcvbn dictionaries takes seconds on a busy two-core machine.
describe('loadStrengthEstimator', { timeout: 30_000 }, () => {
  it('scores with zxcvbn, loaded once', async () => {
    const estimate = await loadStrengthEstimator()
    expect(await loadStrengthEstimator()).toBe(estimate)
    expect(estimate('password')).toBeLessThanOrEqual(1)
    expect(estimate('Velvet-Otter-Juggles-Nine-Lamps')).toBeGreaterThanOrEqual(3)
    // Prohibited words are in the dictionary, so they add no strength.
    expect(estimate('optimus')).toBeLessThanOrEqual(1)
  })
})
