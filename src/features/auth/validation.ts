import { PASSWORD_MAX_LENGTH, PASSWORD_MIN_LENGTH } from '@/lib/password-rules'

// §5 field messages of the public forms.
export const FIELD_MESSAGES = {
  emailRequired: 'Email is required',
  emailInvalid: 'Enter a valid email address',
  passwordRequired: 'Password is required',
  passwordTooShort: `Password must be at least ${PASSWORD_MIN_LENGTH} characters`,
  passwordTooLong: `Password must be at most ${PASSWORD_MAX_LENGTH} characters`,
  codeRequired: 'Code is required',
  nameTooLong: 'Must be at most 100 characters',
} as const

export const NAME_MAX_LENGTH = 100
const EMAIL_MAX_LENGTH = 254

export function emailError(value: string): string | null {
  const email = value.trim()
  if (!email) return FIELD_MESSAGES.emailRequired
  if (email.length > EMAIL_MAX_LENGTH || !/^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(email)) {
    return FIELD_MESSAGES.emailInvalid
  }
  return null
}

export function passwordError(value: string, minLength = 1): string | null {
  if (!value) return FIELD_MESSAGES.passwordRequired
  if (value.length < minLength) return FIELD_MESSAGES.passwordTooShort
  if (value.length > PASSWORD_MAX_LENGTH) return FIELD_MESSAGES.passwordTooLong
  return null
}

type Errors<K extends string> = Partial<Record<K, string>>

// Drops the empty entries so `Object.keys(errors).length` says whether the form is valid.
export function collectErrors<K extends string>(entries: Record<K, string | null>): Errors<K> {
  const out: Errors<K> = {}
  for (const key of Object.keys(entries) as K[]) {
    const message = entries[key]
    if (message) out[key] = message
  }
  return out
}

// The first message per field of a 400 with errors (§8 "stores the field errors").
export function firstFieldErrors(fieldErrors: Record<string, string[]>): Record<string, string> {
  const out: Record<string, string> = {}
  for (const [field, messages] of Object.entries(fieldErrors)) {
    if (messages[0]) out[field] = messages[0]
  }
  return out
}
