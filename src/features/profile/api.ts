import { FORGET_AT_ONCE } from '@/api/forget-at-once'
import { useState } from 'react'
import { queryOptions, useMutation } from '@tanstack/react-query'
import { api } from '@/api/http'
import { submerchantKeys } from '@/api/query-keys'
import { Submerchant } from '@/api/schema/submerchants'
import { MfaEnrollment, User, type UpdatePasswordPayload } from '@/api/schema/users'
import { PROFILE_MESSAGES } from '@/features/profile/messages'
import { requestAccessToken } from '@/session/tokens'
import { useToast } from '@/ui/toast'

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

// The writes, one mutation hook each (docs/writes.md). Security changes are never queued offline
// (docs/offline.md#writing): their buttons need a connection. Those that change the user reload it
// (the page shows it) with the route's `reloadUser`, as the user's key factory belongs to the
// accounts feature; the form or dialog that made the call shows a failure.
export type ReloadUser = () => Promise<void>

// docs/states.md#password and docs/constants.md#timing: the wait before re-authenticating after a password change.
export const REAUTH_DELAY_MS = 2000

const wait = (ms: number) => new Promise((done) => setTimeout(done, ms))

/**
 * PUT /v1/users/{id}/password; then (docs/states.md#password) wait 2 s, renew the session with the
 * refresh token and reload the user, and say 'Password updated'. `renewing` is that second part:
 * the password has changed and the session is being renewed.
 */
export function useChangePasswordMutation(
  userId: string,
  submerchantId: string | null,
  reloadUser: ReloadUser,
) {
  const toast = useToast()
  const [renewing, setRenewing] = useState(false)
  const mutation = useMutation({
    mutationFn: (payload: UpdatePasswordPayload) =>
      api(`${userPath(userId)}/password`, { method: 'PUT', body: { ...payload }, schema: User }),
    ...FORGET_AT_ONCE,
    onSuccess: async () => {
      setRenewing(true)
      await wait(REAUTH_DELAY_MS)
      try {
        await requestAccessToken(submerchantId)
      } finally {
        await reloadUser()
      }
      toast.notice('Password updated', 'success')
    },
    onError: () => setRenewing(false),
  })
  return { ...mutation, renewing }
}

// PUT /v1/users/{id}/mfa-enrollment {type: totp}: the QR code, the secret and the recovery code.
// They go to the enrolment dialog and never into the cache.
export function useRequestMfaEnrollmentMutation(userId: string) {
  return useMutation({
    mutationFn: () =>
      api(`${userPath(userId)}/mfa-enrollment`, {
        method: 'PUT',
        body: { type: 'totp' },
        schema: MfaEnrollment,
      }),
    ...FORGET_AT_ONCE,
  })
}

// PUT /v1/users/{id}/mfa-enrollment/confirmation {type, token}. The recovery code follows at once;
// the user reloads behind it.
export function useConfirmMfaEnrollmentMutation(userId: string, reloadUser: ReloadUser) {
  return useMutation({
    mutationFn: (token: string) =>
      api(`${userPath(userId)}/mfa-enrollment/confirmation`, {
        method: 'PUT',
        body: { type: 'totp', token },
        schema: User,
      }),
    ...FORGET_AT_ONCE,
    onSuccess: () => void reloadUser(),
  })
}

// DELETE /v1/users/{id}/mfa-enrollment {mfaToken}: a 6-digit code or the 24-character recovery code.
export function useDisableMfaMutation(userId: string, reloadUser: ReloadUser) {
  const toast = useToast()
  return useMutation({
    mutationFn: (mfaToken: string) =>
      api(`${userPath(userId)}/mfa-enrollment`, {
        method: 'DELETE',
        body: { mfaToken },
        schema: User,
      }),
    ...FORGET_AT_ONCE,
    onSuccess: () => {
      toast.notice(PROFILE_MESSAGES.mfaDisabled, 'success')
      void reloadUser()
    },
  })
}
