import { forbidden } from '../errors'

/**
 * The one table of /v1 routes for API keys: `METHOD /v1/path/:param` → the permission (docs/entities.md#api-key-permissions), the
 * `resource:operation` a key needs, or `null` for routes a key can never call (sign-in, the
 * person's own profile and MFA, receipts, the API-key routes themselves). Every /v1 route of the
 * app must have a row: tests/api/api-key-permissions.test.ts walks the app's routes and fails on a
 * missing one, then checks each row with a key that lacks the permission (403 naming it) and one
 * that holds it (never that 403). More specific paths come before the `:param` ones they overlap.
 */
export const API_KEY_ROUTE_PERMISSIONS: Record<string, string | null> = {
  // Public or person-only.
  'POST /v1/tokens': null,
  'DELETE /v1/tokens/all': null,
  'POST /v1/password-reset-tickets': null,
  'PUT /v1/password-reset-tickets/:ticketId/completion': null,
  'POST /v1/registrations': null,
  'GET /v1/users/current': null,
  'PATCH /v1/users/:id': null,
  'PUT /v1/users/:id/password': null,
  'PUT /v1/users/:id/mfa-enrollment': null,
  'PUT /v1/users/:id/mfa-enrollment/confirmation': null,
  'DELETE /v1/users/:id/mfa-enrollment': null,
  'POST /v1/receipts/:receiptId/advice': null,
  // Keys are managed by people in the portal only; a key cannot mint or re-enable keys.
  'GET /v1/api-keys': null,
  'POST /v1/api-keys': null,
  'GET /v1/api-keys/:id': null,
  'PATCH /v1/api-keys/:id': null,
  // The team and its activity log are for people in the portal only (docs/roles.md#team).
  'GET /v1/submerchants/:id/users': null,
  'PATCH /v1/submerchants/:id/users/:userId': null,
  'DELETE /v1/submerchants/:id/users/:userId': null,
  'GET /v1/submerchants/:id/invitations': null,
  'POST /v1/submerchants/:id/invitations': null,
  'POST /v1/submerchants/:id/invitations/:invitationId/resend': null,
  'DELETE /v1/submerchants/:id/invitations/:invitationId': null,
  'GET /v1/invitations/:token': null,
  'POST /v1/invitations/:token/acceptance': null,
  'GET /v1/activity': null,
  // The live stream and the bell are a person's (docs/events.md); a key reads the events list.
  'GET /v1/events/stream': null,
  'GET /v1/notifications': null,
  'PUT /v1/notifications/read': null,
  'PUT /v1/notifications/:eventId/read': null,
  'GET /v1/events': 'webhookNotifications:read',
  // Push subscriptions are a person's devices (docs/events.md#push).
  'GET /v1/push/vapid-public-key': null,
  'GET /v1/push-subscriptions': null,
  'POST /v1/push-subscriptions': null,
  'DELETE /v1/push-subscriptions/:id': null,

  'GET /v1/submerchants': 'submerchants:read',
  'GET /v1/submerchants/:id': 'submerchants:read',
  'GET /v1/submerchants/:id/users/current': 'users:read',
  'GET /v1/submerchants/:id/users/:userId': 'users:read',
  'GET /v1/enrollments': 'submerchants:read',
  'POST /v1/enrollments': 'submerchants:update',

  'GET /v1/sales': 'sales:read',
  'GET /v1/sales/summary': 'sales:read',
  'GET /v1/sales/:id': 'sales:read',
  // The tax year is the account's sales by quarter, and its records (docs/api.md#tax-year).
  'GET /v1/tax-years/:taxYear/summary': 'sales:read',
  'GET /v1/tax-years/:taxYear/records': 'sales:read',
  'GET /v1/sales/:id/proof': 'sales:read',
  // Refund requests act on a sale; the key's creator's refund rule (docs/roles.md#refunds) still applies.
  'GET /v1/sales/:saleId/refund-requests': 'sales:read',
  'POST /v1/sales/:saleId/refund-requests': 'sales:update',
  'PATCH /v1/sales/:saleId/refund-requests/:refundId': 'sales:update',
  'DELETE /v1/sales/:saleId/refund-requests/:refundId': 'sales:update',
  'GET /v1/balance-transactions': 'balanceTransactions:read',
  'GET /v1/balance-transactions/:id': 'balanceTransactions:read',
  'GET /v1/balances': 'balances:read',

  'GET /v1/terminals': 'terminals:read',
  'GET /v1/terminals/:id': 'terminals:read',
  'PATCH /v1/terminals/:id': 'terminals:update',

  'GET /v1/payouts': 'payouts:read',
  'GET /v1/payouts/:id': 'payouts:read',
  'GET /v1/bank-accounts/:id': 'bankAccounts:read',
  'GET /v1/payout-cards/:id': 'bankAccounts:read',

  'GET /v1/intents': 'intents:read',
  'POST /v1/intents': 'intents:create',
  'GET /v1/intents/:id': 'intents:read',
  'PATCH /v1/intents/:id': 'intents:update',
  'DELETE /v1/intents/:id': 'intents:delete',
  'PUT /v1/intents/:id/cancellation': 'intents:update',
  'PUT /v1/intents/:id/authorization/capture': 'intents:update',
  'PUT /v1/intents/:id/reset': 'intents:update',
  'POST /v1/intents/:id/customer-notifications': 'intents:update',
  // Reporting a bulk create is part of creating its links.
  'POST /v1/intent-imports': 'intents:create',
  'PUT /v1/intent-imports/:id/completion': 'intents:create',

  'GET /v1/webhook-endpoints': 'webhookEndpoints:read',
  'POST /v1/webhook-endpoints': 'webhookEndpoints:create',
  'GET /v1/webhook-endpoints/:id': 'webhookEndpoints:read',
  'PATCH /v1/webhook-endpoints/:id': 'webhookEndpoints:update',
  'DELETE /v1/webhook-endpoints/:id': 'webhookEndpoints:delete',
  'POST /v1/webhook-endpoints/:id/signing-secret-rotations': 'webhookEndpoints:update',
  'POST /v1/webhook-endpoints/:id/test-notifications': 'webhookEndpoints:update',
  'GET /v1/webhook-endpoints/:id/notifications': 'webhookNotifications:read',
  'POST /v1/webhook-endpoints/:id/notifications/resends': 'webhookEndpoints:update',
  'GET /v1/webhook-endpoints/:id/notifications/:notificationId/attempts':
    'webhookNotifications:read',
}

