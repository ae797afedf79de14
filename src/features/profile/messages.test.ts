import { describe, expect, it } from 'vitest'
import { ApiError } from '@/api/errors'
import { MfaConfirmationPayload, MfaDisablePayload } from '@/api/schema/users'
import { passwordFailure } from '@/features/profile/messages'

// The MFA dialogs check their codes with these API schemas (through useForm).
const isEnrolmentCode = (token: string) => MfaConfirmationPayload.allows({ type: 'totp', token })
const isDisableCode = (mfaToken: string) => MfaDisablePayload.allows({ mfaToken })

const error = (message: string, fieldErrors: Record<string, string[]> = {}) =>
  new ApiError({ status: 400, code: 'x', message, fieldErrors })

describe('passwordFailure', () => {
  it('shows the compromised and prohibited messages as given', () => {
    for (const message of [
      'Password appears in list of compromised passwords',
      'Invalid format: Password contains words from prohibited list',
    ]) {
      expect(passwordFailure(error(message))).toEqual({ title: null, message, details: [] })
    }
  })

  it('prefixes anything else and adds the first message of each field error', () => {
    expect(
      passwordFailure(
        error('Invalid request', {
          newPassword: ['Password should be at least 8 characters long', 'second'],
          currentPassword: ['Required'],
        }),
      ),
    ).toEqual({
      title: 'Error updating password',
      message: 'Invalid request',
      details: ['Password should be at least 8 characters long', 'Required'],
    })
  })
})

describe('code shapes', () => {
  it('needs 6+ digits to confirm and 6 or 24 characters to disable', () => {
    expect(isEnrolmentCode('123456')).toBe(true)
    expect(isEnrolmentCode('12345')).toBe(false)
    expect(isEnrolmentCode('12345a')).toBe(false)
    expect(isDisableCode('abcdef')).toBe(true)
    expect(isDisableCode('A'.repeat(24))).toBe(true)
    expect(isDisableCode('1234567')).toBe(false)
  })
})
