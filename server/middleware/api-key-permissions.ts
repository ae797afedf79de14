import { forbidden } from '../errors'

// The permission (SPEC §3 resource:operation) each API-key-reachable route needs; any other route refuses API keys.
const API_KEY_ROUTES: { method: string; pattern: RegExp; permission: string }[] = [
  { method: 'GET', pattern: /^\/v1\/sales\/?$/, permission: 'sales:read' },
  { method: 'GET', pattern: /^\/v1\/sales\/[^/]+\/?$/, permission: 'sales:read' },
  // Refund requests act on a sale; the key's creator's §6 refund rule still applies.
  { method: 'GET', pattern: /^\/v1\/sales\/[^/]+\/refund-requests\/?$/, permission: 'sales:read' },
  {
    method: 'POST',
    pattern: /^\/v1\/sales\/[^/]+\/refund-requests\/?$/,
    permission: 'sales:update',
  },
  {
    method: 'PATCH',
    pattern: /^\/v1\/sales\/[^/]+\/refund-requests\/[^/]+\/?$/,
    permission: 'sales:update',
  },
  {
    method: 'DELETE',
    pattern: /^\/v1\/sales\/[^/]+\/refund-requests\/[^/]+\/?$/,
    permission: 'sales:update',
  },
  {
    method: 'GET',
    pattern: /^\/v1\/balance-transactions(?:\/[^/]+)?\/?$/,
    permission: 'balanceTransactions:read',
  },
  { method: 'GET', pattern: /^\/v1\/terminals\/[^/]+\/?$/, permission: 'terminals:read' },
  { method: 'GET', pattern: /^\/v1\/terminals\/?$/, permission: 'terminals:read' },
  { method: 'GET', pattern: /^\/v1\/intents\/?$/, permission: 'intents:read' },
  { method: 'GET', pattern: /^\/v1\/intents\/[^/]+\/?$/, permission: 'intents:read' },
  { method: 'POST', pattern: /^\/v1\/intents\/?$/, permission: 'intents:create' },
  { method: 'PATCH', pattern: /^\/v1\/intents\/[^/]+\/?$/, permission: 'intents:update' },
  {
    method: 'PUT',
    pattern: /^\/v1\/intents\/[^/]+\/(?:cancellation|reset|authorization\/capture)\/?$/,
    permission: 'intents:update',
  },
  {
    method: 'POST',
    pattern: /^\/v1\/intents\/[^/]+\/customer-notifications\/?$/,
    permission: 'intents:update',
  },
  { method: 'DELETE', pattern: /^\/v1\/intents\/[^/]+\/?$/, permission: 'intents:delete' },
  { method: 'GET', pattern: /^\/v1\/submerchants\/?$/, permission: 'submerchants:read' },
  { method: 'GET', pattern: /^\/v1\/submerchants\/[^/]+\/?$/, permission: 'submerchants:read' },
]

export function requiredApiKeyPermission(method: string, path: string): string | null {
  const verb = method === 'HEAD' ? 'GET' : method
  return API_KEY_ROUTES.find((r) => r.method === verb && r.pattern.test(path))?.permission ?? null
}

// Default deny: an API key reaches only routes that declare a permission, and only if it holds it.
export function assertApiKeyMayCall(method: string, path: string, permissions: string[]): void {
  const needed = requiredApiKeyPermission(method, path)
  if (!needed) throw forbidden('API keys cannot use this endpoint', 'api_key_not_permitted')
  if (!permissions.includes(needed)) {
    throw forbidden(`API key lacks the ${needed} permission`, 'insufficient_permissions')
  }
}
