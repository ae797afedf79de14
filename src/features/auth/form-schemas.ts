import { type } from 'arktype'
import { RefreshTokenPayload } from '@/api/schema/tokens'
import { PasswordResetTicketPayload, RegisterPayload } from '@/api/schema/users'
import { checkForm, type FormRules } from '@/lib/form-check'
import type { FormSpec } from '@/lib/form-hook'
import {
  CODE_RULES,
  EMAIL_MESSAGES,
  FIELD_MESSAGES,
  LOGIN_RULES,
  type CodeValues,
  type LoginCredentials,
} from '@/features/auth/validation'

// The public forms check what the API checks: parts of its payload schemas (src/api/schema).
// The login form loads this module on first use (lazyForm), so /login paints without arktype.
export const LoginSchema = RefreshTokenPayload.pick('emailAddress', 'password')
// The code step: the same payload's mfaToken, which docs/validation.md#mfa-codes makes required on this screen.
export const CodeSchema = type({ mfaToken: RefreshTokenPayload.get('mfaToken').and('string > 0') })
export const RegisterSchema = RegisterPayload
export const ForgotPasswordSchema = PasswordResetTicketPayload.pick('emailAddress')

// The login form and its code step load their schema and rules from here together (lazyForm).
export const LOGIN_FORM: FormSpec<LoginCredentials, typeof LoginSchema.infer> = {
  schema: LoginSchema,
  rules: LOGIN_RULES,
}
export const CODE_FORM: FormSpec<CodeValues, typeof CodeSchema.infer> = {
  schema: CodeSchema,
  rules: CODE_RULES,
}

// The login form's field messages for these values.
export function validateLogin(values: LoginCredentials) {
  const checked = checkForm(LoginSchema, values, LOGIN_RULES)
  return checked.ok ? {} : checked.errors
}

// Register's and forgot password's rules (docs/validation.md#sign-in-forms), beside their schemas:
// validation.ts keeps only what /login's first paint needs.
export interface RegisterValues {
  emailAddress: string
  password: string
  firstName: string
  lastName: string
}

// Optional names are left out when blank (the API refuses an explicit undefined).
const optionalName = (key: 'firstName' | 'lastName', value: string) =>
  value.trim() ? { [key]: value.trim() } : {}

// Register (docs/validation.md#sign-in-forms): email required and valid, password at least 8, names optional.
export const REGISTER_RULES: FormRules<RegisterValues> = {
  toInput: (values) => ({
    emailAddress: values.emailAddress.trim(),
    password: values.password,
    ...optionalName('firstName', values.firstName),
    ...optionalName('lastName', values.lastName),
  }),
  messages: {
    emailAddress: EMAIL_MESSAGES,
    password: {
      required: FIELD_MESSAGES.passwordRequired,
      minLength: FIELD_MESSAGES.passwordTooShort,
      maxLength: FIELD_MESSAGES.passwordTooLong,
    },
    firstName: { invalid: FIELD_MESSAGES.nameTooLong },
    lastName: { invalid: FIELD_MESSAGES.nameTooLong },
  },
}

// Forgot password (docs/validation.md#sign-in-forms): email required and valid.
export const FORGOT_RULES: FormRules<{ emailAddress: string }> = {
  toInput: (values) => ({ emailAddress: values.emailAddress.trim() }),
  messages: { emailAddress: EMAIL_MESSAGES },
}
