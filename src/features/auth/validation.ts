import { PASSWORD_MAX_LENGTH, PASSWORD_MIN_LENGTH } from '@/config/limits'
import type { FieldMessages, FormRules } from '@/lib/form-check'

// Field messages of the public forms (docs/validation.md#sign-in-forms). The rules themselves are the API schemas
// (src/features/auth/form-schemas.ts); this module stays free of arktype for the /login bundle, and
// holds the rules of the login form and its code step (register's and forgot password's are with
// their schemas, in form-schemas.ts).
export const FIELD_MESSAGES = {
  emailRequired: 'Email is required',
  emailInvalid: 'Enter a valid email address',
  passwordRequired: 'Password is required',
  passwordTooShort: `Password must be at least ${PASSWORD_MIN_LENGTH} characters`,
  passwordTooLong: `Password must be at most ${PASSWORD_MAX_LENGTH} characters`,
  codeRequired: 'Code is required',
  nameTooLong: 'Must be at most 100 characters',
} as const

export const EMAIL_MESSAGES: FieldMessages = {
  required: FIELD_MESSAGES.emailRequired,
  invalid: FIELD_MESSAGES.emailInvalid,
}

export interface LoginCredentials {
  emailAddress: string
  password: string
}

// Login (docs/validation.md#sign-in-forms): email required and valid, password required.
export const LOGIN_RULES: FormRules<LoginCredentials> = {
  toInput: (values) => ({ emailAddress: values.emailAddress.trim(), password: values.password }),
  messages: {
    emailAddress: EMAIL_MESSAGES,
    password: { required: FIELD_MESSAGES.passwordRequired },
  },
  // No password is longer than a new one may be (the sign-in payload sets no limit of its own).
  check: (values) =>
    values.password.length > PASSWORD_MAX_LENGTH
      ? { password: FIELD_MESSAGES.passwordTooLong }
      : {},
}

export interface CodeValues {
  mfaToken: string
}

// Login's MFA step (docs/validation.md#sign-in-forms): the code is required; recovery codes are typed with spaces between groups.
export const CODE_RULES: FormRules<CodeValues> = {
  toInput: (values) => ({ mfaToken: values.mfaToken.replace(/\s+/g, '') }),
  messages: { mfaToken: { required: FIELD_MESSAGES.codeRequired } },
}
