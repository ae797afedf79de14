import { useMutation } from '@tanstack/react-query'
import { FORGET_AT_ONCE } from '@/api/forget-at-once'
import { api } from '@/api/http'
import { User } from '@/api/schema/users'
import { PAYMENT_FACILITATOR_ID } from '@/config/app'
import { useAuth } from '@/session/use-auth'
import { useToast } from '@/ui/toast'

export interface Registration {
  emailAddress: string
  password: string
  firstName?: string
  lastName?: string
}

// The registration "auth helper" (docs/api.md#users-and-session; the sandbox's POST /v1/registrations).
function register(registration: Registration) {
  return api('/v1/registrations', {
    method: 'POST',
    skipAuthRecovery: true,
    body: { ...registration },
    schema: User,
  })
}

// docs/api.md#users-and-session: the emailed link opens this page with ticketId and token added; the email rides along
// so the page can apply the "not your email" rule.
function requestPasswordReset(emailAddress: string): Promise<void> {
  const completionUrl = new URL('/reset-password', window.location.origin)
  completionUrl.searchParams.set('emailAddress', emailAddress)
  return api('/v1/password-reset-tickets', {
    method: 'POST',
    skipAuthRecovery: true,
    body: {
      completionUrl: completionUrl.toString(),
      paymentFacilitatorId: PAYMENT_FACILITATOR_ID,
      emailAddress,
    },
  })
}

export interface PasswordResetCompletion {
  ticketId: string
  verificationToken: string
  newPassword: string
}

function completePasswordReset({
  ticketId,
  verificationToken,
  newPassword,
}: PasswordResetCompletion): Promise<void> {
  return api(`/v1/password-reset-tickets/${encodeURIComponent(ticketId)}/completion`, {
    method: 'PUT',
    skipAuthRecovery: true,
    body: { verificationToken, newPassword },
  })
}

// The signed-out writes are hooks like every other write (docs/writes.md); their routes wait for
// the query client in beforeLoad. They carry a password, so they are forgotten at once.

// Registers, then signs in with the same email and password (docs/api.md#users-and-session).
export function useRegisterMutation() {
  const auth = useAuth()
  return useMutation({
    mutationFn: async (registration: Registration) => {
      await register(registration)
      await auth.signIn({
        emailAddress: registration.emailAddress,
        password: registration.password,
      })
    },
    ...FORGET_AT_ONCE,
  })
}

export function useRequestPasswordResetMutation() {
  return useMutation({ mutationFn: requestPasswordReset, networkMode: 'always' })
}

// Reset or set: `done` is the success notice of the page's mode.
export function useCompletePasswordResetMutation(done: string) {
  const toast = useToast()
  return useMutation({
    mutationFn: completePasswordReset,
    ...FORGET_AT_ONCE,
    onSuccess: () => toast.notice(done, 'success'),
  })
}
