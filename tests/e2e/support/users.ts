import { expect, type APIRequestContext } from '@playwright/test'
import { uniqueEmail } from './demo'
import { PhoneAuthenticator } from './totp'

export interface TestUser {
  emailAddress: string
  password: string
}

export const TEST_USER_PASSWORD = 'Quiet-Harbour-Lanterns-42'

/**
 * A brand-new user (no accounts) through the sandbox registration endpoint, for tests that
 * change a password or fail logins: the shared demo users must stay untouched and unlocked.
 */
export async function registerUser(
  request: APIRequestContext,
  password: string = TEST_USER_PASSWORD,
): Promise<TestUser> {
  const emailAddress = uniqueEmail()
  const res = await request.post('/v1/registrations', {
    headers: { 'X-Requested-With': 'portal' },
    data: { emailAddress, password },
  })
  expect(res.status(), await res.text()).toBe(201)
  return { emailAddress, password }
}

const portal = { 'X-Requested-With': 'portal' }

/**
 * A fresh user with authenticator MFA switched on through the real enrolment endpoints, as the
 * profile page would do it; returns the one-use recovery code and the authenticator (on real
 * time, as a phone) whose first code confirmed the enrolment.
 */
export async function registerMfaUser(
  request: APIRequestContext,
): Promise<TestUser & { authenticator: PhoneAuthenticator; recoveryCode: string }> {
  const user = await registerUser(request)
  const signIn = await request.post('/v1/tokens', {
    headers: portal,
    data: {
      type: 'refresh',
      grantType: 'password',
      emailAddress: user.emailAddress,
      password: user.password,
      deviceIdentifier: `e2e-${Date.now()}`,
    },
  })
  expect(signIn.status(), await signIn.text()).toBe(200)
  const me = await request.get('/v1/users/current')
  const { id } = (await me.json()) as { id: string }
  const enrol = await request.put(`/v1/users/${id}/mfa-enrollment`, {
    headers: portal,
    data: { type: 'totp' },
  })
  expect(enrol.status(), await enrol.text()).toBe(200)
  const { secret, recoveryCode } = (await enrol.json()) as { secret: string; recoveryCode: string }
  const authenticator = new PhoneAuthenticator(secret)
  const confirm = await request.put(`/v1/users/${id}/mfa-enrollment/confirmation`, {
    headers: portal,
    data: { type: 'totp', token: await authenticator.code() },
  })
  expect(confirm.status(), await confirm.text()).toBe(200)
  await request.delete('/v1/tokens/all', { headers: portal })
  return { ...user, authenticator, recoveryCode }
}