// Table keys are Hono patterns; one trailing slash is optional (the refund routes take both).
export function routeKey(method: string, honoPath: string): string {
  return `${method} ${honoPath.length > 1 ? honoPath.replace(/\/$/, '') : honoPath}`
}

const COMPILED = Object.entries(API_KEY_ROUTE_PERMISSIONS).map(([key, permission]) => {
  const [method, path] = key.split(' ') as [string, string]
  const source = path.replace(/[.*+?^${}()|[\]\\]/g, '\\$&').replace(/:[A-Za-z]+/g, '[^/]+')
  return { method, pattern: new RegExp(`^${source}/?$`), permission }
})

// The row for a request: undefined when the table has none, null for a route keys cannot call.
export function requiredApiKeyPermission(method: string, path: string): string | null | undefined {
  const verb = method === 'HEAD' ? 'GET' : method
  return COMPILED.find((r) => r.method === verb && r.pattern.test(path))?.permission
}

export function missingPermissionMessage(permission: string): string {
  return `Missing permission: ${permission}`
}

// Default deny: an API key reaches only routes that declare a permission, and only if it holds it.
export function assertApiKeyMayCall(method: string, path: string, permissions: string[]): void {
  const needed = requiredApiKeyPermission(method, path)
  if (!needed) throw forbidden('API keys cannot use this endpoint', 'api_key_not_permitted')
  if (!permissions.includes(needed)) {
    throw forbidden(missingPermissionMessage(needed), 'insufficient_permissions')
  }
}
