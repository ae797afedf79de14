// The seeded demo logins (server/seed), for every e2e spec.
export { COMPROMISED_PASSWORD, DEMO_MFA_SECRET, DEMO_PASSWORD } from '../../../server/seed/fixtures'
export { SEED_SUBMERCHANTS, SEED_USERS } from '../../../server/seed/ids'

export const DEMO_EMAILS = {
  owner: 'owner@example.com',
  manager: 'manager@example.com',
  viewer: 'viewer@example.com',
  mfa: 'mfa@example.com',
  compromised: 'compromised@example.com',
  noAccounts: 'nobody@example.com',
} as const

// Account names as the seed gives them (what a person sees on /select-account).
export const DEMO_ACCOUNT_NAMES = {
  cityCabs: 'City Cabs',
} as const

// A unique address per test run, so parallel projects never collide on registration.
export function uniqueEmail(prefix = 'e2e'): string {
  return `${prefix}-${Date.now().toString(36)}-${Math.random().toString(36).slice(2, 8)}@example.com`
}
