// Who may use Developer Tools (API keys, webhook endpoints) and for which account.
import type { Context } from 'hono'
import { requireAccess } from '../auth/access'
import type { AppEnv } from '../context'
import { forbidden } from '../errors'
import { requirePerspective } from '../middleware/perspective'

// The perspective account, once the Developer Tools rule (owner and manager, docs/roles.md#developer-tools) allows the caller.
export async function requireDeveloperAccount(c: Context<AppEnv>): Promise<string> {
  const submerchantId = requirePerspective(c)
  await requireAccess(c, 'canUseDeveloperTools')
  return submerchantId
}

// A create payload names its account; it must be the one the call acts for.
export function assertPayloadAccount(submerchantId: string, payloadSubmerchantId: string): void {
  if (payloadSubmerchantId !== submerchantId) {
    throw forbidden('submerchantId must be the account in Token-Perspective', 'invalid_perspective')
  }
}
