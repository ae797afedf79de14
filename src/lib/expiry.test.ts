import { describe, expect, it } from 'vitest'
import { EXPIRY_MESSAGES, parseExpiry } from '@/lib/expiry'

// A Tuesday in winter (UK time = UTC) and one in summer (UK time = UTC+1).
const WINTER = new Date('2026-11-24T10:00:00Z')
const SUMMER = new Date('2026-07-14T10:00:00Z')

function at(text: string | null, now = WINTER): string {
  const result = parseExpiry(text, now)
  if (!result.ok) throw new Error(result.message)
  return result.expiresAt.toISOString()
}

describe('parseExpiry', () => {
  it('defaults to 14 days when empty', () => {
    expect(at(null)).toBe('2026-12-08T10:00:00.000Z')
    expect(at('  ')).toBe('2026-12-08T10:00:00.000Z')
  })

  it('reads durations, days and times', () => {
    expect(at('14 days')).toBe('2026-12-08T10:00:00.000Z')
    expect(at('in 2 hours')).toBe('2026-11-24T12:00:00.000Z')
    expect(at('tomorrow 6pm')).toBe('2026-11-25T18:00:00.000Z')
    expect(new Date(at('next Friday')).getUTCDay()).toBe(5)
  })

  it('reads clock times as UK local time', () => {
    expect(at('tomorrow 6pm', SUMMER)).toBe('2026-07-15T17:00:00.000Z')
  })

  it('refuses text it cannot read, text with extra words, the past and beyond a year', () => {
    expect(parseExpiry('banana', WINTER)).toEqual({ ok: false, message: EXPIRY_MESSAGES.unparsed })
    expect(parseExpiry('banana 14 days', WINTER)).toEqual({
      ok: false,
      message: EXPIRY_MESSAGES.unparsed,
    })
    expect(parseExpiry('yesterday', WINTER)).toEqual({ ok: false, message: EXPIRY_MESSAGES.past })
    expect(parseExpiry('400 days', WINTER)).toEqual({ ok: false, message: EXPIRY_MESSAGES.tooFar })
  })
})
