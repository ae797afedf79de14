import { type } from 'arktype'
import { EmailAddress, IsoDateTime, SubmerchantId } from './common'

const DeviceIdentifier = type('0 < string <= 200')

// Password login (docs/api.md#users-and-session); mfaToken only on the code step.
export const RefreshTokenPayload = type({
  type: "'refresh'",
  grantType: "'password'",
  emailAddress: EmailAddress,
  password: 'string > 0',
  deviceIdentifier: DeviceIdentifier,
  'mfaToken?': 'string',
})
export type RefreshTokenPayload = typeof RefreshTokenPayload.infer

// Access token for the chosen submerchant; attachments lists submerchant ids.
export const AccessTokenPayload = type({
  type: "'access'",
  grantType: "'refresh_token'",
  'attachments?': SubmerchantId.array().atMostLength(1),
  deviceIdentifier: DeviceIdentifier,
})
export type AccessTokenPayload = typeof AccessTokenPayload.infer

export const TokenPayload = RefreshTokenPayload.or(AccessTokenPayload)
export type TokenPayload = typeof TokenPayload.infer

export const TokenResponse = type({ expiresAt: IsoDateTime })
export type TokenResponse = typeof TokenResponse.infer
