import { type } from 'arktype'
import { EmailAddress, IsoDateTime, PaymentFacilitatorId, UserId } from './common'

export const User = type({
  id: UserId,
  displayName: 'string',
  firstName: 'string | null',
  lastName: 'string | null',
  emailAddress: 'string',
  avatarUrl: 'string | null',
  mfaIsEnabled: 'boolean',
  createdAt: IsoDateTime,
  updatedAt: IsoDateTime,
  credentialsChangedAt: type(IsoDateTime, '|', 'null'),
})
export type User = typeof User.infer

// Profile (docs/validation.md#profile): first name minimum 2, last name minimum 1 (after trimming), neither required.
// Other keys (the read-only email) are refused rather than silently dropped.
export const UpdateUserPayload = type({
  'firstName?': type('string.trim').to('2 <= string <= 100'),
  'lastName?': type('string.trim').to('1 <= string <= 100'),
}).onUndeclaredKey('reject')
export type UpdateUserPayload = typeof UpdateUserPayload.infer

export const UpdatePasswordPayload = type({
  currentPassword: 'string > 0',
  newPassword: '8 <= string <= 256',
  'mfaToken?': 'string',
})
export type UpdatePasswordPayload = typeof UpdatePasswordPayload.infer

// Register (docs/validation.md#sign-in-forms): email required and valid, password at least 8, names optional.
export const RegisterPayload = type({
  emailAddress: EmailAddress,
  password: '8 <= string <= 256',
  'firstName?': 'string <= 100',
  'lastName?': 'string <= 100',
})
export type RegisterPayload = typeof RegisterPayload.infer

export const MfaEnrollmentPayload = type({ type: "'totp'" })
export type MfaEnrollmentPayload = typeof MfaEnrollmentPayload.infer

export const MfaEnrollment = type({ qrDataUrl: 'string', secret: 'string', recoveryCode: 'string' })
export type MfaEnrollment = typeof MfaEnrollment.infer

const invalidCode = 'Invalid code provided. Please double check your authenticator app.'

// Enrol confirm (docs/validation.md#mfa-codes): digits only, at least 6 long.
export const MfaConfirmationPayload = type({
  type: "'totp'",
  token: type(/^\d{6,}$/).configure({ message: invalidCode }),
})
export type MfaConfirmationPayload = typeof MfaConfirmationPayload.infer

// Disable (docs/validation.md#mfa-codes): a 6-character authenticator code or a 24-character recovery code.
export const MfaDisablePayload = type({
  mfaToken: type(/^(?:.{6}|.{24})$/).configure({ message: invalidCode }),
})
export type MfaDisablePayload = typeof MfaDisablePayload.infer

export const PasswordResetTicketPayload = type({
  completionUrl: 'string.url',
  paymentFacilitatorId: PaymentFacilitatorId,
  emailAddress: EmailAddress,
})
export type PasswordResetTicketPayload = typeof PasswordResetTicketPayload.infer

export const PasswordResetCompletionPayload = type({
  verificationToken: 'string > 0',
  newPassword: '8 <= string <= 256',
})
export type PasswordResetCompletionPayload = typeof PasswordResetCompletionPayload.infer
