import { type } from 'arktype'
import { RefreshTokenPayload } from '@/api/schema/tokens'
import { PasswordResetTicketPayload, RegisterPayload } from '@/api/schema/users'
import { checkForm } from '@/lib/use-form'
import { LOGIN_RULES, type LoginCredentials } from '@/features/auth/validation'

// The public forms check what the API checks: parts of its payload schemas (src/api/schema).
// The login form loads this module on first use (lazySchema), so /login paints without arktype.
export const LoginSchema = RefreshTokenPayload.pick('emailAddress', 'password')
// The code step: the same payload's mfaToken, which docs/validation.md#mfa-codes makes required on this screen.
export const CodeSchema = type({ mfaToken: RefreshTokenPayload.get('mfaToken').and('string > 0') })
export const RegisterSchema = RegisterPayload
export const ForgotPasswordSchema = PasswordResetTicketPayload.pick('emailAddress')

// The login form's field messages for these values.
export function validateLogin(values: LoginCredentials) {
  const checked = checkForm(LoginSchema, values, LOGIN_RULES)
  return checked.ok ? {} : checked.errors
}
