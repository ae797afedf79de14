import { badRequest } from '../errors'
import {
  containsProhibitedWord,
  NEW_PASSWORD_MESSAGES,
  PASSWORD_MIN_LENGTH,
  PROHIBITED_WORDS,
} from '@/lib/password-rules'
import { isCompromisedPassword } from './compromised'

// One list and one length rule for the portal's forms and the server (src/lib/password-rules.ts).
export { PASSWORD_MIN_LENGTH, PROHIBITED_WORDS, containsProhibitedWord }

export const MESSAGES = {
  compromised: 'Password appears in list of compromised passwords',
  prohibited: 'Invalid format: Password contains words from prohibited list',
  tooShort: NEW_PASSWORD_MESSAGES.tooShort,
  sameAsEmail: NEW_PASSWORD_MESSAGES.sameAsEmail,
} as const

// Rules for setting a password (change, reset, set, register); throws the message (docs/errors.md#password) on a breach.
export function assertNewPasswordAllowed(password: string, emailAddress: string): void {
  if (password.length < PASSWORD_MIN_LENGTH) {
    throw badRequest(MESSAGES.tooShort, [{ field: 'password', messages: [MESSAGES.tooShort] }])
  }
  if (password.trim().toLowerCase() === emailAddress.trim().toLowerCase()) {
    throw badRequest(MESSAGES.sameAsEmail, [
      { field: 'password', messages: [MESSAGES.sameAsEmail] },
    ])
  }
  if (containsProhibitedWord(password)) {
    throw badRequest(MESSAGES.prohibited, undefined, 'password_prohibited_word')
  }
  if (isCompromisedPassword(password)) {
    throw badRequest(MESSAGES.compromised, undefined, 'password_compromised')
  }
}
