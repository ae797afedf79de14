import { eq } from 'drizzle-orm'
import type { Context } from 'hono'
import { ROLES, type Role } from '@/api/schema/common'
import type { EventType } from '@/api/schema/event-values'
import {
  accessFor,
  checkAccess,
  eventRule,
  type Access,
  type AccessAccount,
  type AccessRule,
  type AccessSubject,
} from '@/policy/access'
import type { AppEnv } from '../context'
import type { Db } from '../db/client'
import { submerchants } from '../db/schema/core'
import { conflict, forbidden } from '../errors'
import { requireAuth } from '../middleware/auth'
import { requirePerspective } from '../middleware/perspective'
import { findMembership } from './memberships'

// One lookup per request, however many rules a handler checks.
const subjects = new WeakMap<Request, Promise<AccessSubject>>()

async function loadSubject(c: Context<AppEnv>): Promise<AccessSubject> {
  const submerchantId = requirePerspective(c)
  const auth = requireAuth(c)
  const db = c.get('deps').db.db
  // An API key acts with its creator's role in its account, so a key never outdoes the person.
  const role =
    auth.via === 'api_key'
      ? ((await findMembership(db, auth.userId, submerchantId))?.role ?? null)
      : auth.role
  const account = await accessAccountOf(db, submerchantId)
  return { role, account }
}

// The account as the policy judges it, in one query; null for an unknown id.
export async function accessAccountOf(
  db: Db,
  submerchantId: string,
): Promise<AccessAccount | null> {
  const [account] = await db
    .select({
      id: submerchants.id,
      operatorId: submerchants.operatorId,
      finaroId: submerchants.finaroId,
    })
    .from(submerchants)
    .where(eq(submerchants.id, submerchantId))
  return account ?? null
}

// The roles whose members pass the rule in this account: for judging every member at once (who
// gets a push) with the policy's own rule, once per role rather than once per person.
export function rolesPassing(rule: AccessRule, account: AccessAccount): Role[] {
  return ROLES.filter((role) => checkAccess(rule, { role, account }).allowed)
}

// Whom the role rules (docs/roles.md) judge in this request: the caller's role in the perspective account and that account.
export function accessSubjectFor(c: Context<AppEnv>): Promise<AccessSubject> {
  let subject = subjects.get(c.req.raw)
  if (!subject) {
    subject = loadSubject(c)
    subjects.set(c.req.raw, subject)
  }
  return subject
}

// Every policy answer for this request (e.g. requiresJobNumber for payment-link validation).
export async function accessForRequest(c: Context<AppEnv>): Promise<Access> {
  return accessFor(await accessSubjectFor(c))
}

// Refuses the request with 403 and the policy's message (docs/roles.md) unless the rule allows it.
export async function requireAccess(c: Context<AppEnv>, rule: AccessRule): Promise<void> {
  const result = checkAccess(rule, await accessSubjectFor(c))
  if (!result.allowed) throw forbidden(result.message, 'insufficient_role')
}

// Every named event type must be one the caller may see (docs/events.md#who-sees-what): a type with
// a role rule is refused as that rule's own list refuses it (payout.* as GET /v1/payouts does).
export async function requireEventAccess(
  c: Context<AppEnv>,
  types: readonly EventType[],
): Promise<void> {
  const rules = new Set(types.map(eventRule).filter((rule) => rule !== null))
  for (const rule of rules) await requireAccess(c, rule)
}

export const NOT_ENROLLED_MESSAGE = 'This account is not enrolled for payment links yet'

// Payment-link routes need an enrolled account (finaroId, docs/roles.md#payment-links); 409 because enrolling fixes it.
export async function requireEnrolled(c: Context<AppEnv>): Promise<void> {
  if ((await accessForRequest(c)).needsEnrollment) {
    throw conflict(NOT_ENROLLED_MESSAGE, 'not_enrolled')
  }
}
