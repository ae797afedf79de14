import type { ApiError } from '@/api/errors'
import { firstFieldMessages } from '@/lib/use-form'

// Texts of the profile page (docs/validation.md#profile, docs/errors.md#profile-and-accounts), exactly as written.
export const PROFILE_MESSAGES = {
  invalidCode: 'Invalid code provided. Please double check your authenticator app.',
  passwordFailed: 'Error updating password',
  mfaDisabled: 'MFA Successfully disabled',
  disableFailed: 'Something went wrong. Please try again.',
  enrolFailed: (message: string) => `Error enrolling for MFA: ${message}`,
} as const

// docs/errors.md#password: these two server messages are shown as given.
export const PASSWORD_MESSAGES_SHOWN_AS_GIVEN = [
  'Password appears in list of compromised passwords',
  'Invalid format: Password contains words from prohibited list',
] as const

export interface PasswordFailure {
  title: string | null
  message: string
  details: string[]
}

// Password update (docs/errors.md#password): the two messages as given; else 'Error updating password', the server
// message and the first message of each item in errors.
export function passwordFailure(error: ApiError): PasswordFailure {
  if ((PASSWORD_MESSAGES_SHOWN_AS_GIVEN as readonly string[]).includes(error.message)) {
    return { title: null, message: error.message, details: [] }
  }
  return {
    title: PROFILE_MESSAGES.passwordFailed,
    message: error.message,
    details: firstFieldMessages(error),
  }
}
