// Product name until operator branding (a later issue) supplies its own.
export const APP_NAME = 'FleetPay Portal'

export function pageTitle(title: string): string {
  return `${title} | ${APP_NAME}`
}

// The registrable domain the device-id cookie is shared across (docs/api.md#users-and-session).
export const PRODUCT_COOKIE_DOMAIN = 'fleetpay.example'

// The payment facilitator that password-reset tickets are issued for (docs/api.md#users-and-session); the sandbox's demo one locally.
export const PAYMENT_FACILITATOR_ID = 'pf_demo_sandbox_pay'

// The one text for an action that cannot run without a connection (docs/offline.md#writing).
export const NEEDS_CONNECTION = 'Needs a connection'
