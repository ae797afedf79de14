import { badRequest } from '../errors'
import { isCompromisedPassword } from './compromised'

export const PASSWORD_MIN_LENGTH = 8

// SPEC §5: {product} stands for the product's own name, then the operator/industry words.
export const PRODUCT_NAME = 'fleetpay'
export const PROHIBITED_WORDS = [
  PRODUCT_NAME,
  'ccs',
  'taxi',
  'driver',
  'fleet',
  'merchant',
  'gateway',
  'optimus',
]

export const MESSAGES = {
  compromised: 'Password appears in list of compromised passwords',
  prohibited: 'Invalid format: Password contains words from prohibited list',
  tooShort: 'Password should be at least 8 characters long',
  sameAsEmail: 'Cannot use your email address as a password.',
} as const

export function containsProhibitedWord(password: string): boolean {
  const normalised = password.toLowerCase()
  return PROHIBITED_WORDS.some((word) => normalised.includes(word))
}

// Rules for setting a password (change, reset, set, register); throws the §8 message on a breach.
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
