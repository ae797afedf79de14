// External sites the /status and /support routes and the footer send people to.
export const STATUS_SITE_URL = 'https://status.fleetpay.example'
export const SUPPORT_SITE_URL = 'https://support.fleetpay.example'

export const SUPPORT_LINKS = {
  helpCentre: SUPPORT_SITE_URL,
  contact: `${SUPPORT_SITE_URL}/contact`,
  terminals: `${SUPPORT_SITE_URL}/terminals`,
  paymentLinks: `${SUPPORT_SITE_URL}/payment-links`,
  payouts: `${SUPPORT_SITE_URL}/payouts`,
  mfaRecovery: `${SUPPORT_SITE_URL}/account/lost-mfa-device`,
  terms: 'https://www.fleetpay.example/legal/terms',
  privacy: 'https://www.fleetpay.example/legal/privacy',
} as const

// Profile links (docs/roles.md#profile): owners change the bank account via support (adding users is the team page).
export const ACCOUNT_SUPPORT_LINKS = {
  updateBankAccount: `${SUPPORT_SITE_URL}/account/bank-account`,
} as const
