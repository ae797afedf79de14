import { api } from '@/api/http'
import { User } from '@/api/schema/users'
import { PAYMENT_FACILITATOR_ID } from '@/config/app'

export interface Registration {
  emailAddress: string
  password: string
  firstName?: string
  lastName?: string
}

// The registration "auth helper" (docs/api.md#users-and-session; the sandbox's POST /v1/registrations).
export function register(registration: Registration) {
  return api('/v1/registrations', {
    method: 'POST',
    skipAuthRecovery: true,
    body: { ...registration },
    schema: User,
  })
}

// docs/api.md#users-and-session: the emailed link opens this page with ticketId and token added; the email rides along
// so the page can apply the "not your email" rule.
export function requestPasswordReset(emailAddress: string): Promise<void> {
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

export function completePasswordReset(
  ticketId: string,
  verificationToken: string,
  newPassword: string,
): Promise<void> {
  return api(`/v1/password-reset-tickets/${encodeURIComponent(ticketId)}/completion`, {
    method: 'PUT',
    skipAuthRecovery: true,
    body: { verificationToken, newPassword },
  })
}
