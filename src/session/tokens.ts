import { TokenResponse } from '@/api/schema/tokens'
import { api } from '@/api/http'
import { getDeviceIdentifier } from '@/session/device'

export interface PasswordGrant {
  emailAddress: string
  password: string
  mfaToken?: string
}

export interface SignInResult {
  // When the session (refresh token) ends.
  expiresAt: string
  // A recovery code was used: MFA is now off (§4).
  mfaDisabled: boolean
}

// §7 POST /v1/tokens, type refresh, grantType password.
export async function requestPasswordGrant(grant: PasswordGrant): Promise<SignInResult> {
  const response = await api('/v1/tokens', {
    method: 'POST',
    skipAuthRecovery: true,
    body: {
      type: 'refresh',
      grantType: 'password',
      emailAddress: grant.emailAddress,
      password: grant.password,
      deviceIdentifier: getDeviceIdentifier(),
      ...(grant.mfaToken ? { mfaToken: grant.mfaToken } : {}),
    },
    schema: TokenResponse.and({ 'mfaDisabled?': 'boolean' }),
  })
  return { expiresAt: response.expiresAt, mfaDisabled: response.mfaDisabled === true }
}

// §7 POST /v1/tokens, type access, grantType refresh_token; also the automatic refresh.
export async function requestAccessToken(submerchantId: string | null): Promise<string> {
  const response = await api('/v1/tokens', {
    method: 'POST',
    skipAuthRecovery: true,
    body: {
      type: 'access',
      grantType: 'refresh_token',
      attachments: submerchantId ? [submerchantId] : [],
      deviceIdentifier: getDeviceIdentifier(),
    },
    schema: TokenResponse,
  })
  return response.expiresAt
}

// §7 DELETE /v1/tokens/all on logout.
export function revokeAllTokens(): Promise<void> {
  return api('/v1/tokens/all', { method: 'DELETE', skipAuthRecovery: true })
}
