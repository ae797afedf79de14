import { queryOptions } from '@tanstack/react-query'
import { api } from '@/api/http'
import { submerchantKeys } from '@/api/query-keys'
import { Submerchant } from '@/api/schema/submerchants'
import { MfaEnrollment, User, type UpdatePasswordPayload } from '@/api/schema/users'
import { requestAccessToken } from '@/session/tokens'

const userPath = (userId: string) => `/v1/users/${encodeURIComponent(userId)}`

export const profileQueries = {
  // GET /v1/submerchants/{id}?expand=planAttachment (cache bypass), for the 'Your Account' card.
  account: (submerchantId: string) =>
    queryOptions({
      queryKey: submerchantKeys.planAttachment(submerchantId),
      queryFn: () =>
        api(`/v1/submerchants/${encodeURIComponent(submerchantId)}`, {
          query: { expand: 'planAttachment' },
          schema: Submerchant,
          bypassCache: true,
        }),
    }),
}

// Security changes are never queued offline (docs/offline.md#writing): plain calls, not paused mutations.

// PUT /v1/users/{id}/password.
export function changePassword(userId: string, payload: UpdatePasswordPayload) {
  return api(`${userPath(userId)}/password`, { method: 'PUT', body: { ...payload }, schema: User })
}

// docs/states.md#password: after a password change the session is renewed with a refresh-token request.
export function reauthenticate(submerchantId: string | null): Promise<string> {
  return requestAccessToken(submerchantId)
}

// PUT /v1/users/{id}/mfa-enrollment {type: totp}.
export function requestMfaEnrollment(userId: string) {
  return api(`${userPath(userId)}/mfa-enrollment`, {
    method: 'PUT',
    body: { type: 'totp' },
    schema: MfaEnrollment,
  })
}

// PUT /v1/users/{id}/mfa-enrollment/confirmation {type, token}.
export function confirmMfaEnrollment(userId: string, token: string) {
  return api(`${userPath(userId)}/mfa-enrollment/confirmation`, {
    method: 'PUT',
    body: { type: 'totp', token },
    schema: User,
  })
}

// DELETE /v1/users/{id}/mfa-enrollment {mfaToken}: a 6-digit code or the 24-character recovery code.
export function disableMfa(userId: string, mfaToken: string) {
  return api(`${userPath(userId)}/mfa-enrollment`, {
    method: 'DELETE',
    body: { mfaToken },
    schema: User,
  })
}
