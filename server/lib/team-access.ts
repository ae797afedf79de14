// Who may manage an account's team (docs/roles.md#team): the account in the path must be the one
// the call acts for, and the policy's rules decide the rest.
import type { Context } from 'hono'
import type { Role } from '@/api/schema/common'
import { canInviteAs, type AccessRule } from '@/policy/access'
import { accessSubjectFor, requireAccess } from '../auth/access'
import type { AppEnv } from '../context'
import { forbidden } from '../errors'
import { requirePerspective } from '../middleware/perspective'

export const INVITE_DENIED = 'Insufficient privileges'

// The path's account once it is the perspective account and the rule (if any) allows the caller.
export async function requireTeamAccount(
  c: Context<AppEnv>,
  rule: AccessRule | null,
): Promise<string> {
  const submerchantId = requirePerspective(c)
  if (c.req.param('id') !== submerchantId) {
    throw forbidden('Not permitted for this account', 'invalid_perspective')
  }
  if (rule) await requireAccess(c, rule)
  return submerchantId
}

// Owners invite any role, managers managers and viewers (also for a resend or a revoke).
export async function requireInviteAs(c: Context<AppEnv>, role: Role): Promise<void> {
  if (!canInviteAs(await accessSubjectFor(c), role)) {
    throw forbidden(INVITE_DENIED, 'insufficient_role')
  }
}
