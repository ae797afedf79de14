// New-password rules (docs/validation.md#new-password; change, reset, set): one module for every password screen.
import { PASSWORD_MAX_LENGTH, PASSWORD_MIN_LENGTH } from '@/config/limits'

// The lengths live with the limits, so the sign-in form's checks do not bring this module along.
export { PASSWORD_MAX_LENGTH, PASSWORD_MIN_LENGTH }
export const MIN_ACCEPTED_SCORE = 3

// {product} is the product's own name (docs/sandbox-decisions.md); the server checks the same list.
export const PROHIBITED_WORDS = [
  'fleetpay',
  'ccs',
  'taxi',
  'driver',
  'fleet',
  'merchant',
  'gateway',
  'optimus',
] as const

export const NEW_PASSWORD_MESSAGES = {
  sameAsEmail: 'Cannot use your email address as a password.',
  mismatch: "Oops, your passwords don't match.",
  tooWeak: 'Unable to Reset',
  tooShort: 'Password should be at least 8 characters long',
  prohibited: 'Password contains words from prohibited list',
  tooLong: `Password must be at most ${PASSWORD_MAX_LENGTH} characters`,
  required: 'Password is required',
} as const

export type StrengthLabel = 'Empty' | 'Weak' | 'Fair' | 'Good' | 'Strong'

// docs/validation.md#new-password: 1 Weak, 2 Fair, 3 Good, 4 Strong, otherwise Empty.
export function strengthLabel(score: number): StrengthLabel {
  return (['Empty', 'Weak', 'Fair', 'Good', 'Strong'] as const)[score] ?? 'Empty'
}

export function containsProhibitedWord(password: string): boolean {
  const lower = password.toLowerCase()
  return PROHIBITED_WORDS.some((word) => lower.includes(word))
}

export interface NewPasswordInput {
  password: string
  confirmation: string
  // The account's email, when the screen knows it.
  emailAddress?: string | null
  // The estimator's 0–4 score, or null while it is still loading.
  estimatedScore: number | null
}

export interface NewPasswordAssessment {
  score: number
  label: StrengthLabel
  warnings: string[]
  passwordError: string | null
  confirmationError: string | null
  // docs/states.md#password and docs/validation.md#new-password: the action button is enabled only when the score is above 2.
  strongEnough: boolean
  // Strong enough and every rule met: the form may be sent.
  valid: boolean
  // Something was typed: the meter and the verdict show only then.
  typed: boolean
}

export function assessNewPassword(input: NewPasswordInput): NewPasswordAssessment {
  const { password, confirmation } = input
  const prohibited = containsProhibitedWord(password)
  const warnings: string[] = []
  if (password.length > 0 && password.length < PASSWORD_MIN_LENGTH) {
    warnings.push(NEW_PASSWORD_MESSAGES.tooShort)
  }
  if (prohibited) warnings.push(NEW_PASSWORD_MESSAGES.prohibited)
  // A prohibited word forces score 0; so does a too-short password, which the server refuses.
  const score =
    prohibited || password.length < PASSWORD_MIN_LENGTH ? 0 : (input.estimatedScore ?? 0)
  const email = input.emailAddress?.trim().toLowerCase()
  let passwordError: string | null = null
  if (password.length > PASSWORD_MAX_LENGTH) passwordError = NEW_PASSWORD_MESSAGES.tooLong
  else if (email && password.trim().toLowerCase() === email) {
    passwordError = NEW_PASSWORD_MESSAGES.sameAsEmail
  }
  const confirmationError =
    confirmation.length > 0 && confirmation !== password ? NEW_PASSWORD_MESSAGES.mismatch : null
  const strongEnough = score >= MIN_ACCEPTED_SCORE
  return {
    score,
    label: strengthLabel(score),
    warnings,
    passwordError,
    confirmationError,
    strongEnough,
    valid: strongEnough && !passwordError && confirmation === password,
    typed: password.length > 0,
  }
}

/**
 * The new-password form's own messages (useForm `check`): the rules above, and 'Unable to Reset' (docs/validation.md#new-password)
 * when it is sent too weak — which the button allows only before anything is typed.
 */
export function newPasswordErrors(
  assessment: NewPasswordAssessment,
  password: string,
  confirmation: string,
): { newPassword?: string; confirmPassword?: string } {
  return {
    newPassword:
      assessment.passwordError ??
      (assessment.strongEnough ? undefined : NEW_PASSWORD_MESSAGES.tooWeak),
    confirmPassword: confirmation === password ? undefined : NEW_PASSWORD_MESSAGES.mismatch,
  }
}

// On the action button (docs/validation.md#new-password): once a password is typed a weak one turns it into 'Unable to Reset'.
export function newPasswordAction(
  assessment: NewPasswordAssessment,
  action: string,
): { label: string; disabled: boolean } {
  const refused = assessment.typed && !assessment.strongEnough
  return { label: refused ? NEW_PASSWORD_MESSAGES.tooWeak : action, disabled: refused }
}
