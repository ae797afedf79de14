import { describe, expect, it } from 'vitest'
import { assessNewPassword, NEW_PASSWORD_MESSAGES, strengthLabel } from '@/lib/password-rules'

const assess = (password: string, extra: Partial<Parameters<typeof assessNewPassword>[0]> = {}) =>
  assessNewPassword({ password, confirmation: password, estimatedScore: 4, ...extra })

describe('assessNewPassword', () => {
  it('labels scores as documented', () => {
    expect([0, 1, 2, 3, 4, 5, -1].map(strengthLabel)).toEqual([
      'Empty',
      'Weak',
      'Fair',
      'Good',
      'Strong',
      'Empty',
      'Empty',
    ])
  })

  it('enables the action only above score 2', () => {
    expect(assess('Velvet-Otter-Juggles', { estimatedScore: 2 }).strongEnough).toBe(false)
    expect(assess('Velvet-Otter-Juggles', { estimatedScore: 3 })).toMatchObject({
      strongEnough: true,
      valid: true,
      label: 'Good',
    })
  })

  it('forces score 0 for a prohibited word, whatever its case', () => {
    const result = assess('Long-FLEETPAY-phrase-here')
    expect(result.score).toBe(0)
    expect(result.warnings).toEqual([NEW_PASSWORD_MESSAGES.prohibited])
    expect(result.strongEnough).toBe(false)
  })

  it('warns about short passwords', () => {
    expect(assess('Ab1!').warnings).toEqual([NEW_PASSWORD_MESSAGES.tooShort])
    expect(assess('').warnings).toEqual([])
    expect(assess('').label).toBe('Empty')
  })

  it('refuses the email and a mismatching confirmation', () => {
    const sameAsEmail = assess(' Owner@Example.com', { emailAddress: 'owner@example.com' })
    expect(sameAsEmail.passwordError).toBe(NEW_PASSWORD_MESSAGES.sameAsEmail)
    expect(sameAsEmail.valid).toBe(false)
    const mismatch = assess('Velvet-Otter-Juggles', { confirmation: 'Velvet-Otter' })
    expect(mismatch.confirmationError).toBe("Oops, your passwords don't match.")
    expect(mismatch.valid).toBe(false)
  })

  it('gives a field message for a 10,000-character password', () => {
    const result = assess('x'.repeat(10_000))
    expect(result.passwordError).toBe('Password must be at most 256 characters')
    expect(result.valid).toBe(false)
  })

  it('treats a still-loading estimator as score 0', () => {
    expect(assess('Velvet-Otter-Juggles', { estimatedScore: null }).score).toBe(0)
  })
})
