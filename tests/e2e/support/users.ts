import { expect, type APIRequestContext } from '@playwright/test'
import { uniqueEmail } from './demo'

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
