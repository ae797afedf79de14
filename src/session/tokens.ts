import type { TokenResponse } from '@/api/schema/tokens'
import type { ResponseValidationError } from '@/api/http'
import { getDeviceIdentifier } from '@/session/device-id'

// The HTTP client (ofetch) loads with the first token call, not with the /login first paint.
const http = () => import('@/api/http')

// The schema's TokenResponse checked by hand: arktype would add ~48 KB gzip to the /login bundle.
function tokenResponse(
  data: unknown,
  Invalid: typeof ResponseValidationError,
): TokenResponse & { mfaDisabled?: boolean } {
  const body = (typeof data === 'object' && data !== null ? data : {}) as Record<string, unknown>
  const { expiresAt, mfaDisabled } = body
  if (typeof expiresAt !== 'string' || Number.isNaN(Date.parse(expiresAt))) {
    throw new Invalid('/v1/tokens', 'expiresAt must be an ISO date-time')
  }
  return { expiresAt, ...(typeof mfaDisabled === 'boolean' ? { mfaDisabled } : {}) }
}

export interface PasswordGrant {
  emailAddress: string
  password: string
  mfaToken?: string
}

export interface SignInResult {
  // When the session (refresh token) ends.
  expiresAt: string
  // A recovery code was used: MFA is now off (docs/states.md#sign-in).
  mfaDisabled: boolean
}

// POST /v1/tokens, type refresh, grantType password.
export async function requestPasswordGrant(grant: PasswordGrant): Promise<SignInResult> {
  const { api, ResponseValidationError } = await http()
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
    schema: (data) => tokenResponse(data, ResponseValidationError),
  })
  return { expiresAt: response.expiresAt, mfaDisabled: response.mfaDisabled === true }
}

// POST /v1/tokens, type access, grantType refresh_token; also the automatic refresh.
export async function requestAccessToken(submerchantId: string | null): Promise<string> {
  const { api, ResponseValidationError } = await http()
  const response = await api('/v1/tokens', {
    method: 'POST',
    skipAuthRecovery: true,
    body: {
      type: 'access',
      grantType: 'refresh_token',
      attachments: submerchantId ? [submerchantId] : [],
      deviceIdentifier: getDeviceIdentifier(),
    },
    schema: (data) => tokenResponse(data, ResponseValidationError),
  })
  return response.expiresAt
}

// DELETE /v1/tokens/all on logout.
export async function revokeAllTokens(): Promise<void> {
  const { api } = await http()
  return api('/v1/tokens/all', { method: 'DELETE', skipAuthRecovery: true })
}
